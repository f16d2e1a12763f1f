package nemo.lens;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Each signal follows its own strategy when one is set, else {@code exportStrategy}: a job can send
 * metrics from every rank (or one per node) and traces from one.
 */
class SignalStrategiesTests {

	private final Map<String, String> env = new HashMap<>();

	private final ExportStrategyRegistry registry = new ExportStrategyRegistry(this.env::get);

	private final TelemetrySetup setup = new TelemetrySetup(this.registry, this.env::get);

	private final RecordingSpanExporter spans = new RecordingSpanExporter();

	private final InMemoryMetricReader metrics = InMemoryMetricReader.create();

	private static NemoLensConfig.Builder enabled() {
		return NemoLensConfig.builder().enabled(true).exportStrategy("single_rank").exporter("none");
	}

	private TelemetryHandle setup(NemoLensConfig config, int rank, int worldSize) {
		return this.setup.setup(config, rank, worldSize,
				TelemetryOptions.builder().spanExporter(this.spans).metricReader(this.metrics).build());
	}

	@Test
	void unsetSignalStrategiesFollowTheExportStrategy() {
		NemoLensConfig config = enabled().build();
		TelemetryHandle chosen = setup(config, 3, 4);
		TelemetryHandle other = setup(config, 0, 4);
		for (Signal signal : List.of(Signal.TRACES, Signal.METRICS)) {
			assertThat(chosen.isExporting(signal)).as(signal.key()).isTrue();
			assertThat(other.isExporting(signal)).as(signal.key()).isFalse();
			assertThat(chosen.exportStrategy(signal)).isEqualTo("single_rank");
		}
		assertThat(chosen.sdk()).isPresent();
		chosen.shutdown();
	}

	@Test
	void aRankOutsideTheTraceStrategySendsTheMetricsItsOwnStrategyChose() {
		TelemetryHandle handle = setup(enabled().metricsExportStrategy("all_ranks").build(), 0, 4);
		handle.meter().counterBuilder("steps").build().add(3);
		Span span = handle.tracer().spanBuilder("step").startSpan();
		span.end();
		assertThat(handle.isExporting()).isTrue();
		assertThat(handle.isExporting(Signal.METRICS)).isTrue();
		assertThat(handle.isExporting(Signal.TRACES)).isFalse();
		assertThat(span.isRecording()).isFalse();
		assertThat(this.metrics.collectAllMetrics()).anySatisfy((metric) -> assertThat(metric.getName()).isEqualTo("steps"));
		handle.shutdown();
		assertThat(this.spans.spans()).isEmpty();
	}

	@Test
	void theTraceRankSendsTracesButNotTheMetricsAnotherStrategyKeepsFromIt() {
		NemoLensConfig config = enabled().exportStrategy("all_ranks").metricsExportStrategy("single_rank").build();
		TelemetryHandle handle = setup(config, 0, 4);
		handle.meter().counterBuilder("steps").build().add(3);
		handle.tracer().spanBuilder("step").startSpan().end();
		assertThat(handle.isExporting(Signal.TRACES)).isTrue();
		assertThat(handle.isExporting(Signal.METRICS)).isFalse();
		assertThat(this.metrics.collectAllMetrics()).isEmpty();
		handle.shutdown();
		assertThat(this.spans.spans()).extracting("name").containsExactly("step");
	}

	@Test
	void aSilentRankForEverySignalBuildsNoSdk() {
		TelemetryHandle handle = setup(enabled().logsExportStrategy("all_ranks").build(), 0, 4);
		assertThat(handle.isExporting(Signal.LOGS)).as("logs-enabled is false by default").isFalse();
		assertThat(handle.isExporting()).isFalse();
		assertThat(handle.sdk()).isEmpty();
	}

	@Test
	void aDisabledSignalIsNotExportedWhateverItsStrategySays() {
		TelemetryHandle handle = setup(enabled().tracesEnabled(false).tracesExportStrategy("all_ranks").build(), 0, 4);
		assertThat(handle.isExporting(Signal.TRACES)).isFalse();
		assertThat(handle.isExporting()).isFalse();
	}

