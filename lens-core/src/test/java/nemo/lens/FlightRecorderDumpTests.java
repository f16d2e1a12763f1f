package nemo.lens;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.opentelemetry.api.trace.Tracer;
import nemo.lens.recorder.FlightRecorder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A silent rank's flight recorder is written, on request, at exit or when a thread dies, to one
 * OTLP JSON file that describes itself; a dump that cannot be written is logged once and never
 * breaks the application.
 */
class FlightRecorderDumpTests {

	private static final ObjectMapper JSON = new ObjectMapper();

	@TempDir
	Path directory;

	private final List<LogRecord> logged = new CopyOnWriteArrayList<>();

	private final Handler logHandler = new Handler() {

		@Override
		public void publish(LogRecord record) {
			FlightRecorderDumpTests.this.logged.add(record);
		}

		@Override
		public void flush() {
		}

		@Override
		public void close() {
		}

	};

	private final Logger recorderLogger = Logger.getLogger(FlightRecorder.class.getName());

	private final List<TelemetryHandle> handles = new ArrayList<>();

	FlightRecorderDumpTests() {
		this.recorderLogger.addHandler(this.logHandler);
	}

	@AfterEach
	void shutdown() {
		this.handles.forEach(TelemetryHandle::shutdown);
		this.recorderLogger.removeHandler(this.logHandler);
	}

	private TelemetryHandle silentRank(NemoLensConfig.Builder settings) {
		NemoLensConfig config = settings.enabled(true).exporter("none").runId("run-7").flightRecorderEnabled(true).build();
		Map<String, String> env = new HashMap<>();
		TelemetryHandle handle = new TelemetrySetup(new ExportStrategyRegistry(env::get), env::get).setup(config, 1, 4,
				TelemetryOptions.builder().spanExporter(new RecordingSpanExporter()).shutdownHook(false).build());
		this.handles.add(handle);
		return handle;
	}

	private TelemetryHandle silentRankDumpingTo(Path directory, int spans) {
		return silentRank(NemoLensConfig.builder().flightRecorderSpans(spans).flightRecorderDirectory(directory.toString()));
	}

	private static void end(Tracer tracer, int count) {
		for (int i = 1; i <= count; i++) {
			tracer.spanBuilder("span-" + i).startSpan().end();
		}
	}

	private static JsonNode read(Path dump) throws IOException {
		List<String> lines = Files.readAllLines(dump);
		assertThat(lines).as("one ExportTraceServiceRequest per line").hasSize(1);
		return JSON.readTree(lines.get(0));
	}

	private static List<String> spanNames(JsonNode request) {
		List<String> names = new ArrayList<>();
		request.path("resourceSpans").forEach((resource) -> resource.path("scopeSpans")
			.forEach((scope) -> scope.path("spans").forEach((span) -> names.add(span.path("name").asText()))));
		return names;
	}

	private static Map<String, JsonNode> resourceAttributes(JsonNode request) {
		Map<String, JsonNode> attributes = new HashMap<>();
		request.path("resourceSpans").get(0).path("resource").path("attributes").forEach((attribute) -> {
			JsonNode value = attribute.path("value");
			attributes.put(attribute.path("key").asText(), value.elements().next());
		});
		return attributes;
	}

	private List<Path> files() throws IOException {
		try (Stream<Path> files = Files.list(this.directory)) {
			return files.sorted().toList();
		}
	}

	@Test
	void aDumpIsOneOtlpJsonRequestHoldingExactlyTheLastSpansOldestFirst() throws IOException {
		TelemetryHandle silent = silentRankDumpingTo(this.directory, 3);
		end(silent.tracer(), 5);
		Path dump = silent.dumpFlightRecorder().orElseThrow();
		JsonNode request = read(dump);
		assertThat(request.path("resourceSpans")).hasSize(1);
		assertThat(spanNames(request)).containsExactly("span-3", "span-4", "span-5");
		JsonNode span = request.path("resourceSpans").get(0).path("scopeSpans").get(0).path("spans").get(0);
		assertThat(span.path("traceId").asText()).matches("[0-9a-f]{32}");
		assertThat(span.path("spanId").asText()).matches("[0-9a-f]{16}");
		assertThat(span.path("endTimeUnixNano").asText()).matches("[0-9]+");
	}

