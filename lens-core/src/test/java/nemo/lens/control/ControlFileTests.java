package nemo.lens.control;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import nemo.lens.Await;
import nemo.lens.ExportOverride;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.Signal;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A job-wide control file turns ranks on and off while they run: it is read when the file the
 * path resolves to changes (a rename into place, a Kubernetes ConfigMap's link swap), a malformed
 * file leaves the last good content in force, and a missing or expired file means no control.
 * Whatever is at the path, and whatever a poll raises, costs the rank nothing: the problem is shown
 * under {@code control} and warned once, the poller keeps looking, and a good file later is applied.
 */
class ControlFileTests {

	@TempDir
	Path directory;

	private final List<String> warnings = new CopyOnWriteArrayList<>();

	private final List<TelemetryHandle> handles = new ArrayList<>();

	@AfterEach
	void shutdown() {
		this.handles.forEach(TelemetryHandle::shutdown);
	}

	private TelemetryHandle rank(int rank, Path controlFile) {
		return rank(rank, controlFile, new ExportStrategyRegistry((name) -> null));
	}

	private TelemetryHandle rank(int rank, Path controlFile, ExportStrategyRegistry registry) {
		NemoLensConfig config = NemoLensConfig.builder()
			.enabled(true)
			.exporter("none")
			.controlFile(controlFile.toString())
			.controlInterval(Duration.ofMillis(20))
			.build();
		TelemetryHandle handle = new TelemetrySetup(registry, (name) -> null)
			.setup(config, rank, 4, TelemetryOptions.builder().warnings(this.warnings::add).shutdownHook(false).build());
		this.handles.add(handle);
		return handle;
	}

	/** Writes a new file beside the target and renames it into place, as a careful job script does. */
	private void replace(Path file, String content) throws IOException {
		Path next = Files.createTempFile(this.directory, "control", ".tmp");
		Files.writeString(next, content);
		Files.move(next, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
	}

	@Test
	void aControlFileThatTurnsTheJobToAllRanksMakesASilentRankExport() throws IOException {
		Path file = this.directory.resolve("lens.properties");
		TelemetryHandle silent = rank(0, file);
		assertThat(silent.isExporting()).isFalse();
		replace(file, "export-strategy=all_ranks\n");
		// The state is the last to change: once it reads applied, the rank exports as the file says.
		assertThat(Await.until(() -> silent.controlStatus().orElseThrow().state().equals("applied"))).isTrue();
		assertThat(silent.isExporting()).isTrue();
		assertThat(silent.controlStatus()).hasValueSatisfying((status) -> {
			assertThat(status.state()).isEqualTo("applied");
			assertThat(status.applied()).containsEntry("export-strategy", "all_ranks");
		});
		assertThat(silent.isSelectedByStrategy(Signal.TRACES)).as("the start-up decision").isFalse();
	}

	@Test
	void removingTheFileReturnsTheRankToItsConfiguredStrategy() throws IOException {
		Path file = this.directory.resolve("lens.properties");
		replace(file, "export-strategy=all_ranks\n");
		TelemetryHandle silent = rank(0, file);
		assertThat(Await.until(() -> silent.controlStatus().orElseThrow().state().equals("applied"))).isTrue();
		assertThat(silent.isExporting()).isTrue();
		Files.delete(file);
		// The state is the last to change: it reads absent once the switch back is made.
		assertThat(Await.until(() -> "absent".equals(silent.controlStatus().orElseThrow().state()))).isTrue();
		assertThat(silent.isExporting()).isFalse();
	}

	@Test
	void ranksListedInTheFileExportWhateverTheStrategySays() throws IOException {
		Path file = this.directory.resolve("lens.properties");
		TelemetryHandle listed = rank(1, file);
		TelemetryHandle other = rank(2, file);
		replace(file, "ranks=0,1\n");
		assertThat(Await.until(listed::isExporting)).isTrue();
		assertThat(other.isExporting()).isFalse();
		replace(file, "ranks=0, 2-3\n");
		assertThat(Await.until(() -> other.isExporting() && !listed.isExporting())).isTrue();
	}

	@Test
	void aMalformedFileLeavesTheLastGoodContentInForceAndIsReportedOncePerProblem() throws IOException {
		Path file = this.directory.resolve("lens.properties");
		replace(file, "export-strategy=all_ranks\n");
		TelemetryHandle rank = rank(0, file);
		assertThat(Await.until(rank::isExporting)).isTrue();
		replace(file, "export-strategy=every_rank\n");
		assertThat(Await.until(() -> rank.controlStatus().orElseThrow().state().equals("error"))).isTrue();
		replace(file, "export-strategy=every_rank\nexport-rank=1\n");
		replace(file, "export-strategy=every_rank\n");
		assertThat(Await.until(() -> this.warnings.stream().anyMatch((warning) -> warning.contains("every_rank")))).isTrue();
		assertThat(rank.isExporting()).as("the last good content: all_ranks").isTrue();
		assertThat(rank.controlStatus().orElseThrow().error()).contains("'every_rank'").contains("single_rank");
		assertThat(rank.controlStatus().orElseThrow().applied()).containsEntry("export-strategy", "all_ranks");
		assertThat(this.warnings.stream().filter((warning) -> warning.contains("every_rank"))).hasSize(1);
	}

	@Test
	void aFileWhoseUntilHasPassedCountsNoMore() throws IOException {
		Path file = this.directory.resolve("lens.properties");
		replace(file, "export-strategy=all_ranks\nuntil=2020-01-01T00:00:00Z\n");
		TelemetryHandle rank = rank(0, file);
		assertThat(Await.until(() -> rank.controlStatus().orElseThrow().state().equals("expired"))).isTrue();
		assertThat(rank.isExporting()).isFalse();
	}

	@Test
	void aKubernetesConfigMapIsFollowedThroughTheSwapOfItsDataLink() throws IOException {
		// The kubelet's layout: control -> ..data/control, ..data -> ..<timestamp>; an update writes a
		// new timestamped folder and renames a new ..data link over the old one.
		Path first = Files.createDirectory(this.directory.resolve("..2026_12_04_06_00_00.1"));
		Files.writeString(first.resolve("control"), "export-strategy=single_rank\n");
		Files.createSymbolicLink(this.directory.resolve("..data"), first.getFileName());
		Path file = Files.createSymbolicLink(this.directory.resolve("control"), Path.of("..data/control"));
		TelemetryHandle rank = rank(0, file);
		assertThat(Await.until(() -> rank.controlStatus().orElseThrow().state().equals("applied"))).isTrue();
		assertThat(rank.isExporting()).isFalse();

		Path second = Files.createDirectory(this.directory.resolve("..2026_12_04_06_05_00.2"));
		Files.writeString(second.resolve("control"), "export-strategy=all_ranks\n");
		Path link = Files.createSymbolicLink(this.directory.resolve("..data_tmp"), second.getFileName());
		Files.move(link, this.directory.resolve("..data"), StandardCopyOption.ATOMIC_MOVE,
				StandardCopyOption.REPLACE_EXISTING);
		assertThat(Await.until(rank::isExporting)).isTrue();
	}

	@Test
	void theFileSetsSpanGroupsAndTheirStartUpSpecReturnsWithoutIt() throws IOException {
		Path file = this.directory.resolve("lens.properties");
		TelemetryHandle rank = rank(0, file);
		replace(file, "span-groups=per_step\n");
		assertThat(Await.until(() -> rank.spanGroups().spec().equals("per_step"))).isTrue();
		Files.delete(file);
		assertThat(Await.until(() -> rank.spanGroups().spec().equals("default"))).isTrue();
	}

	@Test
	void anOverrideThroughTheEndpointWinsOverTheFile() throws IOException {
		Path file = this.directory.resolve("lens.properties");
		replace(file, "export-strategy=all_ranks\n");
		TelemetryHandle rank = rank(0, file);
		assertThat(Await.until(rank::isExporting)).isTrue();
		rank.override(ExportOverride.State.SILENT, Duration.ofMinutes(5), "test");
		assertThat(rank.isExporting()).isFalse();
		rank.removeOverride("test");
		assertThat(rank.isExporting()).isTrue();
	}

	@Test
	void withoutAControlFileNoPollerThreadRuns() {
		Set<Thread> before = Thread.getAllStackTraces().keySet();
		NemoLensConfig config = NemoLensConfig.builder().enabled(true).exporter("none").build();
		TelemetryHandle handle = new TelemetrySetup(new ExportStrategyRegistry((name) -> null), (name) -> null)
			.setup(config, 0, 4, TelemetryOptions.defaults());
		this.handles.add(handle);
		assertThat(Thread.getAllStackTraces().keySet()).filteredOn((thread) -> !before.contains(thread))
			.extracting(Thread::getName)
			.doesNotContain("nemo-lens-control");
		assertThat(handle.controlStatus()).isEmpty();
	}

	@Test
	void oneNamedDaemonThreadWatchesTheFileAndEndsWithTheRank() {
		Set<Thread> before = Thread.getAllStackTraces().keySet();
		TelemetryHandle rank = rank(0, this.directory.resolve("absent.properties"));
		List<Thread> pollers = pollersStartedSince(before);
		assertThat(pollers).singleElement().satisfies((thread) -> assertThat(thread.isDaemon()).isTrue());
		rank.shutdown();
		assertThat(Await.until(() -> !pollers.get(0).isAlive())).isTrue();
	}

	private static boolean inState(TelemetryHandle rank, String state) {
		return rank.controlStatus().orElseThrow().state().equals(state);
	}

	private static List<Thread> pollersStartedSince(Set<Thread> before) {
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.filter((thread) -> !before.contains(thread) && thread.getName().equals("nemo-lens-control"))
			.toList();
	}

	@Test
	void aFifoAtTheControlPathIsAnErrorThatBlocksNothingAndAGoodFileLaterIsApplied() throws Exception {
		Path fifo = this.directory.resolve("lens.properties");
		Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).redirectErrorStream(true).start();
		assumeTrue(mkfifo.waitFor() == 0, "mkfifo is not available here");
		Set<Thread> before = Thread.getAllStackTraces().keySet();
		TelemetryHandle rank = rank(0, fifo);
		assertThat(Await.until(() -> inState(rank, "error"))).isTrue();
		assertThat(rank.controlStatus().orElseThrow().error()).contains("not a regular file")
			.contains("a FIFO, a socket or a device");
		assertThat(this.warnings).singleElement().asString().contains(fifo.toString()).contains("not a regular file");
		replace(fifo, "export-strategy=all_ranks\n");
		assertThat(Await.until(() -> inState(rank, "applied"))).as("the poller still looks").isTrue();
		assertThat(rank.isExporting()).isTrue();
		List<Thread> pollers = pollersStartedSince(before);
		rank.shutdown();
		assertThat(Await.until(() -> pollers.stream().noneMatch(Thread::isAlive))).as("no thread outlives the rank")
			.isTrue();
	}

	@Test
	void aDirectoryAtTheControlPathIsAnErrorAndTheLastGoodContentStays() throws IOException {
		Path file = this.directory.resolve("lens.properties");
		replace(file, "export-strategy=all_ranks\n");
		TelemetryHandle rank = rank(0, file);
		assertThat(Await.until(rank::isExporting)).isTrue();
		Files.delete(file);
		Path folder = this.directory.resolve("folder");
		Files.createDirectory(folder);
		Files.move(folder, file, StandardCopyOption.ATOMIC_MOVE);
		assertThat(Await.until(() -> inState(rank, "error"))).isTrue();
		assertThat(rank.controlStatus().orElseThrow().error()).contains("not a regular file (a directory)");
	}

	@Test
	void ranksPastTheWorldSizeAreAnErrorNamingTheRankAndTheWorldSize() throws IOException {
		Path file = this.directory.resolve("lens.properties");
		TelemetryHandle rank = rank(1, file);
		replace(file, "ranks=0-999998\n");
		assertThat(Await.until(() -> inState(rank, "error"))).isTrue();
		assertThat(rank.controlStatus().orElseThrow().error()).contains("rank 999998").contains("world size 4");
		assertThat(rank.isExporting()).isFalse();
		assertThat(this.warnings).singleElement().asString().contains("999998");
		replace(file, "ranks=1-3\n");
		assertThat(Await.until(rank::isExporting)).isTrue();
	}

	@Test
	void anErrorRaisedWhileAFileIsAppliedIsReportedAndThePollerGoesOn() throws IOException {
		ExportStrategyRegistry registry = new ExportStrategyRegistry((name) -> null);
		registry.register("exhausting", (config, rank, worldSize) -> {
			throw new OutOfMemoryError("Java heap space (a test's)");
		});
		Path file = this.directory.resolve("lens.properties");
		TelemetryHandle rank = rank(0, file, registry);
		replace(file, "export-strategy=exhausting\n");
		assertThat(Await.until(() -> inState(rank, "error"))).isTrue();
		assertThat(rank.controlStatus().orElseThrow().error()).contains("OutOfMemoryError")
			.contains("Java heap space (a test's)");
		assertThat(this.warnings).singleElement().asString().contains("OutOfMemoryError");
		replace(file, "export-strategy=all_ranks\n");
		assertThat(Await.until(() -> inState(rank, "applied"))).as("the poller survived the Error").isTrue();
		assertThat(rank.isExporting()).isTrue();
	}

}