	@Test
	void aDisabledLensExportsNoSignal() {
		TelemetryHandle handle = setup(enabled().enabled(false).metricsExportStrategy("all_ranks").build(), 0, 4);
		assertThat(Signal.values()).noneMatch(handle::isExporting);
	}

	@Test
	void aRankThatSendsOnlyMetricsHandsOutNoOpTracersAndKeepsPropagation() {
		TelemetryHandle handle = setup(enabled().metricsExportStrategy("all_ranks").build(), 0, 4);
		assertThat(handle.sdk()).as("the SDK, for metrics").isPresent();
		assertThat(handle.openTelemetry().getTracer("library").spanBuilder("call").startSpan().isRecording())
			.isFalse();
		assertThat(handle.openTelemetry().getPropagators().getTextMapPropagator().fields()).contains("traceparent");
		handle.shutdown();
	}

	@Test
	void eachDistinctStrategyIsAskedOnce() {
		AtomicInteger calls = new AtomicInteger();
		this.registry.register("counting", (config, rank, worldSize) -> calls.incrementAndGet() > 0);
		setup(enabled().exportStrategy("counting").tracesExportStrategy("counting").logsExportStrategy("all_ranks")
			.build(), 0, 4).shutdown();
		assertThat(calls).hasValue(1);
	}

	@Test
	void anUnknownSignalStrategyFailsNamingTheSettingAndTheValueEvenWhenDisabled() {
		NemoLensConfig config = enabled().enabled(false).metricsExportStrategy("per_node").build();
		assertThatIllegalArgumentException().isThrownBy(() -> setup(config, 0, 4))
			.withMessageContaining("NemoLensConfig.Builder.metricsExportStrategy(...)")
			.withMessageContaining("'per_node'")
			.withMessageContaining("first_rank_per_node");
	}

	@Test
	void anUnknownSignalStrategyFromItsVariableNamesTheVariable() {
		this.env.put("NEMO_LENS_METRICS_EXPORT_STRATEGY", "per_node");
		NemoLensConfig config = NemoLensConfig.fromEnv(this.env, "NEMO_LENS", null);
		assertThatIllegalArgumentException().isThrownBy(() -> setup(config, 0, 4))
			.withMessageEndingWith("It comes from NEMO_LENS_METRICS_EXPORT_STRATEGY.");
	}

	@Test
	void aStrategyPassedToTheCallDecidesTheSignalsWithoutOneOfTheirOwn() {
		TelemetryOptions options = TelemetryOptions.builder()
			.exportStrategy((config, rank, worldSize) -> false)
			.metricReader(this.metrics)
			.build();
		TelemetryHandle handle = this.setup.setup(enabled().metricsExportStrategy("all_ranks").build(), 0, 4, options);
		assertThat(handle.exportStrategy(Signal.TRACES)).isEqualTo(TelemetrySetup.PER_CALL_STRATEGY);
		assertThat(handle.exportStrategy(Signal.METRICS)).isEqualTo("all_ranks");
		assertThat(handle.isExporting(Signal.TRACES)).isFalse();
		assertThat(handle.isExporting(Signal.METRICS)).isTrue();
		handle.shutdown();
	}

	@Test
	void signalStrategiesAreReadFromTheirVariables() {
		NemoLensConfig config = NemoLensConfig.fromEnv(Map.of("NEMO_LENS_TRACES_EXPORT_STRATEGY", " single_rank ",
				"NEMO_LENS_METRICS_EXPORT_STRATEGY", "first_rank_per_node", "NEMO_LENS_EXPORT_STRATEGY", "all_ranks"),
				"NEMO_LENS", null);
		assertThat(config.exportStrategy(Signal.TRACES)).isEqualTo("single_rank");
		assertThat(config.exportStrategy(Signal.METRICS)).isEqualTo("first_rank_per_node");
		assertThat(config.exportStrategy(Signal.LOGS)).isEqualTo("all_ranks");
	}

}
