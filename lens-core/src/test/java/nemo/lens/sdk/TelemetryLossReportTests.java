package nemo.lens.sdk;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.RecordingSpanExporter;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import nemo.lens.UnresponsiveCollector;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A collector that refuses or never answers costs one warning at the first failure and one
 * summary with counts at shutdown, not a message per batch or per span.
 */
class TelemetryLossReportTests {

	private final List<String> warnings = new CopyOnWriteArrayList<>();

	private TelemetryHandle exportingRank(SpanExporter exporter) {
		NemoLensConfig config = NemoLensConfig.builder().enabled(true).exportStrategy("all_ranks").exporter("none").build();
		return new TelemetrySetup(new ExportStrategyRegistry((name) -> null), (name) -> null).setup(config, 0, 1,
				TelemetryOptions.builder()
					.spanExporter(exporter)
					.warnings(this.warnings::add)
					.otelProperties(Map.of("otel.bsp.schedule.delay", "10", "otel.bsp.max.export.batch.size", "10"))
					.build());
	}

	@Test
	void refusingCollectorIsReportedOnceAtFirstFailureAndOnceWithCountsAtShutdown() throws Exception {
		TelemetryHandle handle = exportingRank(UnresponsiveCollector.refusingSpans());
		for (int i = 0; i < 200; i++) {
			handle.tracer().spanBuilder("step").startSpan().end();
			if (i % 20 == 0) {
				Thread.sleep(20);
			}
		}
		handle.shutdown(Duration.ofSeconds(2));
		assertThat(this.warnings).hasSize(2);
		assertThat(this.warnings.get(0)).startsWith("NeMo Lens could not export spans")
			.contains("reported once at shutdown");
		assertThat(this.warnings.get(1)).isEqualTo("NeMo Lens: 200 of 200 spans were not delivered (200 failed to export, "
				+ "0 still queued, in flight or dropped when the queue was full); 0 of 0 metric exports failed");
	}

	@Test
	void blackholedSpansAreCountedAsNotDelivered() {
		TelemetryHandle handle = exportingRank(UnresponsiveCollector.silentSpans(false));
		for (int i = 0; i < 50; i++) {
			handle.tracer().spanBuilder("step").startSpan().end();
		}
		handle.shutdown(Duration.ofMillis(300));
		assertThat(this.warnings).anySatisfy((message) -> assertThat(message)
			.startsWith("NeMo Lens: 50 of 50 spans were not delivered (0 failed to export, 50 still queued"));
	}

	@Test
	void deliveredSpansAreNotReported() {
		TelemetryHandle handle = exportingRank(new RecordingSpanExporter());
		handle.tracer().spanBuilder("step").startSpan().end();
		handle.shutdown();
		assertThat(this.warnings).isEmpty();
	}


	@Test
	void withNoExporterAtAllNothingIsRecordedAndShutdownReportsNoLoss() {
		NemoLensConfig config = NemoLensConfig.builder().enabled(true).exportStrategy("all_ranks").exporter("none").build();
		TelemetryHandle handle = new TelemetrySetup(new ExportStrategyRegistry((name) -> null), (name) -> null)
			.setup(config, 0, 1, TelemetryOptions.builder().warnings(this.warnings::add).build());
		Span span = handle.tracer().spanBuilder("step").startSpan();
		assertThat(span.isRecording()).as("a span nothing can export").isFalse();
		span.end();
		handle.shutdown(Duration.ofSeconds(2));
		assertThat(this.warnings).isEmpty();
	}

	@Test
	void theFirstFailureIsReportedWithoutTheCredentialsOfTheEndpoint() {
		SpanExporter failing = UnresponsiveCollector.failingSpans(new IOException(
				"Failed to connect to https://lens:s3cr3t@collector.example:4318/v1/traces?token=abc"));
		TelemetryHandle handle = exportingRank(failing);
		handle.tracer().spanBuilder("step").startSpan().end();
		handle.shutdown(Duration.ofSeconds(2));
		assertThat(this.warnings).first()
			.asString()
			.contains("https://collector.example:4318/v1/traces?<redacted>")
			.doesNotContain("s3cr3t")
			.doesNotContain("abc");
	}

}
