package nemo.lens.sample.e2e;

import java.net.http.HttpResponse;
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
 * An operator switches a silent rank on and off through {@code POST /actuator/lens}, without a
 * restart: the Boot OpenTelemetry stack (traces through the Lens SDK, metrics through Micrometer's
 * OTLP registry), two ranks as separate JVMs under {@code single_rank} (rank 1 chosen), a receiver
 * on 127.0.0.1. Switched on, rank 0 sends traces and metrics; switched off, it sends nothing more
 * (counted while rank 1, the clock, keeps pushing) and has no exporter thread left; an override
 * ends by itself.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LiveOverrideIT {

	private static final int SILENT_RANK = 0;

	private static final int CHOSEN_RANK = 1;

	private static final Duration START_TIMEOUT = Duration.ofSeconds(180);

	private static final Duration ARRIVAL_TIMEOUT = Duration.ofSeconds(60);

	private OtlpReceiver receiver;

	private RankGroup ranks;

	@BeforeAll
	void startTwoRanks() {
		this.receiver = OtlpReceiver.start();
		this.ranks = StackRanks.startJob(StackApp.BOOT_OTEL, "live-override", this.receiver, "single_rank", 2, 2,
				(rank) -> List.of(), (rank) -> Map.of("MANAGEMENT_ENDPOINT_LENS_ACCESS", "unrestricted"),
				START_TIMEOUT);
	}

	@AfterAll
	void stop() {
		StackRanks.close(this.ranks, this.receiver);
	}

	@Test
	@Order(1)
	void aSilentRankSwitchedOnSendsItsTracesAndMetrics() {
		assertThat(lens()).containsEntry("exporting", false).containsEntry("override", null);
		HttpResponse<String> response = silentRank().postJson("/actuator/lens",
				"{\"override\": \"exporting\", \"duration\": \"PT10M\"}");
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		Map<String, Object> lens = lens();
		assertThat(lens).containsEntry("exporting", true).containsEntry("selectedByStrategy", false);
		assertThat(overrideOf(lens)).containsEntry("state", "exporting")
			.containsEntry("source", "endpoint");
		assertThat(StackRanks.doors(silentRank())).containsEntry("lens.sdk", "exporting")
			.containsEntry("boot.opentelemetry", "exporting")
			.containsEntry("micrometer.otlp", "exporting");

		assertThat(this.receiver.awaitUntil(() -> {
			work();
			return this.receiver.ranksWithSpans().contains((long) SILENT_RANK);
		}, ARRIVAL_TIMEOUT)).as("spans of rank %d; paths %s", SILENT_RANK, this.receiver.requestPaths()).isTrue();
		assertThat(StackRanks.awaitMicrometerPushes(this.receiver, SILENT_RANK, 1, this::work, ARRIVAL_TIMEOUT))
			.as("Micrometer pushes of rank %d; paths %s", SILENT_RANK, this.receiver.requestPaths())
			.isTrue();
	}

	@Test
	@Order(2)
	void switchedOffItSendsNothingMoreAndNoExporterThreadIsLeft() {
		HttpResponse<String> response = silentRank().postJson("/actuator/lens", "{\"override\": \"silent\"}");
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		assertThat(lens()).containsEntry("exporting", false);
		assertThat(this.receiver.awaitUntil(() -> StackRanks.threadNames(silentRank())
			.stream()
			.noneMatch((name) -> name.startsWith("BatchSpanProcessor") || name.contains("metrics-publisher")),
				ARRIVAL_TIMEOUT))
			.as("threads of rank %d: %s", SILENT_RANK, StackRanks.threadNames(silentRank()))
			.isTrue();

		long sent = this.receiver.requestCountUnder(StackRanks.pathOf(SILENT_RANK));
		assertThat(StackRanks.awaitMicrometerPushes(this.receiver, CHOSEN_RANK, 3, this::work, ARRIVAL_TIMEOUT))
			.as("the clock: rank %d pushed", CHOSEN_RANK)
			.isTrue();
		assertThat(this.receiver.requestCountUnder(StackRanks.pathOf(SILENT_RANK)))
			.as("requests of rank %d after it was switched off: %s", SILENT_RANK, this.receiver.requestPaths())
			.isEqualTo(sent);
	}

	@Test
	@Order(3)
	void anOverrideEndsByItselfAndTheRankReturnsToItsStrategy() {
		HttpResponse<String> response = silentRank().postJson("/actuator/lens",
				"{\"override\": \"exporting\", \"duration\": \"2s\"}");
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		assertThat(this.receiver.awaitUntil(() -> lens().get("override") == null, ARRIVAL_TIMEOUT))
			.as("the override ended by itself")
			.isTrue();
		assertThat(lens()).containsEntry("exporting", false);
		assertThat(StackRanks.doors(silentRank())).containsEntry("micrometer.otlp", "silenced")
			.containsEntry("lens.sdk", "silenced");
	}

	@Test
	@Order(4)
	void aBadRequestIsRefusedNamingTheValueAndChangesNothing() {
		HttpResponse<String> response = silentRank().postJson("/actuator/lens",
				"{\"override\": \"exporting\", \"duration\": \"3 days\"}");
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(response.body()).contains("3 days");
		assertThat(lens()).containsEntry("exporting", false).containsEntry("override", null);
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> overrideOf(Map<String, Object> lens) {
		return (Map<String, Object>) lens.get("override");
	}

	private SampleAppProcess silentRank() {
		return this.ranks.rank(SILENT_RANK);
	}

	private Map<String, Object> lens() {
		return silentRank().getJson("/actuator/lens");
	}

	/** Requests on every rank, so that each rank's HTTP server makes spans and counts work. */
	private void work() {
		for (SampleAppProcess rank : this.ranks.ranks()) {
			assertThat(rank.get("/work").statusCode()).isEqualTo(200);
		}
	}

}
