package nemo.lens.switching;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.metrics.ObservableDoubleGauge;
import io.opentelemetry.api.metrics.ObservableLongMeasurement;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Instruments of a meter obtained before a switch follow it: built while the rank was silent, they
 * record into the SDK the rank is switched on to, without being built again.
 */
class SwitchableTelemetryMetricsTests {

	private final InMemoryMetricReader firstReader = InMemoryMetricReader.create();

	private final InMemoryMetricReader secondReader = InMemoryMetricReader.create();

	private final OpenTelemetrySdk first = sdk(this.firstReader);

	private final OpenTelemetrySdk second = sdk(this.secondReader);

	private final SwitchableTelemetry telemetry = new SwitchableTelemetry(OpenTelemetry.noop());

	private final Meter meter = this.telemetry.getMeter("library");

	@AfterEach
	void close() {
		this.first.close();
		this.second.close();
	}

	private static OpenTelemetrySdk sdk(InMemoryMetricReader reader) {
		return OpenTelemetrySdk.builder()
			.setMeterProvider(SdkMeterProvider.builder().registerMetricReader(reader).build())
			.build();
	}

	private static Map<String, MetricData> byName(InMemoryMetricReader reader) {
		return reader.collectAllMetrics()
			.stream()
			.collect(Collectors.toMap(MetricData::getName, Function.identity()));
	}

	@Test
	void aCounterBuiltWhileSilentCountsIntoTheSdkSwitchedTo() {
		LongCounter steps = this.meter.counterBuilder("steps").setUnit("{step}").setDescription("steps done").build();
		steps.add(5);
		this.telemetry.switchTo(this.first);
		steps.add(2);
		MetricData metric = byName(this.firstReader).get("steps");
		assertThat(metric.getLongSumData().getPoints()).singleElement()
			.satisfies((point) -> assertThat(point.getValue()).isEqualTo(2));
		assertThat(metric.getUnit()).isEqualTo("{step}");
		assertThat(metric.getDescription()).isEqualTo("steps done");
		assertThat(metric.getInstrumentationScopeInfo().getName()).isEqualTo("library");
	}

	@Test
	void aCounterRecordsOnlyIntoTheSdkInForceWhenItRecords() {
		LongCounter steps = this.meter.counterBuilder("steps").build();
		this.telemetry.switchTo(this.first);
		steps.add(1);
		this.telemetry.switchTo(this.second);
		steps.add(3);
		assertThat(byName(this.firstReader).get("steps").getLongSumData().getPoints()).singleElement()
			.satisfies((point) -> assertThat(point.getValue()).isEqualTo(1));
		assertThat(byName(this.secondReader).get("steps").getLongSumData().getPoints()).singleElement()
			.satisfies((point) -> assertThat(point.getValue()).isEqualTo(3));
	}

	@Test
	void everyKindOfSynchronousInstrumentFollowsASwitch() {
		var longCounter = this.meter.counterBuilder("long.counter").build();
		var doubleCounter = this.meter.counterBuilder("double.counter").ofDoubles().build();
		var longUpDown = this.meter.upDownCounterBuilder("long.updown").build();
		var doubleUpDown = this.meter.upDownCounterBuilder("double.updown").ofDoubles().build();
		var doubleHistogram = this.meter.histogramBuilder("double.histogram").build();
		var longHistogram = this.meter.histogramBuilder("long.histogram").ofLongs().build();
		var doubleGauge = this.meter.gaugeBuilder("double.gauge").build();
		var longGauge = this.meter.gaugeBuilder("long.gauge").ofLongs().build();
		this.telemetry.switchTo(this.first);
		longCounter.add(1);
		doubleCounter.add(1.5);
		longUpDown.add(-1);
		doubleUpDown.add(-1.5);
		doubleHistogram.record(2.5);
		longHistogram.record(3);
		doubleGauge.set(0.5);
		longGauge.set(7);
		assertThat(byName(this.firstReader)).containsOnlyKeys("long.counter", "double.counter", "long.updown",
				"double.updown", "double.histogram", "long.histogram", "double.gauge", "long.gauge");
	}

	@Test
	void aHistogramKeepsItsBucketAdviceOnTheSdkSwitchedTo() {
		var latency = this.meter.histogramBuilder("latency").setExplicitBucketBoundariesAdvice(List.of(1.0, 10.0)).build();
		this.telemetry.switchTo(this.first);
		latency.record(5);
		assertThat(byName(this.firstReader).get("latency").getHistogramData().getPoints()).singleElement()
			.satisfies((point) -> assertThat(point.getBoundaries()).containsExactly(1.0, 10.0));
	}

	@Test
	void anObservableGaugeBuiltWhileSilentIsObservedOnceSwitchedOnAndNoLongerWhereItWas() {
		AtomicInteger calls = new AtomicInteger();
		this.meter.gaugeBuilder("queue.depth").buildWithCallback((measurement) -> {
			calls.incrementAndGet();
			measurement.record(4);
		});
		this.telemetry.switchTo(this.first);
		assertThat(byName(this.firstReader)).containsKey("queue.depth");
		this.telemetry.switchTo(this.second);
		int before = calls.get();
		assertThat(byName(this.firstReader)).doesNotContainKey("queue.depth");
		assertThat(calls).hasValue(before);
		assertThat(byName(this.secondReader).get("queue.depth").getDoubleGaugeData().getPoints()).singleElement()
			.satisfies((point) -> assertThat(point.getValue()).isEqualTo(4.0));
	}

	@Test
	void aClosedObservableGaugeIsNotRegisteredOnTheNextSdk() {
		ObservableDoubleGauge gauge = this.meter.gaugeBuilder("queue.depth")
			.buildWithCallback((measurement) -> measurement.record(4));
		gauge.close();
		this.telemetry.switchTo(this.first);
		assertThat(byName(this.firstReader)).doesNotContainKey("queue.depth");
	}

	@Test
	void aBatchCallbackRecordsIntoTheObserversOfTheSdkItIsRegisteredOn() {
		ObservableLongMeasurement used = this.meter.upDownCounterBuilder("memory.used").buildObserver();
		ObservableLongMeasurement free = this.meter.upDownCounterBuilder("memory.free").buildObserver();
		this.meter.batchCallback(() -> {
			used.record(30);
			free.record(70);
		}, used, free);
		this.telemetry.switchTo(this.first);
		Map<String, MetricData> metrics = byName(this.firstReader);
		assertThat(metrics.get("memory.used").getLongSumData().getPoints()).singleElement()
			.satisfies((point) -> assertThat(point.getValue()).isEqualTo(30));
		assertThat(metrics.get("memory.free").getLongSumData().getPoints()).singleElement()
			.satisfies((point) -> assertThat(point.getValue()).isEqualTo(70));
	}

}
