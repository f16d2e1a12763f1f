package nemo.lens.recorder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.opentelemetry.api.logs.Logger;
import io.opentelemetry.sdk.testing.exporter.InMemoryLogRecordExporter;
import nemo.lens.ExportOverride;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.RecordingSpanExporter;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where log records flow through Lens (logs enabled), a silent rank with the flight recorder on
 * keeps its last log records beside its spans: a dump holds them as a second OTLP JSON line, and a
 * switch-on hands them to the log exporter ahead of the rank's new ones.
 */
class FlightRecorderLogsTests {

	private static final ObjectMapper JSON = new ObjectMapper();

	@TempDir
	Path directory;

	private final InMemoryLogRecordExporter logExporter = InMemoryLogRecordExporter.create();

	private TelemetryHandle handle;

	@AfterEach
	void shutdown() {
		if (this.handle != null) {
			this.handle.shutdown();
		}
	}

	/** Rank 1 of 4 under single_rank, which the last rank exports: a silent rank. */
	private TelemetryHandle silentRank(int logs) {
		NemoLensConfig config = NemoLensConfig.builder()
			.enabled(true)
			.exporter("none")
			.runId("run-7")
			.logsEnabled(true)
			.flightRecorderEnabled(true)
			.flightRecorderLogs(logs)
			.flightRecorderDirectory(this.directory.toString())
			.build();
		Map<String, String> env = new HashMap<>();
		this.handle = new TelemetrySetup(new ExportStrategyRegistry(env::get), env::get).setup(config, 1, 4,
				TelemetryOptions.builder().switchable(true)
					.spanExporter(new RecordingSpanExporter())
					.logRecordExporter(this.logExporter)
					.shutdownHook(false)
					.build());
		return this.handle;
	}

	private static void emit(TelemetryHandle handle, String... bodies) {
		Logger logger = handle.openTelemetry().getLogsBridge().get("app");
		for (String body : bodies) {
			logger.logRecordBuilder().setBody(body).emit();
		}
	}

	private static List<String> dumpedBodies(Path dump) throws IOException {
		List<String> lines = Files.readAllLines(dump);
		List<String> bodies = new ArrayList<>();
		if (lines.size() > 1) {
			for (JsonNode resourceLogs : JSON.readTree(lines.get(1)).path("resourceLogs")) {
				for (JsonNode scopeLogs : resourceLogs.path("scopeLogs")) {
					for (JsonNode record : scopeLogs.path("logRecords")) {
						bodies.add(record.path("body").path("stringValue").asText());
					}
				}
			}
		}
		return bodies;
	}

	@Test
	void aDumpHoldsTheLastLogRecordsAsASecondLine() throws IOException {
		TelemetryHandle silent = silentRank(2);
		emit(silent, "loading", "step 1", "step 2");
		Path dump = silent.dumpFlightRecorder().orElseThrow();
		assertThat(Files.readAllLines(dump)).hasSize(2);
		assertThat(JSON.readTree(Files.readAllLines(dump).get(0)).has("resourceSpans")).isTrue();
		assertThat(dumpedBodies(dump)).containsExactly("step 1", "step 2");
		assertThat(this.logExporter.getFinishedLogRecordItems()).isEmpty();
	}

	@Test
	void aSwitchOnHandsTheRecordedLogRecordsToTheExporterFirst() {
		TelemetryHandle silent = silentRank(16);
		emit(silent, "before 1", "before 2");
		silent.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(5), "test");
		emit(silent, "after");
		// Read before the shutdown: the SDK's in-memory exporter forgets what it held when shut down.
		silent.sdk().orElseThrow().getSdkLoggerProvider().forceFlush().join(1, TimeUnit.MINUTES);
		assertThat(this.logExporter.getFinishedLogRecordItems()).extracting((record) -> record.getBodyValue().asString())
			.containsExactly("before 1", "before 2", "after");
	}

	@Test
	void withNoLogsToKeepTheDumpHoldsSpansOnly() throws IOException {
		TelemetryHandle silent = silentRank(0);
		emit(silent, "not kept");
		Path dump = silent.dumpFlightRecorder().orElseThrow();
		assertThat(Files.readAllLines(dump)).hasSize(1);
	}

}
