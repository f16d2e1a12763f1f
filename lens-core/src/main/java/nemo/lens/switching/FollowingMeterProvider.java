package nemo.lens.switching;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.metrics.BatchCallback;
import io.opentelemetry.api.metrics.DoubleGaugeBuilder;
import io.opentelemetry.api.metrics.DoubleHistogramBuilder;
import io.opentelemetry.api.metrics.LongCounterBuilder;
import io.opentelemetry.api.metrics.LongUpDownCounterBuilder;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.metrics.MeterBuilder;
import io.opentelemetry.api.metrics.MeterProvider;
import io.opentelemetry.api.metrics.ObservableMeasurement;

/**
 * Hands out meters whose instruments follow the switches of their {@link SwitchableTelemetry}: an
 * instrument built while the rank was silent records into the exporting SDK once the rank is
 * switched on, and an asynchronous one is observed there, without being built again.
 */
final class FollowingMeterProvider implements MeterProvider {

	private final CurrentTarget current;

	FollowingMeterProvider(CurrentTarget current) {
		this.current = current;
	}

	@Override
	public MeterBuilder meterBuilder(String instrumentationScopeName) {
		return new Builder(new InstrumentationScope(instrumentationScopeName, null, null));
	}

	private final class Builder implements MeterBuilder {

		private InstrumentationScope scope;

		Builder(InstrumentationScope scope) {
			this.scope = scope;
		}

		@Override
		public MeterBuilder setSchemaUrl(String schemaUrl) {
			this.scope = this.scope.withSchemaUrl(schemaUrl);
			return this;
		}

		@Override
		public MeterBuilder setInstrumentationVersion(String instrumentationScopeVersion) {
			this.scope = this.scope.withVersion(instrumentationScopeVersion);
			return this;
		}

		@Override
		public Meter build() {
			return new FollowingMeter(new InstrumentSource(FollowingMeterProvider.this.current, this.scope));
		}

	}

	/**
	 * A meter whose instruments follow the switches: each builder keeps a recipe that builds its
	 * instrument again on a new target.
	 */
	private static final class FollowingMeter implements Meter {

		private final InstrumentSource source;

		FollowingMeter(InstrumentSource source) {
			this.source = source;
		}

		@Override
		public LongCounterBuilder counterBuilder(String name) {
			return new FollowingCounterBuilders.LongCounters(this.source, name);
		}

		@Override
		public LongUpDownCounterBuilder upDownCounterBuilder(String name) {
			return new FollowingCounterBuilders.LongUpDownCounters(this.source, name);
		}

		@Override
		public DoubleHistogramBuilder histogramBuilder(String name) {
			return new FollowingGaugeAndHistogramBuilders.DoubleHistograms(this.source, name);
		}

		@Override
		public DoubleGaugeBuilder gaugeBuilder(String name) {
			return new FollowingGaugeAndHistogramBuilders.DoubleGauges(this.source, name);
		}

		@Override
		public BatchCallback batchCallback(Runnable callback, ObservableMeasurement observableMeasurement,
				ObservableMeasurement... additionalMeasurements) {
			return this.source.current().observe((target) -> {
				ObservableMeasurement[] additional = new ObservableMeasurement[additionalMeasurements.length];
				for (int i = 0; i < additional.length; i++) {
					additional[i] = onTarget(additionalMeasurements[i], target);
				}
				return this.source.meter(target).batchCallback(callback, onTarget(observableMeasurement, target), additional);
			});
		}

		/**
		 * The target's own observer behind one of ours, which the target's batch callback must be
		 * given; an observer from elsewhere is passed on as it is.
		 */
		private static ObservableMeasurement onTarget(ObservableMeasurement measurement, OpenTelemetry target) {
			if (measurement instanceof FollowingInstruments.LongObserver observer) {
				return observer.observer().getFor(target);
			}
			if (measurement instanceof FollowingInstruments.DoubleObserver observer) {
				return observer.observer().getFor(target);
			}
			return measurement;
		}

	}

}
