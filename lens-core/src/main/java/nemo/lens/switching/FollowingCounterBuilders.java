package nemo.lens.switching;

import java.util.function.Consumer;
import java.util.function.Function;

import io.opentelemetry.api.metrics.DoubleCounter;
import io.opentelemetry.api.metrics.DoubleCounterBuilder;
import io.opentelemetry.api.metrics.DoubleUpDownCounter;
import io.opentelemetry.api.metrics.DoubleUpDownCounterBuilder;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.LongCounterBuilder;
import io.opentelemetry.api.metrics.LongUpDownCounter;
import io.opentelemetry.api.metrics.LongUpDownCounterBuilder;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.metrics.ObservableDoubleCounter;
import io.opentelemetry.api.metrics.ObservableDoubleMeasurement;
import io.opentelemetry.api.metrics.ObservableDoubleUpDownCounter;
import io.opentelemetry.api.metrics.ObservableLongCounter;
import io.opentelemetry.api.metrics.ObservableLongMeasurement;
import io.opentelemetry.api.metrics.ObservableLongUpDownCounter;

/**
 * Counter builders of a following meter: each keeps what it was told as a recipe that builds the
 * same counter on any target, so the counter can be built again after a switch.
 */
final class FollowingCounterBuilders {

	private FollowingCounterBuilders() {
	}

	static final class LongCounters implements LongCounterBuilder {

		private final InstrumentSource source;

		private Function<Meter, LongCounterBuilder> recipe;

		LongCounters(InstrumentSource source, String name) {
			this.source = source;
			this.recipe = (meter) -> meter.counterBuilder(name);
		}

		@Override
		public LongCounterBuilder setDescription(String description) {
			this.recipe = this.recipe.andThen((builder) -> builder.setDescription(description));
			return this;
		}

		@Override
		public LongCounterBuilder setUnit(String unit) {
			this.recipe = this.recipe.andThen((builder) -> builder.setUnit(unit));
			return this;
		}

		@Override
		public DoubleCounterBuilder ofDoubles() {
			return new DoubleCounters(this.source, this.recipe.andThen(LongCounterBuilder::ofDoubles));
		}

		@Override
		public LongCounter build() {
			Function<Meter, LongCounterBuilder> recipe = this.recipe;
			return new FollowingInstruments.LongCounterOf(this.source.follow((meter) -> recipe.apply(meter).build()));
		}

		@Override
		public ObservableLongCounter buildWithCallback(Consumer<ObservableLongMeasurement> callback) {
			Function<Meter, LongCounterBuilder> recipe = this.recipe;
			return this.source.observe((meter) -> recipe.apply(meter).buildWithCallback(callback));
		}

		@Override
		public ObservableLongMeasurement buildObserver() {
			Function<Meter, LongCounterBuilder> recipe = this.recipe;
			return new FollowingInstruments.LongObserver(this.source.follow((meter) -> recipe.apply(meter).buildObserver()));
		}

	}

	static final class DoubleCounters implements DoubleCounterBuilder {

		private final InstrumentSource source;

		private Function<Meter, DoubleCounterBuilder> recipe;

		DoubleCounters(InstrumentSource source, Function<Meter, DoubleCounterBuilder> recipe) {
			this.source = source;
			this.recipe = recipe;
		}

		@Override
		public DoubleCounterBuilder setDescription(String description) {
			this.recipe = this.recipe.andThen((builder) -> builder.setDescription(description));
			return this;
		}

		@Override
		public DoubleCounterBuilder setUnit(String unit) {
			this.recipe = this.recipe.andThen((builder) -> builder.setUnit(unit));
			return this;
		}

		@Override
		public DoubleCounter build() {
			Function<Meter, DoubleCounterBuilder> recipe = this.recipe;
			return new FollowingInstruments.DoubleCounterOf(this.source.follow((meter) -> recipe.apply(meter).build()));
		}

