package nemo.lens.recorder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import nemo.lens.Await;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The job-wide trigger without HTTP: each new value of the control file's {@code dump} key makes
 * every rank that reads the file dump its flight recorder once, at most once per
 * {@code min-dump-interval} (zero here unless a test says), as the dumps a rank writes by itself.
 */
class FlightRecorderControlFileTests {

	@TempDir
	Path directory;

	private Path dumps;

	private Path controlFile;

	private final List<TelemetryHandle> handles = new ArrayList<>();

	@AfterEach
	void shutdown() {
		this.handles.forEach(TelemetryHandle::shutdown);
	}

	private TelemetryHandle silentRank() throws IOException {
		return silentRank(Duration.ZERO);
	}

	private TelemetryHandle silentRank(Duration minDumpInterval) throws IOException {
		return silentRank(minDumpInterval, false);
	}

	private TelemetryHandle silentRank(Duration minDumpInterval, boolean dumpOnExit) throws IOException {
		this.dumps = Files.createDirectories(this.directory.resolve("dumps"));
		this.controlFile = this.directory.resolve("lens.properties");
		NemoLensConfig config = NemoLensConfig.builder()
			.enabled(true)
			.exporter("none")
			.runId("run-7")
			.controlFile(this.controlFile.toString())
			.controlInterval(Duration.ofMillis(20))
			.flightRecorderEnabled(true)
			.flightRecorderDirectory(this.dumps.toString())
			.flightRecorderMinDumpInterval(minDumpInterval)
			.flightRecorderDumpOnExit(dumpOnExit)
			.build();
		TelemetryHandle handle = new TelemetrySetup(new ExportStrategyRegistry((name) -> null), (name) -> null)
			.setup(config, 0, 4, TelemetryOptions.builder().shutdownHook(false).build());
		this.handles.add(handle);
		return handle;
	}

	private void writeControlFile(String content) throws IOException {
		Path next = Files.createTempFile(this.directory, "control", ".tmp");
		Files.writeString(next, content);
		Files.move(next, this.controlFile, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
	}

	/** Dumps written whole: a dump under way is a temporary file until its atomic move. */
	private long dumpCount() {
		try (Stream<Path> files = Files.list(this.dumps)) {
			return files.filter((file) -> file.getFileName().toString().endsWith(".json")).count();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Starts a silent rank whose first look at the control file has happened: the file holds no
	 * {@code dump} yet, and the rank has applied it.
	 */
	private TelemetryHandle silentRankThatHasReadTheFile() throws IOException {
		return silentRankThatHasReadTheFile(Duration.ZERO);
	}

	private TelemetryHandle silentRankThatHasReadTheFile(Duration minDumpInterval) throws IOException {
		this.controlFile = this.directory.resolve("lens.properties");
		writeControlFile("until=2999-01-01T00:00:00Z\n");
		TelemetryHandle rank = silentRank(minDumpInterval);
		assertThat(applied(rank, "2999-01-01T00:00:00Z")).isTrue();
		return rank;
	}

	/** Waits until the rank has applied a file whose {@code until} is the given marker. */
	private static boolean applied(TelemetryHandle rank, String until) {
		return Await.until(() -> rank.controlStatus()
			.map((status) -> until.equals(status.applied().get("until")))
			.orElse(false));
	}

	@Test
	void aNewDumpValueMakesTheRankDumpOnce() throws IOException {
		TelemetryHandle rank = silentRankThatHasReadTheFile();
		rank.tracer().spanBuilder("step").startSpan().end();
		writeControlFile("dump=1\nuntil=2999-01-01T00:00:00Z\n");
		assertThat(Await.until(() -> rank.flightRecorder().orElseThrow().lastDump() != null)).isTrue();
		assertThat(dumpCount()).isEqualTo(1);
	}

	@Test
	void theSameDumpValueReadAgainDumpsNoMore() throws IOException {
		TelemetryHandle rank = silentRankThatHasReadTheFile();
		writeControlFile("dump=1\nuntil=2999-01-02T00:00:00Z\n");
		assertThat(Await.until(() -> dumpCount() == 1)).isTrue();
		writeControlFile("dump=1\nuntil=2999-01-03T00:00:00Z\n");
		assertThat(applied(rank, "2999-01-03T00:00:00Z")).isTrue();
		assertThat(dumpCount()).isEqualTo(1);
	}

	@Test
	void eachNewDumpValueDumpsAgain() throws IOException {
		silentRankThatHasReadTheFile();
		writeControlFile("dump=1\n");
		assertThat(Await.until(() -> dumpCount() == 1)).isTrue();
		writeControlFile("dump=2\n");
		assertThat(Await.until(() -> dumpCount() == 2)).isTrue();
	}

	@Test
	void aNewDumpValueWithinTheMinimumIntervalIsSkippedAndCounted() throws IOException {
		TelemetryHandle rank = silentRankThatHasReadTheFile(Duration.ofHours(1));
		writeControlFile("dump=1\n");
		assertThat(Await.until(() -> dumpCount() == 1)).isTrue();
		writeControlFile("dump=2\n");
		assertThat(Await.until(() -> rank.flightRecorder().orElseThrow().dumpsSkipped() == 1)).isTrue();
		assertThat(dumpCount()).isEqualTo(1);
	}

	@Test
	void theExitDumpIsWrittenRightAfterADumpTheControlFileAskedFor() throws IOException {
		TelemetryHandle rank = silentRankWithDumpOnExit();
		writeControlFile("dump=1\n");
		assertThat(Await.until(() -> dumpCount() == 1)).isTrue();
		rank.shutdown();
		assertThat(dumpCount()).isEqualTo(2);
		assertThat(rank.flightRecorder().orElseThrow().dumpsSkipped()).isZero();
	}

	/** A silent rank with {@code dump-on-exit} and the default 10 s interval, the file read once. */
	private TelemetryHandle silentRankWithDumpOnExit() throws IOException {
		this.controlFile = this.directory.resolve("lens.properties");
		writeControlFile("until=2999-01-01T00:00:00Z\n");
		TelemetryHandle rank = silentRank(Duration.ofSeconds(10), true);
		assertThat(applied(rank, "2999-01-01T00:00:00Z")).isTrue();
		return rank;
	}

	@Test
	void aDumpValueTheRankFindsAtItsFirstLookIsTakenAsAlreadyHandled() throws IOException {
		this.controlFile = this.directory.resolve("lens.properties");
		writeControlFile("dump=asked-before-this-rank-started\nuntil=2999-01-01T00:00:00Z\n");
		TelemetryHandle rank = silentRank();
		assertThat(applied(rank, "2999-01-01T00:00:00Z")).isTrue();
		writeControlFile("dump=asked-before-this-rank-started\nuntil=2999-01-02T00:00:00Z\n");
		assertThat(applied(rank, "2999-01-02T00:00:00Z")).isTrue();
		assertThat(dumpCount()).isZero();
	}

}
