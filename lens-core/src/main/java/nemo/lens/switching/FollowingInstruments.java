package nemo.lens.switching;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.DoubleCounter;
import io.opentelemetry.api.metrics.DoubleGauge;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.DoubleUpDownCounter;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.LongGauge;
import io.opentelemetry.api.metrics.LongHistogram;
import io.opentelemetry.api.metrics.LongUpDownCounter;
import io.opentelemetry.api.metrics.ObservableDoubleMeasurement;
import io.opentelemetry.api.metrics.ObservableLongMeasurement;
import io.opentelemetry.context.Context;

/**
 * Synchronous instruments and observers that record into the same instrument on whatever their
 * {@link SwitchableTelemetry} targets: one volatile read and a comparison per measurement. Each
 * synchronous instrument answers {@code isEnabled()} as the target's instrument does; the method has
 * no {@code @Override}, as the API the library is compiled against has none, and newer ones add it as
 * a default method that it overrides.
 */
final class FollowingInstruments {

	private FollowingInstruments() {
	}

	record LongCounterOf(Followed<LongCounter> instrument) implements LongCounter {

		private static final EnabledQuestion ENABLED = EnabledQuestion.of(LongCounter.class);

		@Override
		public void add(long value) {
			this.instrument.get().add(value);
		}

		@Override
		public void add(long value, Attributes attributes) {
			this.instrument.get().add(value, attributes);
		}

		@Override
		public void add(long value, Attributes attributes, Context context) {
			this.instrument.get().add(value, attributes, context);
		}

		public boolean isEnabled() {
			return ENABLED.ask(this.instrument.get());
		}

	}

	record DoubleCounterOf(Followed<DoubleCounter> instrument) implements DoubleCounter {

		private static final EnabledQuestion ENABLED = EnabledQuestion.of(DoubleCounter.class);

		@Override
		public void add(double value) {
			this.instrument.get().add(value);
		}

		@Override
		public void add(double value, Attributes attributes) {
			this.instrument.get().add(value, attributes);
		}

		@Override
		public void add(double value, Attributes attributes, Context context) {
			this.instrument.get().add(value, attributes, context);
		}

		public boolean isEnabled() {
			return ENABLED.ask(this.instrument.get());
		}

	}

	record LongUpDownCounterOf(Followed<LongUpDownCounter> instrument) implements LongUpDownCounter {

		private static final EnabledQuestion ENABLED = EnabledQuestion.of(LongUpDownCounter.class);

		@Override
		public void add(long value) {
			this.instrument.get().add(value);
		}

		@Override
		public void add(long value, Attributes attributes) {
			this.instrument.get().add(value, attributes);
		}

		@Override
		public void add(long value, Attributes attributes, Context context) {
			this.instrument.get().add(value, attributes, context);
		}

		public boolean isEnabled() {
			return ENABLED.ask(this.instrument.get());
		}

	}

	record DoubleUpDownCounterOf(Followed<DoubleUpDownCounter> instrument) implements DoubleUpDownCounter {

		private static final EnabledQuestion ENABLED = EnabledQuestion.of(DoubleUpDownCounter.class);

		@Override
		public void add(double value) {
			this.instrument.get().add(value);
		}

		@Override
		public void add(double value, Attributes attributes) {
			this.instrument.get().add(value, attributes);
		}

		@Override
		public void add(double value, Attributes attributes, Context context) {
			this.instrument.get().add(value, attributes, context);
		}

		public boolean isEnabled() {
			return ENABLED.ask(this.instrument.get());
		}

	}

	record DoubleHistogramOf(Followed<DoubleHistogram> instrument) implements DoubleHistogram {

		private static final EnabledQuestion ENABLED = EnabledQuestion.of(DoubleHistogram.class);

		@Override
		public void record(double value) {
			this.instrument.get().record(value);
		}

		@Override
		public void record(double value, Attributes attributes) {
			this.instrument.get().record(value, attributes);
		}

		@Override
		public void record(double value, Attributes attributes, Context context) {
			this.instrument.get().record(value, attributes, context);
		}

		public boolean isEnabled() {
			return ENABLED.ask(this.instrument.get());
		}

	}

	record LongHistogramOf(Followed<LongHistogram> instrument) implements LongHistogram {

		private static final EnabledQuestion ENABLED = EnabledQuestion.of(LongHistogram.class);

		@Override
		public void record(long value) {
			this.instrument.get().record(value);
		}

		@Override
		public void record(long value, Attributes attributes) {
			this.instrument.get().record(value, attributes);
		}

		@Override
		public void record(long value, Attributes attributes, Context context) {
			this.instrument.get().record(value, attributes, context);
		}

		public boolean isEnabled() {
			return ENABLED.ask(this.instrument.get());
		}

	}

	record DoubleGaugeOf(Followed<DoubleGauge> instrument) implements DoubleGauge {

		private static final EnabledQuestion ENABLED = EnabledQuestion.of(DoubleGauge.class);

		@Override
		public void set(double value) {
			this.instrument.get().set(value);
		}

		@Override
		public void set(double value, Attributes attributes) {
			this.instrument.get().set(value, attributes);
		}

		@Override
		public void set(double value, Attributes attributes, Context context) {
			this.instrument.get().set(value, attributes, context);
		}

		public boolean isEnabled() {
			return ENABLED.ask(this.instrument.get());
		}

	}

	record LongGaugeOf(Followed<LongGauge> instrument) implements LongGauge {

		private static final EnabledQuestion ENABLED = EnabledQuestion.of(LongGauge.class);

		@Override
		public void set(long value) {
			this.instrument.get().set(value);
		}

		@Override
		public void set(long value, Attributes attributes) {
			this.instrument.get().set(value, attributes);
		}

		@Override
		public void set(long value, Attributes attributes, Context context) {
			this.instrument.get().set(value, attributes, context);
		}

		public boolean isEnabled() {
			return ENABLED.ask(this.instrument.get());
		}

	}

	/**
	 * An observer for a batch callback: the callback records into it, and it into the observer of
	 * the target the callback is registered on.
	 */
	record LongObserver(Followed<ObservableLongMeasurement> observer) implements ObservableLongMeasurement {

		@Override
		public void record(long value) {
			this.observer.get().record(value);
		}

		@Override
		public void record(long value, Attributes attributes) {
			this.observer.get().record(value, attributes);
		}

	}

	/** The {@code double} counterpart of {@link LongObserver}. */
	record DoubleObserver(Followed<ObservableDoubleMeasurement> observer) implements ObservableDoubleMeasurement {

		@Override
		public void record(double value) {
			this.observer.get().record(value);
		}

		@Override
		public void record(double value, Attributes attributes) {
			this.observer.get().record(value, attributes);
		}

	}

}