	@Test
	void aDumpDescribesItselfInItsResource() throws IOException {
		TelemetryHandle silent = silentRankDumpingTo(this.directory, 3);
		end(silent.tracer(), 5);
		Map<String, JsonNode> attributes = resourceAttributes(read(silent.dumpFlightRecorder().orElseThrow()));
		assertThat(attributes.get("dl.rank").asText()).isEqualTo("1");
		assertThat(attributes.get("dl.world_size").asText()).isEqualTo("4");
		assertThat(attributes.get("nemo.run.id").asText()).isEqualTo("run-7");
		assertThat(attributes.get("host.name").asText()).isNotBlank();
		assertThat(attributes.get("process.pid").asText()).isEqualTo(String.valueOf(ProcessHandle.current().pid()));
		assertThat(attributes.get("nemo.lens.flight_recorder.format_version").asText()).isEqualTo("1");
		assertThat(attributes.get("nemo.lens.flight_recorder.capacity").asText()).isEqualTo("3");
		assertThat(attributes.get("nemo.lens.flight_recorder.spans").asText()).isEqualTo("3");
		assertThat(attributes.get("nemo.lens.flight_recorder.dropped").asText()).isEqualTo("2");
		assertThat(attributes.get("nemo.lens.flight_recorder.trigger").asText()).isEqualTo("request");
	}

	@Test
	void aDumpIsNamedAfterTheRunTheRankAndTheUtcTimeAndLeavesNoTemporaryFile() throws IOException {
		TelemetryHandle silent = silentRankDumpingTo(this.directory, 3);
		Path dump = silent.dumpFlightRecorder().orElseThrow();
		assertThat(dump.getParent()).isEqualTo(this.directory);
		assertThat(dump.getFileName().toString()).matches("run-7-rank-1-\\d{8}T\\d{6}\\.\\d{3}Z\\.json");
		assertThat(files()).containsExactly(dump);
	}

	@Test
	void aDumpLeavesTheSpansInTheRecorderAndIsReportedInItsStatus() {
		TelemetryHandle silent = silentRankDumpingTo(this.directory, 3);
		end(silent.tracer(), 2);
		Path dump = silent.dumpFlightRecorder().orElseThrow();
		assertThat(silent.flightRecorder()).hasValueSatisfying((status) -> {
			assertThat(status.spans()).isEqualTo(2);
			assertThat(status.lastDump()).isEqualTo(dump);
			assertThat(status.lastDumpTime()).isNotNull();
		});
	}

	@Test
	void aMissingDirectoryIsCreated() throws IOException {
		Path nested = this.directory.resolve("job-42/dumps");
		TelemetryHandle silent = silentRankDumpingTo(nested, 3);
		assertThat(silent.dumpFlightRecorder()).hasValueSatisfying((dump) -> assertThat(dump).startsWith(nested));
	}

	/**
	 * Tests run as root here, which writes into read-only directories: a directory that cannot be
	 * made (its path is a file) fails the same way a full disk or a read-only mount does.
	 */
	@Test
	void aDumpThatCannotBeWrittenIsLoggedOnceAndReturnsNothing() throws IOException {
		Path notADirectory = Files.writeString(this.directory.resolve("a-file"), "");
		TelemetryHandle silent = silentRankDumpingTo(notADirectory, 3);
		end(silent.tracer(), 2);
		assertThat(silent.dumpFlightRecorder()).isEmpty();
		assertThat(silent.dumpFlightRecorder()).isEmpty();
		assertThat(this.logged).filteredOn((record) -> record.getLevel() == Level.WARNING).singleElement()
			.satisfies((record) -> assertThat(record.getMessage()).contains("could not be dumped"));
		assertThat(files()).containsExactly(notADirectory);
	}

