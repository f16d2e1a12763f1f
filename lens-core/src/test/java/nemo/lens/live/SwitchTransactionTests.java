package nemo.lens.live;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.trace.data.SpanData;
import nemo.lens.Await;
import nemo.lens.ExportOverride;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.RecordingSpanExporter;
import nemo.lens.Signal;
import nemo.lens.SwitchRefusedException;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A switch is one transaction: each signal's pipeline changes alone, a switch-off drains what is
 * under way instead of cutting it, a switch that cannot be made changes nothing, and a shut-down
 * rank exports nothing.
 */
class SwitchTransactionTests {

	private static final AttributeKey<Boolean> TRUNCATED = AttributeKey.booleanKey("nemo.span.truncated");

	private final Map<String, String> env = new HashMap<>();

	private final RecordingSpanExporter spans = new RecordingSpanExporter();

	private TelemetryHandle handle;

	@AfterEach
	void shutdown() {
		if (this.handle != null) {
			this.handle.shutdown();
		}
	}

	private TelemetryHandle rank(int rank, NemoLensConfig.Builder config, TelemetryOptions.Builder options) {
		this.handle = new TelemetrySetup(new ExportStrategyRegistry(this.env::get), this.env::get).setup(
				config.enabled(true).build(), rank, 4, options.spanExporter(this.spans).shutdownHook(false).build());
		return this.handle;
	}

	/**
	 * A rank whose spans go to the test's exporter and nowhere else, a few milliseconds after they
	 * end rather than at the batch processor's default 5 s.
	 */
	private TelemetryHandle rank(int rank, NemoLensConfig.Builder config) {
		return rank(rank, config.exporter("none"),
				TelemetryOptions.builder().switchable(true).otelProperties(Map.of("otel.bsp.schedule.delay", "10")));
	}

	private SpanData arrived(String name) {
		assertThat(Await.until(() -> this.spans.spans().stream().anyMatch((span) -> span.getName().equals(name))))
			.as("span '%s' arrives", name)
			.isTrue();
		return this.spans.spans().stream().filter((span) -> span.getName().equals(name)).findFirst().orElseThrow();
	}

	@Test
	void aSpanOpenAtASwitchOffEndsOnItsPipelineAndArrivesWhole() {
		TelemetryHandle exporting = rank(3, NemoLensConfig.builder());
		Span open = exporting.tracer().spanBuilder("under way").startSpan();
		exporting.override(ExportOverride.State.SILENT, Duration.ofMinutes(15), "test");
		assertThat(exporting.tracer().spanBuilder("after").startSpan().isRecording()).as("new spans are silent at once")
			.isFalse();
		open.setAttribute("step.result", "done");
		open.end();
		SpanData arrived = arrived("under way");
		assertThat(arrived.getAttributes().get(AttributeKey.stringKey("step.result"))).isEqualTo("done");
		assertThat(arrived.getAttributes().get(TRUNCATED)).isNull();
	}

	@Test
	void aSpanStillOpenAfterTheDrainTimeoutIsEndedMarkedTruncated() {
		TelemetryHandle exporting = rank(3, NemoLensConfig.builder().switchDrainTimeout(Duration.ofMillis(200)));
		exporting.tracer().spanBuilder("hung").startSpan();
		exporting.override(ExportOverride.State.SILENT, Duration.ofMinutes(15), "test");
		assertThat(arrived("hung").getAttributes().get(TRUNCATED)).isTrue();
	}

	@Test
	void aSwitchOnWhileThePipelineDrainsTakesItBack() {
		TelemetryHandle exporting = rank(3, NemoLensConfig.builder());
		var tracesBefore = exporting.sdk().orElseThrow().getSdkTracerProvider();
		Span open = exporting.tracer().spanBuilder("across two switches").startSpan();
		exporting.override(ExportOverride.State.SILENT, Duration.ofMinutes(15), "test");
		exporting.removeOverride("test");
		assertThat(exporting.sdk().orElseThrow().getSdkTracerProvider()).as("no second pipeline").isSameAs(tracesBefore);
		open.end();
		exporting.tracer().spanBuilder("after").startSpan().end();
		assertThat(arrived("across two switches").getAttributes().get(TRUNCATED)).isNull();
		arrived("after");
	}

