package nemo.lens.sample.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One control file switches a whole job while it runs, as a Slurm job's shared directory would
 * carry it: the Boot OpenTelemetry stack, two ranks as separate JVMs under {@code single_rank}
 * (rank 1 chosen), each watching the same file, a receiver on 127.0.0.1. The file turns the job to
 * {@code all_ranks} (rank 0's spans arrive), a malformed file keeps the last good content, {@code ranks=}
 * opens one rank, and removing the file returns the job to its strategy (rank 0 sends nothing more
 * while rank 1 keeps pushing).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ControlFileIT {

	private static final Duration START_TIMEOUT = Duration.ofSeconds(180);

	private static final Duration CHANGE_TIMEOUT = Duration.ofSeconds(60);

	private Path directory;

	private Path file;

	private OtlpReceiver receiver;

	private RankGroup ranks;

	@BeforeAll
	void startTwoRanks() throws IOException {
		this.directory = Files.createTempDirectory("lens-control-");
		this.file = this.directory.resolve("lens.properties");
		this.receiver = OtlpReceiver.start();
		this.ranks = StackRanks.startJob(StackApp.BOOT_OTEL, "control-file", this.receiver, "single_rank", 2, 2,
				(rank) -> List.of(), (rank) -> Map.of("NEMO_LENS_CONTROL_FILE", this.file.toString(),
						"NEMO_LENS_CONTROL_INTERVAL", "200ms"),
				START_TIMEOUT);
	}

	@AfterAll
	void stop() throws IOException {
		StackRanks.close(this.ranks, this.receiver);
		Files.deleteIfExists(this.file);
		Files.deleteIfExists(this.directory);
	}

	@Test
	@Order(1)
	void aFileThatTurnsTheJobToAllRanksSwitchesTheSilentRankOn() {
		assertThat(lens(0)).containsEntry("exporting", false);
		assertThat(control(0)).containsEntry("state", "absent");
		replace("export-strategy=all_ranks\n");
		// The state is the last to change: once it reads applied, the rank exports as the file says.
		assertThat(this.receiver.awaitUntil(() -> "applied".equals(control(0).get("state")), CHANGE_TIMEOUT))
			.isTrue();
		assertThat(lens(0)).containsEntry("exporting", true);
		assertThat(this.receiver.awaitUntil(() -> {
			work();
			return this.receiver.ranksWithSpans().contains(0L);
		}, CHANGE_TIMEOUT)).as("spans of rank 0; paths %s", this.receiver.requestPaths()).isTrue();
	}

	@Test
	@Order(2)
	void aMalformedFileKeepsTheLastGoodContentAndSaysWhy() {
		replace("export-strategy=every_rank\n");
		assertThat(this.receiver.awaitUntil(() -> "error".equals(control(0).get("state")), CHANGE_TIMEOUT)).isTrue();
		assertThat(String.valueOf(control(0).get("error"))).contains("every_rank");
		assertThat(lens(0)).containsEntry("exporting", true);
		assertThat(lens(1)).containsEntry("exporting", true);
	}

	@Test
	@Order(3)
	void ranksNamedInTheFileExportWhateverTheStrategySays() {
		replace("export-rank=1\nranks=0\n");
		assertThat(this.receiver.awaitUntil(() -> "applied".equals(control(0).get("state")), CHANGE_TIMEOUT))
			.isTrue();
		assertThat(lens(0)).containsEntry("exporting", true).containsEntry("selectedByStrategy", false);
	}

	@Test
	@Order(4)
	void removingTheFileReturnsTheJobToItsStrategyAndTheSilentRankSendsNothingMore() throws IOException {
		Files.delete(this.file);
		assertThat(this.receiver.awaitUntil(() -> Boolean.FALSE.equals(lens(0).get("exporting")), CHANGE_TIMEOUT))
			.isTrue();
		assertThat(this.receiver.awaitUntil(() -> StackRanks.threadNames(this.ranks.rank(0))
			.stream()
			.noneMatch((name) -> name.startsWith("BatchSpanProcessor") || name.contains("metrics-publisher")),
				CHANGE_TIMEOUT))
			.isTrue();
		long sent = this.receiver.requestCountUnder(StackRanks.pathOf(0));
		assertThat(StackRanks.awaitMicrometerPushes(this.receiver, 1, 3, this::work, CHANGE_TIMEOUT)).isTrue();
		assertThat(this.receiver.requestCountUnder(StackRanks.pathOf(0))).isEqualTo(sent);
	}

	/** Writes the new content beside the file and renames it into place, as a job script should. */
	private void replace(String content) {
		try {
			Path next = Files.createTempFile(this.directory, "next", ".tmp");
			Files.writeString(next, content);
			Files.move(next, this.file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private Map<String, Object> lens(int rank) {
		return this.ranks.rank(rank).getJson("/actuator/lens");
	}

	@SuppressWarnings("unchecked")
	private Map<String, Object> control(int rank) {
		return (Map<String, Object>) lens(rank).get("control");
	}

	private void work() {
		for (SampleAppProcess rank : this.ranks.ranks()) {
			assertThat(rank.get("/work").statusCode()).isEqualTo(200);
		}
	}

}