	@Test
	void withoutADirectoryADumpIsLoggedOnceAndReturnsNothing() {
		TelemetryHandle silent = silentRank(NemoLensConfig.builder());
		assertThat(silent.dumpFlightRecorder()).isEmpty();
		assertThat(silent.dumpFlightRecorder()).isEmpty();
		assertThat(this.logged).filteredOn((record) -> record.getLevel() == Level.WARNING).singleElement()
			.satisfies((record) -> assertThat(record.getMessage()).contains("NEMO_LENS_FLIGHT_RECORDER_DIRECTORY"));
	}

	@Test
	void withTheRecorderOffThereIsNothingToDump() {
		Map<String, String> env = new HashMap<>();
		TelemetryHandle handle = new TelemetrySetup(new ExportStrategyRegistry(env::get), env::get).setup(
				NemoLensConfig.builder().enabled(true).exporter("none").build(), 1, 4,
				TelemetryOptions.builder().shutdownHook(false).build());
		this.handles.add(handle);
		assertThat(handle.dumpFlightRecorder()).isEmpty();
	}

	@Test
	void withDumpOnExitShuttingDownWritesOneDumpOfWhatTheRankHeld() throws IOException {
		TelemetryHandle silent = silentRank(NemoLensConfig.builder()
			.flightRecorderDirectory(this.directory.toString())
			.flightRecorderDumpOnExit(true));
		end(silent.tracer(), 2);
		silent.shutdown();
		silent.shutdown();
		assertThat(files()).singleElement().satisfies((dump) -> {
			JsonNode request = read(dump);
			assertThat(spanNames(request)).containsExactly("span-1", "span-2");
			assertThat(resourceAttributes(request).get("nemo.lens.flight_recorder.trigger").asText()).isEqualTo("exit");
		});
	}

	@Test
	void withoutDumpOnExitShuttingDownWritesNothing() throws IOException {
		TelemetryHandle silent = silentRankDumpingTo(this.directory, 3);
		end(silent.tracer(), 2);
		silent.shutdown();
		assertThat(files()).isEmpty();
	}

	@Test
	void aShutDownRankCanStillBeDumped() {
		TelemetryHandle silent = silentRankDumpingTo(this.directory, 3);
		end(silent.tracer(), 2);
		silent.shutdown();
		assertThat(silent.dumpFlightRecorder()).isPresent();
		assertThat(silent.flightRecorder().orElseThrow().spans()).isEqualTo(2);
	}

	@Test
	void aThreadDyingOfAnUncaughtExceptionDumpsTheRecorderAndReachesTheHandlerThatWasThereBefore()
			throws Exception {
		Thread.UncaughtExceptionHandler original = Thread.getDefaultUncaughtExceptionHandler();
		List<Throwable> seenBefore = new CopyOnWriteArrayList<>();
		Thread.UncaughtExceptionHandler before = (thread, exception) -> seenBefore.add(exception);
		Thread.setDefaultUncaughtExceptionHandler(before);
		try {
			TelemetryHandle silent = silentRankDumpingTo(this.directory, 3);
			end(silent.tracer(), 1);
			Thread dying = new Thread(() -> {
				throw new IllegalStateException("worker died");
			});
			dying.start();
			dying.join();
			assertThat(seenBefore).singleElement().satisfies((exception) -> assertThat(exception).hasMessage("worker died"));
			assertThat(files()).singleElement()
				.satisfies((dump) -> assertThat(resourceAttributes(read(dump)).get("nemo.lens.flight_recorder.trigger")
					.asText()).isEqualTo("uncaught-exception"));
			silent.shutdown();
			assertThat(Thread.getDefaultUncaughtExceptionHandler()).as("put back at shutdown").isSameAs(before);
		}
		finally {
			Thread.setDefaultUncaughtExceptionHandler(original);
		}
	}

	@Test
	void withoutADirectoryNoUncaughtExceptionHandlerIsInstalled() {
		Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
		silentRank(NemoLensConfig.builder());
		assertThat(Thread.getDefaultUncaughtExceptionHandler()).isSameAs(before);
	}

}