		@Override
		public ObservableDoubleCounter buildWithCallback(Consumer<ObservableDoubleMeasurement> callback) {
			Function<Meter, DoubleCounterBuilder> recipe = this.recipe;
			return this.source.observe((meter) -> recipe.apply(meter).buildWithCallback(callback));
		}

		@Override
		public ObservableDoubleMeasurement buildObserver() {
			Function<Meter, DoubleCounterBuilder> recipe = this.recipe;
			return new FollowingInstruments.DoubleObserver(
					this.source.follow((meter) -> recipe.apply(meter).buildObserver()));
		}

	}

	static final class LongUpDownCounters implements LongUpDownCounterBuilder {

		private final InstrumentSource source;

		private Function<Meter, LongUpDownCounterBuilder> recipe;

		LongUpDownCounters(InstrumentSource source, String name) {
			this.source = source;
			this.recipe = (meter) -> meter.upDownCounterBuilder(name);
		}

		@Override
		public LongUpDownCounterBuilder setDescription(String description) {
			this.recipe = this.recipe.andThen((builder) -> builder.setDescription(description));
			return this;
		}

		@Override
		public LongUpDownCounterBuilder setUnit(String unit) {
			this.recipe = this.recipe.andThen((builder) -> builder.setUnit(unit));
			return this;
		}

		@Override
		public DoubleUpDownCounterBuilder ofDoubles() {
			return new DoubleUpDownCounters(this.source, this.recipe.andThen(LongUpDownCounterBuilder::ofDoubles));
		}

		@Override
		public LongUpDownCounter build() {
			Function<Meter, LongUpDownCounterBuilder> recipe = this.recipe;
			return new FollowingInstruments.LongUpDownCounterOf(
					this.source.follow((meter) -> recipe.apply(meter).build()));
		}

		@Override
		public ObservableLongUpDownCounter buildWithCallback(Consumer<ObservableLongMeasurement> callback) {
			Function<Meter, LongUpDownCounterBuilder> recipe = this.recipe;
			return this.source.observe((meter) -> recipe.apply(meter).buildWithCallback(callback));
		}

		@Override
		public ObservableLongMeasurement buildObserver() {
			Function<Meter, LongUpDownCounterBuilder> recipe = this.recipe;
			return new FollowingInstruments.LongObserver(this.source.follow((meter) -> recipe.apply(meter).buildObserver()));
		}

	}

	static final class DoubleUpDownCounters implements DoubleUpDownCounterBuilder {

		private final InstrumentSource source;

		private Function<Meter, DoubleUpDownCounterBuilder> recipe;

		DoubleUpDownCounters(InstrumentSource source, Function<Meter, DoubleUpDownCounterBuilder> recipe) {
			this.source = source;
			this.recipe = recipe;
		}

		@Override
		public DoubleUpDownCounterBuilder setDescription(String description) {
			this.recipe = this.recipe.andThen((builder) -> builder.setDescription(description));
			return this;
		}

		@Override
		public DoubleUpDownCounterBuilder setUnit(String unit) {
			this.recipe = this.recipe.andThen((builder) -> builder.setUnit(unit));
			return this;
		}

		@Override
		public DoubleUpDownCounter build() {
			Function<Meter, DoubleUpDownCounterBuilder> recipe = this.recipe;
			return new FollowingInstruments.DoubleUpDownCounterOf(
					this.source.follow((meter) -> recipe.apply(meter).build()));
		}

		@Override
		public ObservableDoubleUpDownCounter buildWithCallback(Consumer<ObservableDoubleMeasurement> callback) {
			Function<Meter, DoubleUpDownCounterBuilder> recipe = this.recipe;
			return this.source.observe((meter) -> recipe.apply(meter).buildWithCallback(callback));
		}

		@Override
		public ObservableDoubleMeasurement buildObserver() {
			Function<Meter, DoubleUpDownCounterBuilder> recipe = this.recipe;
			return new FollowingInstruments.DoubleObserver(
					this.source.follow((meter) -> recipe.apply(meter).buildObserver()));
		}

	}

}
