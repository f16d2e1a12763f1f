package nemo.lens.sdk;

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
 * Hands out meters whose instruments come from the target of their {@link SwitchableTelemetry}
 * when they are built: an instrument built before a switch stays with the target it was built on,
 * so instruments are best built where they are used, or again after a switch.
 */
final class FollowingMeterProvider implements MeterProvider {

	private final SwitchableTelemetry owner;

	FollowingMeterProvider(SwitchableTelemetry owner) {
		this.owner = owner;
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
			return new FollowingMeter(new Followed<>(FollowingMeterProvider.this.owner, this.scope::meter));
		}

	}

	private static final class FollowingMeter implements Meter {

		private final Followed<Meter> meter;

		FollowingMeter(Followed<Meter> meter) {
			this.meter = meter;
		}

		@Override
		public LongCounterBuilder counterBuilder(String name) {
			return this.meter.get().counterBuilder(name);
		}

		@Override
		public LongUpDownCounterBuilder upDownCounterBuilder(String name) {
			return this.meter.get().upDownCounterBuilder(name);
		}

		@Override
		public DoubleHistogramBuilder histogramBuilder(String name) {
			return this.meter.get().histogramBuilder(name);
		}

		@Override
		public DoubleGaugeBuilder gaugeBuilder(String name) {
			return this.meter.get().gaugeBuilder(name);
		}

		@Override
		public BatchCallback batchCallback(Runnable callback, ObservableMeasurement observableMeasurement,
				ObservableMeasurement... additionalMeasurements) {
			return this.meter.get().batchCallback(callback, observableMeasurement, additionalMeasurements);
		}

	}

}
