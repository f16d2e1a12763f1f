package nemo.lens.recorder;

import java.io.IOException;
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import nemo.lens.Await;
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
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A silent rank's flight recorder is written, on request, at exit or when a thread dies, to one
 * OTLP JSON file that describes itself; a dump that cannot be written is logged once and never
 * breaks the application. Dumps cannot hurt the rank or leak what it holds: they are written one
 * at a time under names of their own, readable by their owner only, redacted, of bounded number
 * and name length; the dumps the rank writes by itself are rate-limited; and each handle's
 * uncaught-exception dump ends with it.
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

	/** Sets a handler as the JVM's default for a test, and puts the JVM's own back after it. */
	private static void withDefaultHandler(Thread.UncaughtExceptionHandler handler, ThrowingRunnable test)
			throws Exception {
		Thread.UncaughtExceptionHandler original = Thread.getDefaultUncaughtExceptionHandler();
		Thread.setDefaultUncaughtExceptionHandler(handler);
		try {
			test.run();
		}
		finally {
			Thread.setDefaultUncaughtExceptionHandler(original);
		}
	}

	private static void dieOfUncaughtExceptions(int threads) throws InterruptedException {
		CountDownLatch go = new CountDownLatch(1);
		List<Thread> dying = new ArrayList<>();
		for (int i = 0; i < threads; i++) {
			Thread thread = new Thread(() -> {
				try {
					go.await();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				throw new IllegalStateException("worker died");
			});
			thread.start();
			dying.add(thread);
		}
		go.countDown();
		for (Thread thread : dying) {
			thread.join();
		}
	}

	private List<Path> dumps(Path directory) throws IOException {
		try (Stream<Path> files = Files.list(directory)) {
			return files.filter((file) -> file.getFileName().toString().endsWith(".json")).sorted().toList();
		}
	}

	@FunctionalInterface
	private interface ThrowingRunnable {

		void run() throws Exception;

	}

	@Test
	void fiftyThreadsDyingAtOnceWriteOneDumpCountTheRestAsSkippedAndAllReachTheHandlerBefore() throws Exception {
		AtomicInteger handled = new AtomicInteger();
		withDefaultHandler((thread, exception) -> handled.incrementAndGet(), () -> {
			TelemetryHandle silent = silentRankDumpingTo(this.directory, 3);
			end(silent.tracer(), 2);
			dieOfUncaughtExceptions(50);
			assertThat(handled).hasValue(50);
			assertThat(files()).singleElement();
			assertThat(silent.flightRecorder().orElseThrow().dumpsSkipped()).isEqualTo(49);
			assertThat(silent.dumpFlightRecorder()).as("a dump asked for is never held back").isPresent();
			assertThat(this.logged).filteredOn((record) -> record.getLevel() == Level.WARNING).isEmpty();
		});
	}

	@Test
	void theExitDumpIsWrittenThoughAnotherDumpOfTheRanksOwnCameWithinTheMinimumInterval() throws Exception {
		withDefaultHandler((thread, exception) -> {
		}, () -> {
			TelemetryHandle silent = silentRank(NemoLensConfig.builder()
				.flightRecorderDirectory(this.directory.toString())
				.flightRecorderDumpOnExit(true));
			dieOfUncaughtExceptions(1);
			silent.shutdown();
			assertThat(files()).hasSize(2);
			assertThat(silent.flightRecorder().orElseThrow().dumpsSkipped()).isZero();
			assertThat(silent.flightRecorder().orElseThrow().lastDump().getFileName().toString())
				.isEqualTo(files().get(1).getFileName().toString());
		});
	}

	@Test
	void withoutAMinimumIntervalEveryUncaughtExceptionDumps() throws Exception {
		withDefaultHandler((thread, exception) -> {
		}, () -> {
			TelemetryHandle silent = silentRank(NemoLensConfig.builder()
				.flightRecorderDirectory(this.directory.toString())
				.flightRecorderMinDumpInterval(Duration.ZERO));
			dieOfUncaughtExceptions(5);
			assertThat(files()).hasSize(5);
			assertThat(silent.flightRecorder().orElseThrow().dumpsSkipped()).isZero();
		});
	}

	@Test
	void dumpsAskedForAtOnceEachWriteAWholeFileOfTheirOwn() throws Exception {
		TelemetryHandle silent = silentRankDumpingTo(this.directory, 3);
		end(silent.tracer(), 3);
		CountDownLatch go = new CountDownLatch(1);
		ExecutorService threads = Executors.newFixedThreadPool(16);
		try {
			List<Future<Optional<Path>>> dumps = new ArrayList<>();
			for (int i = 0; i < 16; i++) {
				dumps.add(threads.submit(() -> {
					go.await();
					return silent.dumpFlightRecorder();
				}));
			}
			go.countDown();
			Set<Path> written = new HashSet<>();
			for (Future<Optional<Path>> dump : dumps) {
				written.add(dump.get().orElseThrow());
			}
			assertThat(written).hasSize(16);
			assertThat(files()).as("16 dumps, no temporary file left").containsExactlyInAnyOrderElementsOf(written);
			for (Path dump : written) {
				assertThat(spanNames(read(dump))).containsExactly("span-1", "span-2", "span-3");
			}
		}
		finally {
			threads.shutdownNow();
		}
	}

	@Test
	void aRankKeepsAtMostMaxDumpsFilesOfItsOwnRemovingItsOldest() throws IOException {
		Path otherRank = Files.writeString(this.directory.resolve(DumpWriter.fileName("run-7", 2, Instant.EPOCH)), "{}");
		Path otherRun = Files.writeString(this.directory.resolve(DumpWriter.fileName("run-6", 1, Instant.EPOCH)), "{}");
		Path notes = Files.writeString(this.directory.resolve("notes.txt"), "kept");
		TelemetryHandle silent = silentRank(NemoLensConfig.builder()
			.flightRecorderDirectory(this.directory.toString())
			.flightRecorderMaxDumps(3));
		List<Path> written = new ArrayList<>();
		for (int i = 0; i < 5; i++) {
			written.add(silent.dumpFlightRecorder().orElseThrow());
		}
		assertThat(files()).containsExactlyInAnyOrder(written.get(2), written.get(3), written.get(4), otherRank, otherRun,
				notes);
	}

	@Test
	void aDirectoryLensCreatesIsItsOwnersOnlyAndSoIsEachDump() throws IOException {
		assumeTrue(this.directory.getFileSystem().supportedFileAttributeViews().contains("posix"));
		Path created = this.directory.resolve("job-42/dumps");
		Path dump = silentRankDumpingTo(created, 3).dumpFlightRecorder().orElseThrow();
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(created))).isEqualTo("rwx------");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(created.getParent())))
			.isEqualTo("rwx------");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dump))).isEqualTo("rw-------");
	}

	@Test
	void anExistingDirectoryIsUsedAsItIsAndATeamsSetgidDirectoryLetsItsGroupRead() throws Exception {
		assumeTrue(this.directory.getFileSystem().supportedFileAttributeViews().contains("posix"));
		Path shared = Files.createDirectory(this.directory.resolve("shared"));
		Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxr-xr-x"));
		Path dump = silentRankDumpingTo(shared, 3).dumpFlightRecorder().orElseThrow();
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(shared))).isEqualTo("rwxr-xr-x");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dump))).isEqualTo("rw-------");
		Path team = Files.createDirectory(this.directory.resolve("team"));
		assumeTrue(new ProcessBuilder("chmod", "2750", team.toString()).start().waitFor() == 0);
		Path teamDump = silentRankDumpingTo(team, 3).dumpFlightRecorder().orElseThrow();
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(teamDump))).isEqualTo("rw-r-----");
	}

	@Test
	void aDumpFedCredentialsHoldsNoneOfThem() throws IOException {
		TelemetryHandle silent = silentRankDumpingTo(this.directory, 3);
		Span span = silent.tracer()
			.spanBuilder("connect")
			.setAttribute("db.connection_string", "postgres://user:secret@db.example/x?token=abc")
			.setAttribute("db.password", "hunter2")
			.setAttribute(AttributeKey.stringArrayKey("urls"), List.of("https://bob:b0bpw@files.example/a"))
			.addLink(SpanContext.getInvalid(), Attributes.of(AttributeKey.stringKey("http.request.header.authorization"),
					"Basic YWxpY2U6cGE1NQ=="))
			.startSpan();
		span.addEvent("retry", Attributes.of(AttributeKey.stringKey("url.full"),
				"https://alice:pa55@api.example/v1?api_key=K3Y", AttributeKey.longKey("attempt"), 2L));
		span.setStatus(StatusCode.ERROR, "refused: Authorization: Bearer s3cr3t-b3arer");
		span.end();
		String dump = Files.readString(silent.dumpFlightRecorder().orElseThrow());
		assertThat(dump).doesNotContain("secret@", "token=abc", "hunter2", "b0bpw", "YWxpY2U6cGE1NQ", "pa55", "K3Y",
				"s3cr3t-b3arer");
		assertThat(dump).contains("db.example/x?<redacted>", "\"db.password\"", "api.example/v1", "files.example/a",
				"Authorization: <redacted>", "\"attempt\"");
	}

	@Test
	void aDumpHoldsNoSecretOfTheResourceEventNamesOrExceptions() throws IOException {
		NemoLensConfig config = NemoLensConfig.builder()
			.enabled(true)
			.exporter("none")
			.runId("run-7")
			.serviceName("svc-token=t0kn")
			.flightRecorderEnabled(true)
			.flightRecorderDirectory(this.directory.toString())
			.build();
		Map<String, String> env = new HashMap<>();
		TelemetryHandle silent = new TelemetrySetup(new ExportStrategyRegistry(env::get), env::get).setup(config, 1, 4,
				TelemetryOptions.builder()
					.resourceAttributes(Map.of("deployment.db.password", "dbpa55", "repo.url", "https://bob:b0bpw@git/r"))
					.shutdownHook(false)
					.build());
		this.handles.add(silent);
		Span span = silent.tracer().spanBuilder("fetch HF_TOKEN=hf_AbCdEfGhIjKlMnOpQrStUvWxYz012345").startSpan();
		span.addEvent("connect to http://eve:ev3pw@host/");
		span.recordException(new IllegalStateException("{\"password\":\"js0npw\"} WANDB_API_KEY=wandbk3y"));
		span.end();
		String dump = Files.readString(silent.dumpFlightRecorder().orElseThrow());
		assertThat(dump).doesNotContain("t0kn", "dbpa55", "b0bpw", "hf_AbCdEf", "ev3pw", "js0npw", "wandbk3y");
		assertThat(dump).contains("svc-token=<redacted>", "\"deployment.db.password\"", "https://git/r",
				"fetch HF_TOKEN=<redacted>", "connect to http://host/", "WANDB_API_KEY=<redacted>",
				"\"exception.stacktrace\"");
	}

	@Test
	void aLongRunIdIsShortenedWithAHashAndStaysUniquePerRun() {
		String first = DumpWriter.fileName("r".repeat(300) + "-1", 7, Instant.EPOCH);
		String second = DumpWriter.fileName("r".repeat(300) + "-2", 7, Instant.EPOCH);
		assertThat(first).isNotEqualTo(second).hasSizeLessThan(130).endsWith("-rank-7-19700101T000000.000Z.json");
		assertThat(DumpWriter.fileName("run-7", 7, Instant.EPOCH)).isEqualTo("run-7-rank-7-19700101T000000.000Z.json");
		TelemetryHandle silent = silentRank(NemoLensConfig.builder()
			.flightRecorderDirectory(this.directory.toString())
			.runId("r".repeat(300)));
		assertThat(silent.dumpFlightRecorder()).as("no 'file name too long'").isPresent();
	}

	@Test
	void aReadOnlyDirectoryLeavesTheRankRunningItsStatusTruthfulAndOneWarning() throws Exception {
		Path readOnly = Files.createDirectory(this.directory.resolve("read-only"));
		try (Mount mount = Mount.tmpfs(readOnly, "ro,size=64k")) {
			if (!mount.mounted()) {
				// Not root, or no mount here: a read-only mode, which binds every user but root.
				Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("r-xr-xr-x"));
				assumeTrue(!Files.isWritable(readOnly), "neither a read-only mount nor a read-only mode binds here");
			}
			TelemetryHandle silent = silentRankDumpingTo(readOnly, 3);
			end(silent.tracer(), 2);
			assertThat(silent.dumpFlightRecorder()).isEmpty();
			assertThat(silent.dumpFlightRecorder()).isEmpty();
			assertThat(silent.flightRecorder()).hasValueSatisfying((status) -> {
				assertThat(status.dumpsFailed()).isEqualTo(2);
				assertThat(status.lastDumpError()).isNotBlank();
				assertThat(status.lastDump()).isNull();
			});
			assertThat(this.logged).filteredOn((record) -> record.getLevel() == Level.WARNING).hasSize(1);
			end(silent.tracer(), 1);
			assertThat(silent.flightRecorder().orElseThrow().spans()).as("the rank goes on").isEqualTo(3);
			assertThat(dumps(readOnly)).isEmpty();
		}
	}

	@Test
	void aFullDiskLeavesNoPartialFileAndTheRankGoesOn() throws Exception {
		Path small = Files.createDirectory(this.directory.resolve("small"));
		try (Mount mount = Mount.tmpfs(small, "size=16k")) {
			assumeTrue(mount.mounted(), "a small tmpfs needs mount (root) here");
			TelemetryHandle silent = silentRankDumpingTo(small, 64);
			for (int i = 0; i < 64; i++) {
				silent.tracer().spanBuilder("big").setAttribute("payload", "x".repeat(1024)).startSpan().end();
			}
			assertThat(silent.dumpFlightRecorder()).isEmpty();
			assertThat(silent.flightRecorder().orElseThrow().dumpsFailed()).isEqualTo(1);
			try (Stream<Path> left = Files.list(small)) {
				assertThat(left).as("no temporary file left behind").isEmpty();
			}
			assertThat(this.logged).filteredOn((record) -> record.getLevel() == Level.WARNING).hasSize(1);
		}
	}

	@Test
	void eachHandlesUncaughtExceptionDumpEndsWithItWhateverOrderHandlesEndIn() throws Exception {
		for (boolean firstEndsFirst : List.of(true, false)) {
			Thread.UncaughtExceptionHandler jvms = (thread, exception) -> {
			};
			withDefaultHandler(jvms, () -> {
				Path dumpsOfA = Files.createDirectories(this.directory.resolve(firstEndsFirst + "-a"));
				Path dumpsOfB = Files.createDirectories(this.directory.resolve(firstEndsFirst + "-b"));
				TelemetryHandle a = silentRankDumpingTo(dumpsOfA, 3);
				TelemetryHandle b = silentRankDumpingTo(dumpsOfB, 3);
				(firstEndsFirst ? a : b).shutdown();
				dieOfUncaughtExceptions(1);
				assertThat(dumps(firstEndsFirst ? dumpsOfA : dumpsOfB)).as("the handle that ended dumps no more").isEmpty();
				assertThat(dumps(firstEndsFirst ? dumpsOfB : dumpsOfA)).hasSize(1);
				(firstEndsFirst ? b : a).shutdown();
				assertThat(Thread.getDefaultUncaughtExceptionHandler()).as("the JVM's own handler").isSameAs(jvms);
			});
		}
	}

	@Test
	void afterTheLastHandleNothingOfAnyHandleIsReachableFromTheHandlerInstalled() throws Exception {
		List<Thread.UncaughtExceptionHandler> chained = new ArrayList<>();
		withDefaultHandler((thread, exception) -> {
		}, () -> {
			WeakReference<Span> recorded = spanOfAnEndedHandleChainedOver(chained);
			assertThat(Await.until(() -> {
				System.gc();
				return recorded.get() == null;
			})).as("its recorder let go, though a handler installed over Lens's still holds Lens's").isTrue();
			assertThat(chained).singleElement().isNotNull();
		});
	}

	/**
	 * Starts a handle, lets another library install a handler over Lens's (keeping Lens's, as a
	 * chaining handler does), and shuts the handle down; returns a span its recorder held.
	 */
	private WeakReference<Span> spanOfAnEndedHandleChainedOver(List<Thread.UncaughtExceptionHandler> chained) {
		Map<String, String> env = new HashMap<>();
		TelemetryHandle handle = new TelemetrySetup(new ExportStrategyRegistry(env::get), env::get).setup(
				NemoLensConfig.builder()
					.enabled(true)
					.exporter("none")
					.flightRecorderEnabled(true)
					.flightRecorderDirectory(this.directory.toString())
					.build(),
				1, 4, TelemetryOptions.builder().shutdownHook(false).build());
		Span span = handle.tracer().spanBuilder("held").startSpan();
		span.end();
		assertThat(handle.flightRecorder().orElseThrow().spans()).isEqualTo(1);
		chained.add(Thread.getDefaultUncaughtExceptionHandler());
		handle.shutdown();
		return new WeakReference<>(span);
	}

	/** A tmpfs mounted over a directory for one test, where this process may mount. */
	private record Mount(Path directory, boolean mounted) implements AutoCloseable {

		static Mount tmpfs(Path directory, String options) throws IOException, InterruptedException {
			Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", options, "tmpfs", directory.toString())
				.redirectErrorStream(true)
				.start();
			mount.getInputStream().readAllBytes();
			return new Mount(directory, mount.waitFor() == 0);
		}

		@Override
		public void close() throws IOException, InterruptedException {
			if (this.mounted) {
				new ProcessBuilder("umount", this.directory.toString()).redirectErrorStream(true).start().waitFor();
			}
		}

	}

}
