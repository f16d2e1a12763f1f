package nemo.lens.sample.e2e;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each signal follows its own strategy, through every door of a real stack: Spring Boot's
 * OpenTelemetry starter (traces through the Lens SDK) and Micrometer's OTLP registry (metrics), two
 * ranks as separate JVMs under {@code single_rank} (rank 1 chosen), a receiver on 127.0.0.1. Rank 0
 * is the rank outside the strategy: once it sends metrics and no traces, once traces and no
 * metrics. Its silence is counted on the receiver after SIGTERM, when every batch a running
 * exporter held would have been flushed.
 */
class SignalStrategiesIT {

	private static final int OTHER_RANK = 0;

	private static final int CHOSEN_RANK = 1;

	private static final Duration START_TIMEOUT = Duration.ofSeconds(180);

	private static final Duration ARRIVAL_TIMEOUT = Duration.ofSeconds(60);

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

	@Test
	void withMetricsFromAllRanksTheOtherRankSendsMetricsAndNoTraces() {
		OtlpReceiver receiver = OtlpReceiver.start();
		RankGroup ranks = null;
		try {
			ranks = StackRanks.startJob(StackApp.BOOT_OTEL, "metrics-all-ranks", receiver, "single_rank", 2, 2,
					(rank) -> List.of(), (rank) -> Map.of("NEMO_LENS_METRICS_EXPORT_STRATEGY", "all_ranks"),
					START_TIMEOUT);
			assertThat(signals(ranks.rank(OTHER_RANK))).containsEntry("traces", Map.of("exporting", false,
					"exportStrategy", "single_rank", "selectedByStrategy", false, "enabled", true, "strategyPicks",
					"single_rank: rank 1"))
				.containsEntry("metrics", Map.of("exporting", true, "exportStrategy", "all_ranks", "selectedByStrategy", true,
						"enabled", true, "strategyPicks", "all_ranks: every rank"));
			assertThat(StackRanks.doors(ranks.rank(OTHER_RANK))).containsEntry("micrometer.otlp", "exporting")
				.containsEntry("boot.opentelemetry", "exporting");
			assertThat(doorSignals(ranks.rank(OTHER_RANK), "boot.opentelemetry")).containsEntry("traces", "silenced")
				.containsEntry("metrics", "exporting");

			RankGroup job = ranks;
			assertThat(StackRanks.awaitMicrometerPushes(receiver, OTHER_RANK, 2, () -> work(job), ARRIVAL_TIMEOUT))
				.as("rank %d pushed Micrometer batches; paths %s", OTHER_RANK, receiver.requestPaths())
				.isTrue();
			assertThat(receiver.awaitUntil(() -> {
				work(job);
				return receiver.ranksWithSpans().contains((long) CHOSEN_RANK);
			}, ARRIVAL_TIMEOUT)).as("spans of the chosen rank; paths %s", receiver.requestPaths()).isTrue();

			ranks.terminate(STOP_TIMEOUT);

			assertThat(receiver.requestCountUnder(StackRanks.pathOf(OTHER_RANK) + "v1/traces"))
				.as("trace requests of rank %d: %s", OTHER_RANK, receiver.requestPaths())
				.isZero();
			assertThat(receiver.ranksWithSpans()).containsExactly((long) CHOSEN_RANK);
		}
		finally {
			StackRanks.close(ranks, receiver);
		}
	}

	@Test
	void withTheStrategiesSwappedThroughPropertiesTheOtherRankSendsTracesAndNoMetrics() {
		OtlpReceiver receiver = OtlpReceiver.start();
		RankGroup ranks = null;
		try {
			// Spring properties, not variables: SPRING_APPLICATION_JSON is a property source of its own.
			String properties = "{\"nemo.lens.traces.export-strategy\": \"all_ranks\", "
					+ "\"nemo.lens.metrics.export-strategy\": \"single_rank\"}";
			ranks = StackRanks.startJob(StackApp.BOOT_OTEL, "traces-all-ranks", receiver, "single_rank", 2, 2,
					(rank) -> List.of(), (rank) -> Map.of("SPRING_APPLICATION_JSON", properties), START_TIMEOUT);
			assertThat(signals(ranks.rank(OTHER_RANK))).containsEntry("traces", Map.of("exporting", true,
					"exportStrategy", "all_ranks", "selectedByStrategy", true, "enabled", true, "strategyPicks",
					"all_ranks: every rank"))
				.containsEntry("metrics",
						Map.of("exporting", false, "exportStrategy", "single_rank", "selectedByStrategy", false,
								"enabled", true, "strategyPicks", "single_rank: rank 1"));
			assertThat(StackRanks.doors(ranks.rank(OTHER_RANK))).containsEntry("micrometer.otlp", "silenced")
				.containsEntry("boot.opentelemetry", "exporting");
			assertThat(StackRanks.threadNames(ranks.rank(OTHER_RANK))).noneMatch((name) -> name.contains("metrics-publisher"));

			RankGroup job = ranks;
			assertThat(receiver.awaitUntil(() -> {
				work(job);
				return receiver.ranksWithSpans().contains((long) OTHER_RANK);
			}, ARRIVAL_TIMEOUT)).as("spans of rank %d; paths %s", OTHER_RANK, receiver.requestPaths()).isTrue();
			assertThat(StackRanks.awaitMicrometerPushes(receiver, CHOSEN_RANK, 2, () -> work(job), ARRIVAL_TIMEOUT))
				.as("rank %d pushed Micrometer batches; paths %s", CHOSEN_RANK, receiver.requestPaths())
				.isTrue();

			ranks.terminate(STOP_TIMEOUT);

			assertThat(receiver.requestCountUnder(StackRanks.pathOf(OTHER_RANK) + "v1/metrics"))
				.as("metric requests of rank %d: %s", OTHER_RANK, receiver.requestPaths())
				.isZero();
			assertThat(receiver.ranksWithSpans()).containsExactly((long) OTHER_RANK, (long) CHOSEN_RANK);
		}
		finally {
			StackRanks.close(ranks, receiver);
		}
	}

	/** Requests on every rank, so that each rank's HTTP server makes spans and counts work. */
	private static void work(RankGroup ranks) {
		for (SampleAppProcess rank : ranks.ranks()) {
			assertThat(rank.get("/work").statusCode()).isEqualTo(200);
		}
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> signals(SampleAppProcess rank) {
		return (Map<String, Object>) rank.getJson("/actuator/lens").get("signals");
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> doorSignals(SampleAppProcess rank, String door) {
		for (Object listed : (List<?>) rank.getJson("/actuator/lens").get("doors")) {
			Map<String, Object> entry = (Map<String, Object>) listed;
			if (door.equals(entry.get("name"))) {
				return (Map<String, Object>) entry.get("signals");
			}
		}
		throw new AssertionError("No door " + door + " on the endpoint");
	}

}
