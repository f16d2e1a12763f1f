package nemo.lens.sample.e2e;

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
 * {@code NEMO_LENS_ENABLED} in the core's other spellings ({@code on}, {@code 1}, {@code YES}) means
 * what {@code true} means to every part of Lens, the conditions that replace Spring Boot's
 * OpenTelemetry SDK included. The stack application (Spring Boot's OpenTelemetry starter with
 * Micrometer's OTLP registry) runs as a four-rank job under {@code single_rank}: ranks 0, 1 and 2
 * spell the switch {@code on}, {@code 1} and {@code YES} and are silent; rank 3 exports and is the
 * clock. A silent rank whose Boot SDK were left running would send its request spans at the latest
 * when SIGTERM flushes its batch processor, so the test counts on the receiver after every rank
 * has ended.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class EnabledSpellingsIT {

	private static final List<String> SPELLINGS = List.of("on", "1", "YES");

	private static final int EXPORTING_RANK = 3;

	private static final Duration START_TIMEOUT = Duration.ofSeconds(180);

	private static final Duration ARRIVAL_TIMEOUT = Duration.ofSeconds(60);

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

	private OtlpReceiver receiver;

	private RankGroup ranks;

	@BeforeAll
	void startFourRanks() {
		this.receiver = OtlpReceiver.start();
		this.ranks = StackRanks.startJob(StackApp.BOOT_OTEL, "enabled-spellings", this.receiver, "single_rank", 4, 4,
				(rank) -> List.of(),
				(rank) -> Map.of("NEMO_LENS_ENABLED", (rank < SPELLINGS.size()) ? SPELLINGS.get(rank) : "true"),
				START_TIMEOUT);
	}

	@AfterAll
	void stop() {
		StackRanks.close(this.ranks, this.receiver);
	}

	@Test
	@Order(1)
	void everySpellingIsReadAsEnabledAndTheSilentRanksReportTheirDoorsSilenced() {
		for (int rank = 0; rank < SPELLINGS.size(); rank++) {
			Map<String, Object> lens = this.ranks.rank(rank).getJson("/actuator/lens");
			assertThat(lens).as("rank %d with NEMO_LENS_ENABLED=%s", rank, SPELLINGS.get(rank))
				.containsEntry("enabled", true)
				.containsEntry("exporting", false);
			assertThat(StackRanks.doors(this.ranks.rank(rank))).as("doors of rank %d", rank)
				.containsEntry("lens.sdk", "silenced")
				.containsEntry("boot.opentelemetry", "silenced")
				.containsEntry("micrometer.otlp", "silenced");
		}
		assertThat(StackRanks.doors(this.ranks.rank(EXPORTING_RANK))).containsEntry("boot.opentelemetry",
				"exporting");
	}

	@Test
	@Order(2)
	void silentRanksSendNothingWhileAndAfterTheExportingRankSends() {
		boolean pushed = StackRanks.awaitMicrometerPushes(this.receiver, EXPORTING_RANK, 2, this::work,
				ARRIVAL_TIMEOUT);
		assertThat(pushed).as("rank %d pushed Micrometer batches; paths %s", EXPORTING_RANK,
				this.receiver.requestPaths())
			.isTrue();

		this.ranks.terminate(STOP_TIMEOUT);

		assertThat(this.receiver.spans()).as("spans of the exporting rank, flushed at the latest by SIGTERM")
			.isNotEmpty();
		for (int rank = 0; rank < SPELLINGS.size(); rank++) {
			StackRanks.assertNothingFrom(this.receiver, rank);
		}
	}

	/** Requests on every rank, so that each rank's HTTP server would make spans. */
	private void work() {
		for (SampleAppProcess rank : this.ranks.ranks()) {
			assertThat(rank.get("/work").statusCode()).isEqualTo(200);
		}
	}

}
