package nemo.lens.sdk;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import io.opentelemetry.sdk.autoconfigure.spi.ConfigurationException;
import nemo.lens.NemoLensConfig;
import nemo.lens.RecordingSpanExporter;
import nemo.lens.TelemetryOptions;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The batch processors Lens puts in front of a caller's span exporter and of the console exporter
 * follow the SDK's {@code otel.bsp.*} and {@code otel.blrp.*} settings, as the SDK's own do.
 */
class BatchProcessorSettingsTests {

	private static final NemoLensConfig CONSOLE = NemoLensConfig.builder().enabled(true).exporter("console").build();

	@Test
	void callersSpanExporterReceivesBatchesOfTheConfiguredSize() {
		RecordingSpanExporter recording = new RecordingSpanExporter();
		ExportingTelemetry telemetry = ExportingTelemetry.builder(CONSOLE.toBuilder().exporter("none").build())
			.rank(0, 1)
			.options(TelemetryOptions.builder()
				.spanExporter(recording)
				.otelProperties(Map.of("otel.bsp.max.export.batch.size", "2"))
				.build())
			.build();
		for (int i = 0; i < 6; i++) {
			telemetry.sdk().getTracer("test").spanBuilder("step-" + i).startSpan().end();
		}
		telemetry.shutdown(Duration.ofSeconds(5));
		assertThat(recording.batchSizes()).allSatisfy((size) -> assertThat(size).isLessThanOrEqualTo(2));
		assertThat(recording.spans()).hasSize(6);
	}

	@Test
	void aValueTheBatchProcessorRefusesFailsSetUpNamingTheSetting() {
		assertThatExceptionOfType(ConfigurationException.class)
			.isThrownBy(() -> ExportingTelemetry.builder(CONSOLE)
				.rank(0, 1)
				.options(TelemetryOptions.builder().otelProperties(Map.of("otel.bsp.max.queue.size", "0")).build())
				.build())
			.withMessageContaining("otel.bsp.max.queue.size=0");
	}

	@Test
	void consoleLogRecordsFollowTheConfiguredScheduleDelay() {
		ByteArrayOutputStream printed = new ByteArrayOutputStream();
		ExportingTelemetry telemetry = ExportingTelemetry.builder(CONSOLE.toBuilder().logsEnabled(true).build())
			.rank(0, 1)
			.options(TelemetryOptions.builder().otelProperties(Map.of("otel.blrp.schedule.delay", "1h")).build())
			.console(new PrintStream(printed, true, StandardCharsets.UTF_8))
			.build();
		// The processor the SDK built says which delay it runs with (the SDK's default is 1 s).
		assertThat(telemetry.sdk().getSdkLoggerProvider().toString())
			.contains("scheduleDelayNanos=" + Duration.ofHours(1).toNanos());
		telemetry.sdk().getLogsBridge().get("test").logRecordBuilder().setBody("held back").emit();
		telemetry.shutdown(Duration.ofSeconds(5));
		assertThat(printed.toString(StandardCharsets.UTF_8)).contains("held back");
	}
}
