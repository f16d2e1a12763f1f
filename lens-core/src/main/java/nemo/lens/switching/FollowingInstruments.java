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
 * {@link SwitchableTelemetry} targets: one volatile read and a comparison per measurement.
 */
final class FollowingInstruments {

	private FollowingInstruments() {
	}

	record LongCounterOf(Followed<LongCounter> instrument) implements LongCounter {

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

	}

	record DoubleCounterOf(Followed<DoubleCounter> instrument) implements DoubleCounter {

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

	}

	record LongUpDownCounterOf(Followed<LongUpDownCounter> instrument) implements LongUpDownCounter {

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

	}

	record DoubleUpDownCounterOf(Followed<DoubleUpDownCounter> instrument) implements DoubleUpDownCounter {

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

	}

	record DoubleHistogramOf(Followed<DoubleHistogram> instrument) implements DoubleHistogram {

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

	}

	record LongHistogramOf(Followed<LongHistogram> instrument) implements LongHistogram {

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

	}

	record DoubleGaugeOf(Followed<DoubleGauge> instrument) implements DoubleGauge {

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

	}

	record LongGaugeOf(Followed<LongGauge> instrument) implements LongGauge {

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
