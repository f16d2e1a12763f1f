package nemo.lens.switching;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

import io.opentelemetry.api.metrics.DoubleGauge;
import io.opentelemetry.api.metrics.DoubleGaugeBuilder;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.DoubleHistogramBuilder;
import io.opentelemetry.api.metrics.LongGauge;
import io.opentelemetry.api.metrics.LongGaugeBuilder;
import io.opentelemetry.api.metrics.LongHistogram;
import io.opentelemetry.api.metrics.LongHistogramBuilder;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.metrics.ObservableDoubleGauge;
import io.opentelemetry.api.metrics.ObservableDoubleMeasurement;
import io.opentelemetry.api.metrics.ObservableLongGauge;
import io.opentelemetry.api.metrics.ObservableLongMeasurement;

/**
 * Gauge and histogram builders of a following meter, kept as recipes like
 * {@link FollowingCounterBuilders}.
 */
final class FollowingGaugeAndHistogramBuilders {

	private FollowingGaugeAndHistogramBuilders() {
	}

	static final class DoubleGauges implements DoubleGaugeBuilder {

		private final InstrumentSource source;

		private Function<Meter, DoubleGaugeBuilder> recipe;

		DoubleGauges(InstrumentSource source, String name) {
			this.source = source;
			this.recipe = (meter) -> meter.gaugeBuilder(name);
		}

		@Override
		public DoubleGaugeBuilder setDescription(String description) {
			this.recipe = this.recipe.andThen((builder) -> builder.setDescription(description));
			return this;
		}

		@Override
		public DoubleGaugeBuilder setUnit(String unit) {
			this.recipe = this.recipe.andThen((builder) -> builder.setUnit(unit));
			return this;
		}

		@Override
		public LongGaugeBuilder ofLongs() {
			return new LongGauges(this.source, this.recipe.andThen(DoubleGaugeBuilder::ofLongs));
		}

		@Override
		public DoubleGauge build() {
			Function<Meter, DoubleGaugeBuilder> recipe = this.recipe;
			return new FollowingInstruments.DoubleGaugeOf(this.source.follow((meter) -> recipe.apply(meter).build()));
		}

		@Override
		public ObservableDoubleGauge buildWithCallback(Consumer<ObservableDoubleMeasurement> callback) {
			Function<Meter, DoubleGaugeBuilder> recipe = this.recipe;
			return this.source.observe((meter) -> recipe.apply(meter).buildWithCallback(callback));
		}

		@Override
		public ObservableDoubleMeasurement buildObserver() {
			Function<Meter, DoubleGaugeBuilder> recipe = this.recipe;
			return new FollowingInstruments.DoubleObserver(
					this.source.follow((meter) -> recipe.apply(meter).buildObserver()));
		}

	}

	static final class LongGauges implements LongGaugeBuilder {

		private final InstrumentSource source;

		private Function<Meter, LongGaugeBuilder> recipe;

		LongGauges(InstrumentSource source, Function<Meter, LongGaugeBuilder> recipe) {
			this.source = source;
			this.recipe = recipe;
		}

		@Override
		public LongGaugeBuilder setDescription(String description) {
			this.recipe = this.recipe.andThen((builder) -> builder.setDescription(description));
			return this;
		}

		@Override
		public LongGaugeBuilder setUnit(String unit) {
			this.recipe = this.recipe.andThen((builder) -> builder.setUnit(unit));
			return this;
		}

		@Override
		public LongGauge build() {
			Function<Meter, LongGaugeBuilder> recipe = this.recipe;
			return new FollowingInstruments.LongGaugeOf(this.source.follow((meter) -> recipe.apply(meter).build()));
		}

		@Override
		public ObservableLongGauge buildWithCallback(Consumer<ObservableLongMeasurement> callback) {
			Function<Meter, LongGaugeBuilder> recipe = this.recipe;
			return this.source.observe((meter) -> recipe.apply(meter).buildWithCallback(callback));
		}

		@Override
		public ObservableLongMeasurement buildObserver() {
			Function<Meter, LongGaugeBuilder> recipe = this.recipe;
			return new FollowingInstruments.LongObserver(this.source.follow((meter) -> recipe.apply(meter).buildObserver()));
		}

	}

	static final class DoubleHistograms implements DoubleHistogramBuilder {

		private final InstrumentSource source;

		private Function<Meter, DoubleHistogramBuilder> recipe;

		DoubleHistograms(InstrumentSource source, String name) {
			this.source = source;
			this.recipe = (meter) -> meter.histogramBuilder(name);
		}

		@Override
		public DoubleHistogramBuilder setDescription(String description) {
			this.recipe = this.recipe.andThen((builder) -> builder.setDescription(description));
			return this;
		}

		@Override
		public DoubleHistogramBuilder setUnit(String unit) {
			this.recipe = this.recipe.andThen((builder) -> builder.setUnit(unit));
			return this;
		}

		@Override
		public DoubleHistogramBuilder setExplicitBucketBoundariesAdvice(List<Double> bucketBoundaries) {
			this.recipe = this.recipe.andThen((builder) -> builder.setExplicitBucketBoundariesAdvice(bucketBoundaries));
			return this;
		}

		@Override
		public LongHistogramBuilder ofLongs() {
			return new LongHistograms(this.source, this.recipe.andThen(DoubleHistogramBuilder::ofLongs));
		}

		@Override
		public DoubleHistogram build() {
			Function<Meter, DoubleHistogramBuilder> recipe = this.recipe;
			return new FollowingInstruments.DoubleHistogramOf(
					this.source.follow((meter) -> recipe.apply(meter).build()));
		}

	}

	static final class LongHistograms implements LongHistogramBuilder {

		private final InstrumentSource source;

		private Function<Meter, LongHistogramBuilder> recipe;

		LongHistograms(InstrumentSource source, Function<Meter, LongHistogramBuilder> recipe) {
			this.source = source;
			this.recipe = recipe;
		}

		@Override
		public LongHistogramBuilder setDescription(String description) {
			this.recipe = this.recipe.andThen((builder) -> builder.setDescription(description));
			return this;
		}

		@Override
		public LongHistogramBuilder setUnit(String unit) {
			this.recipe = this.recipe.andThen((builder) -> builder.setUnit(unit));
			return this;
		}

		@Override
		public LongHistogramBuilder setExplicitBucketBoundariesAdvice(List<Long> bucketBoundaries) {
			this.recipe = this.recipe.andThen((builder) -> builder.setExplicitBucketBoundariesAdvice(bucketBoundaries));
			return this;
		}

		@Override
		public LongHistogram build() {
			Function<Meter, LongHistogramBuilder> recipe = this.recipe;
			return new FollowingInstruments.LongHistogramOf(this.source.follow((meter) -> recipe.apply(meter).build()));
		}

	}

}