	@Test
	void aMetricsSwitchLeavesTheTracesPipelineAndItsOpenSpansAlone() {
		this.env.put("LOCAL_RANK", "1");
		TelemetryHandle exporting = rank(3,
				NemoLensConfig.builder().metricsExportStrategy("first_rank_per_node").switchDrainTimeout(Duration.ZERO));
		assertThat(exporting.isExporting(Signal.METRICS)).isFalse();
		var traces = exporting.sdk().orElseThrow().getSdkTracerProvider();
		Span open = exporting.tracer().spanBuilder("long step").startSpan();
		exporting.override(ExportOverride.State.EXPORTING, Set.of(Signal.METRICS), Duration.ofMinutes(15), "test");
		exporting.override(ExportOverride.State.SILENT, Set.of(Signal.METRICS), Duration.ofMinutes(15), "test");
		assertThat(exporting.sdk().orElseThrow().getSdkTracerProvider()).isSameAs(traces);
		open.end();
		assertThat(arrived("long step").getAttributes().get(TRUNCATED)).as("not cut by the metrics switch").isNull();
	}

	@Test
	void aCallersMetricReaderServesEveryPipelineTheRankBuilds() {
		InMemoryMetricReader reader = InMemoryMetricReader.create();
		TelemetryHandle silent = rank(0, NemoLensConfig.builder().exporter("none"),
				TelemetryOptions.builder().switchable(true).metricReader(reader));
		silent.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(15), "test");
		silent.meter().counterBuilder("first.pipeline").build().add(1);
		silent.override(ExportOverride.State.SILENT, Duration.ofMinutes(15), "test");
		silent.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(15), "test");
		silent.meter().counterBuilder("second.pipeline").build().add(1);
		assertThat(Await.until(() -> reader.collectAllMetrics()
			.stream()
			.map(MetricData::getName)
			.anyMatch("second.pipeline"::equals))).as("the caller's reader collects the second pipeline").isTrue();
	}

	@Test
	void aSwitchThatCannotBeBuiltIsRefusedWholeAndNothingIsStored(@TempDir Path folder) throws IOException {
		Path certificate = Files.writeString(folder.resolve("ca.pem"), "not a certificate yet");
		TelemetryHandle silent = rank(0, NemoLensConfig.builder().exporter("otlp"),
				TelemetryOptions.builder().switchable(true).otelProperties(Map.of("otel.exporter.otlp.certificate", certificate.toString())));
		Files.delete(certificate);
		assertThatThrownBy(() -> silent.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(15), "test"))
			.isInstanceOf(SwitchRefusedException.class)
			.hasMessageContaining("could not switch this rank")
			.hasMessageContaining("nothing changed");
		assertThat(silent.override()).isEmpty();
		assertThat(silent.isExporting()).isFalse();
		// The refused override's timer is shut down; its thread ends as soon as it wakes.
		assertThat(Await.until(() -> threadNames().stream().noneMatch((name) -> name.startsWith("nemo-lens-override"))))
			.as("no override timer left").isTrue();
	}

	@Test
	void aControlFileSwitchThatCannotBeBuiltIsReportedUnderControlAndChangesNothing(@TempDir Path folder)
			throws IOException {
		Path certificate = Files.writeString(folder.resolve("ca.pem"), "not a certificate yet");
		Path control = folder.resolve("lens.properties");
		TelemetryHandle silent = rank(0,
				NemoLensConfig.builder().exporter("otlp").controlFile(control.toString())
					.controlInterval(Duration.ofMillis(20)),
				TelemetryOptions.builder().switchable(true).otelProperties(Map.of("otel.exporter.otlp.certificate", certificate.toString())));
		Files.delete(certificate);
		Path next = folder.resolve("next");
		Files.writeString(next, "ranks=0\n");
		Files.move(next, control);
		assertThat(Await.until(() -> silent.controlStatus().orElseThrow().state().equals("error"))).isTrue();
		assertThat(silent.controlStatus().orElseThrow().error()).contains("could not switch this rank");
		assertThat(silent.controlStatus().orElseThrow().applied()).as("the file's content is not in force").isEmpty();
		assertThat(silent.isExporting()).isFalse();
	}

	@Test
	void aSpanOpenOnTheFlightRecorderAtASwitchOnEndsIntoTheNewExporters() {
		TelemetryHandle silent = rank(0, NemoLensConfig.builder().flightRecorderEnabled(true));
		silent.tracer().spanBuilder("recorded").startSpan().end();
		Span hung = silent.tracer().spanBuilder("hung step").startSpan();
		assertThat(hung.isRecording()).isTrue();
		silent.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(15), "test");
		hung.end();
		arrived("recorded");
		assertThat(arrived("hung step").getAttributes().get(TRUNCATED)).isNull();
		assertThat(silent.flightRecorder().orElseThrow().spans()).as("the ring stays empty while the rank exports")
			.isZero();
	}

	@Test
	void aTlsFileThatIsMissingAtStartUpIsRefusedOnEveryRankNamingTheVariable(@TempDir Path folder) {
		String missing = folder.resolve("missing.pem").toString();
		assertThatIllegalArgumentException()
			.isThrownBy(() -> rank(0, NemoLensConfig.builder().exporter("otlp"),
					TelemetryOptions.builder().switchable(true).otelProperties(Map.of("otel.exporter.otlp.client.key", missing))))
			.withMessageContaining("OTEL_EXPORTER_OTLP_CLIENT_KEY")
			.withMessageContaining(missing);
	}

	@Test
	void afterShutdownARankReportsAndExportsNothing() {
		TelemetryHandle exporting = rank(3, NemoLensConfig.builder());
		exporting.shutdown();
		assertThat(exporting.isExporting()).isFalse();
		assertThat(exporting.sdk()).isEmpty();
		assertThat(exporting.tracer().spanBuilder("late").startSpan().isRecording()).isFalse();
	}

	@Test
	void aSwitchOffLeavesNoThreadOfItsPipelineBehind() {
		Set<String> before = threadNames();
		TelemetryHandle silent = rank(0, NemoLensConfig.builder());
		silent.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(15), "test");
		silent.tracer().spanBuilder("one").startSpan().end();
		silent.override(ExportOverride.State.SILENT, Duration.ofMinutes(15), "test");
		arrived("one");
		assertThat(Await.until(() -> lensAndSdkThreads(before).equals(List.of("nemo-lens-override"))))
			.as("left: %s", lensAndSdkThreads(before))
			.isTrue();
	}

	@Test
	void flipsAgainstACollectorThatRefusesLeaveNoThreadOnceTheRankIsShutDown() {
		Set<String> before = threadNames();
		// Each pipeline gives up on the refusing collector in a fraction of a second, as at shutdown.
		TelemetryHandle silent = rank(0,
				NemoLensConfig.builder().exporter("otlp").switchDrainTimeout(Duration.ofMillis(200))
					.shutdownTimeout(Duration.ofMillis(500)),
				TelemetryOptions.builder().switchable(true)
					.otelProperties(Map.of("otel.exporter.otlp.protocol", "http/protobuf", "otel.exporter.otlp.endpoint",
							"http://127.0.0.1:9", "otel.metric.export.interval", "50")));
		for (int i = 0; i < 5; i++) {
			silent.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(15), "test");
			silent.tracer().spanBuilder("refused").startSpan().end();
			silent.meter().counterBuilder("refused").build().add(1);
			silent.override(ExportOverride.State.SILENT, Duration.ofMinutes(15), "test");
		}
		silent.shutdown();
		assertThat(Await.until(() -> lensAndSdkThreads(before).isEmpty())).as("left: %s", lensAndSdkThreads(before))
			.isTrue();
	}

	private static List<String> lensAndSdkThreads(Set<String> before) {
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.filter(Thread::isAlive)
			.map(Thread::getName)
			.filter((name) -> !before.contains(name))
			.filter((name) -> name.startsWith("nemo-lens") || name.startsWith("BatchSpanProcessor")
					|| name.startsWith("PeriodicMetricReader") || name.startsWith("BatchLogRecordProcessor")
					|| name.startsWith("okhttp-dispatch"))
			.sorted()
			.collect(Collectors.toList());
	}

	private static Set<String> threadNames() {
		return Thread.getAllStackTraces().keySet().stream().map(Thread::getName).collect(Collectors.toSet());
	}

}
