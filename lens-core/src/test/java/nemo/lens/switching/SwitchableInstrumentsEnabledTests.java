package nemo.lens.switching;

import java.util.function.Function;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.metrics.DoubleCounter;
import io.opentelemetry.api.metrics.DoubleGauge;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.DoubleUpDownCounter;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.LongGauge;
import io.opentelemetry.api.metrics.LongHistogram;
import io.opentelemetry.api.metrics.LongUpDownCounter;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.Aggregation;
import io.opentelemetry.sdk.metrics.InstrumentSelector;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.SdkMeterProviderBuilder;
import io.opentelemetry.sdk.metrics.View;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every kind of synchronous instrument, built before a switch, answers {@code isEnabled} as the
 * instrument of the target in force answers it. Skipped where the API on the class path has no
 * such question (the default line's); run on Boot 4.1's.
 */
class SwitchableInstrumentsEnabledTests {

	private final OpenTelemetrySdk sdk = sdk(SdkMeterProvider.builder());

	private final OpenTelemetrySdk droppingSdk = sdk(SdkMeterProvider.builder()
		.registerView(InstrumentSelector.builder().setName("*").build(),
				View.builder().setAggregation(Aggregation.drop()).build()));

	private final SwitchableTelemetry telemetry = new SwitchableTelemetry(OpenTelemetry.noop());

	private final Meter meter = this.telemetry.getMeter("library");

	@AfterEach
	void close() {
		this.sdk.close();
		this.droppingSdk.close();
	}

	private static OpenTelemetrySdk sdk(SdkMeterProviderBuilder meterProvider) {
		return OpenTelemetrySdk.builder()
			.setMeterProvider(meterProvider.registerMetricReader(InMemoryMetricReader.create()).build())
			.build();
	}

	@ParameterizedTest
	@EnumSource
	void anInstrumentOfASilentRankIsNotEnabled(Kind kind) {
		ReflectedIsEnabled enabled = kind.enabled();
		assertThat(enabled.ask(kind.build(this.meter))).isFalse();
	}

	@ParameterizedTest
	@EnumSource
	void anInstrumentBuiltWhileSilentIsEnabledOnceTheRankIsSwitchedToAnSdk(Kind kind) {
		ReflectedIsEnabled enabled = kind.enabled();
		Object instrument = kind.build(this.meter);
		this.telemetry.switchTo(this.sdk);
		assertThat(enabled.ask(instrument)).isTrue();
	}

	@ParameterizedTest
	@EnumSource
	void anInstrumentIsNotEnabledOnceTheRankIsSwitchedBackToSilent(Kind kind) {
		ReflectedIsEnabled enabled = kind.enabled();
		Object instrument = kind.build(this.meter);
		this.telemetry.switchTo(this.sdk);
		this.telemetry.switchTo(OpenTelemetry.noop());
		assertThat(enabled.ask(instrument)).isFalse();
	}

	@ParameterizedTest
	@EnumSource
	void anInstrumentIsNotEnabledOnAnSdkThatDropsIt(Kind kind) {
		ReflectedIsEnabled enabled = kind.enabled();
		Object instrument = kind.build(this.meter);
		this.telemetry.switchTo(this.droppingSdk);
		assertThat(enabled.ask(instrument)).isFalse();
	}

	/** The synchronous instruments of the API, each with how a meter builds one. */
	enum Kind {

		LONG_COUNTER(LongCounter.class, (meter) -> meter.counterBuilder("long.counter").build()),

		DOUBLE_COUNTER(DoubleCounter.class, (meter) -> meter.counterBuilder("double.counter").ofDoubles().build()),

		LONG_UP_DOWN_COUNTER(LongUpDownCounter.class, (meter) -> meter.upDownCounterBuilder("long.updown").build()),

		DOUBLE_UP_DOWN_COUNTER(DoubleUpDownCounter.class,
				(meter) -> meter.upDownCounterBuilder("double.updown").ofDoubles().build()),

		LONG_HISTOGRAM(LongHistogram.class, (meter) -> meter.histogramBuilder("long.histogram").ofLongs().build()),

		DOUBLE_HISTOGRAM(DoubleHistogram.class, (meter) -> meter.histogramBuilder("double.histogram").build()),

		LONG_GAUGE(LongGauge.class, (meter) -> meter.gaugeBuilder("long.gauge").ofLongs().build()),

		DOUBLE_GAUGE(DoubleGauge.class, (meter) -> meter.gaugeBuilder("double.gauge").build());

		private final Class<?> type;

		private final Function<Meter, Object> build;

		Kind(Class<?> type, Function<Meter, Object> build) {
			this.type = type;
			this.build = build;
		}

		ReflectedIsEnabled enabled() {
			return ReflectedIsEnabled.of(this.type);
		}

		Object build(Meter meter) {
			return this.build.apply(meter);
		}

	}

}
