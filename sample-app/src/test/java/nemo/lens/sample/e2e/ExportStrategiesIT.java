package nemo.lens.sample.e2e;

import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.IntPredicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import nemo.lens.sdk.RankSampling;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged sample application as four JVM processes per scenario, started with a real
 * launcher's variables and exporting over OTLP/HTTP to one receiver: for each strategy, exactly the
 * ranks the strategy selects send spans, each span carries the {@code dl.rank} of the process that
 * made it (its trace ids are the ones that process answered), every exporting rank has its own
 * {@code service.instance.id}, and the other ranks send nothing on any signal, neither while
 * running nor when they flush at SIGTERM.
 *
 * <p>
 * Which ranks are expected is computed from the strategy's rule, not written down: for
 * {@code sampled} by the md5 rule itself, so the test holds for any rate that selects some but not
 * all ranks.
 */
class ExportStrategiesIT {

	private static final int WORLD_SIZE = 4;

	private static final int RANKS_PER_NODE = 2;

	private static final int WORK_CALLS = 3;

	/** {@code GET /work} makes these three spans each time. */
	private static final List<String> WORK_SPANS = List.of("work", "load-batch", "compute");

	/** Four JVMs starting at once on two cores take 10 to 15 s; this leaves room for a slow CI. */
	private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

	private static final Duration ARRIVAL_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

	private static final double SAMPLE_RATE = 0.8;

	static Stream<Scenario> scenarios() {
		return Stream.of(
				new Scenario("single_rank", Launcher.TORCHRUN, Map.of(), (rank) -> rank == WORLD_SIZE - 1),
				new Scenario("first_rank_per_node", Launcher.SRUN, Map.of(), (rank) -> rank % RANKS_PER_NODE == 0),
				new Scenario("sampled", Launcher.TORCHRUN,
						Map.of("NEMO_LENS_EXPORT_SAMPLE_RATE", Double.toString(SAMPLE_RATE)),
						(rank) -> RankSampling.selects(rank, SAMPLE_RATE)),
				new Scenario("all_ranks", Launcher.SRUN, Map.of(), (rank) -> true),
				new Scenario("first_two_ranks", Launcher.TORCHRUN, Map.of(), (rank) -> rank < 2));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("scenarios")
	void exactlyTheSelectedRanksExportUnderTheirOwnRankAndInstance(Scenario scenario) {
		SortedSet<Long> expected = scenario.expectedRanks();
		if (scenario.strategy().equals("sampled")) {
			// Otherwise the scenario could not tell sampled from all_ranks or from a silent job.
			assertThat(expected).as("ranks the sample rate selects").isNotEmpty().hasSizeLessThan(WORLD_SIZE);
		}
		String jobId = "e2e-" + scenario.strategy().replace('_', '-') + "-" + ProcessHandle.current().pid();
		try (OtlpReceiver receiver = OtlpReceiver.start();
				RankGroup ranks = RankGroup.start("strategy-" + scenario.strategy(), WORLD_SIZE,
						(rank) -> scenario.environment(jobId, rank, receiver.otelEnvironment()))) {
			ranks.awaitHealthy(START_TIMEOUT);
			for (int rank = 0; rank < WORLD_SIZE; rank++) {
				assertDecision(ranks.rank(rank).getJson("/actuator/lens"), scenario, jobId, rank,
						expected.contains((long) rank));
			}
			Map<Long, Set<String>> traceIds = callWork(ranks);
			Map<Long, Long> served = servedSpans(ranks);
			long expectedSpans = expected.stream().mapToLong(served::get).sum();

			receiver.awaitSpans((spans) -> spans.size() >= expectedSpans, ARRIVAL_TIMEOUT);
			assertOnlySelectedRanksSent(receiver, expected, served, traceIds, scenario.launcher().runId(jobId));

			// Each rank flushes what it holds before it exits, and the receiver records a request
			// before it answers it: once every rank exited, whatever any rank would ever send is here.
			Map<Integer, Duration> exits = ranks.terminate(STOP_TIMEOUT);
			System.out.printf("%s: exit after SIGTERM by rank %s%n", scenario, exits);
			assertThat(ranks.ranks()).allSatisfy((rank) -> assertThat(rank.exitCode()).as(rank.name()).isEqualTo(143));
			assertOnlySelectedRanksSent(receiver, expected, served, traceIds, scenario.launcher().runId(jobId));
			assertThat(receiver.failures()).isEmpty();
		}
	}

	private static void assertDecision(Map<String, Object> lens, Scenario scenario, String jobId, int rank,
			boolean exporting) {
		assertThat(lens).as("rank %d's /actuator/lens", rank)
			.containsEntry("exportStrategy", scenario.strategy())
			.containsEntry("exporting", exporting)
			.containsEntry("rank", rank)
			.containsEntry("worldSize", WORLD_SIZE)
			.containsEntry("localRank", rank % RANKS_PER_NODE)
			.containsEntry("launcher", scenario.launcher().detectedAs())
			.containsEntry("runIdSource", scenario.launcher() == Launcher.SRUN ? "SLURM_JOB_ID.SLURM_STEP_ID"
					: "TORCHELASTIC_RUN_ID")
			.containsEntry("serviceInstanceId", scenario.launcher().runId(jobId) + "-rank" + rank);
	}

	/** Calls {@code /work} on every rank and returns the trace ids each rank answered. */
	private static Map<Long, Set<String>> callWork(RankGroup ranks) {
		Map<Long, Set<String>> traceIds = new HashMap<>();
		for (int call = 0; call < WORK_CALLS; call++) {
			for (int rank = 0; rank < ranks.size(); rank++) {
				Map<String, Object> work = ranks.rank(rank).getJson("/work");
				assertThat(work).containsEntry("rank", rank);
				traceIds.computeIfAbsent((long) rank, (r) -> new LinkedHashSet<>()).add((String) work.get("traceId"));
			}
		}
		return traceIds;
	}

	/**
	 * The spans each rank made, as it counts them itself: a {@code /work} its HTTP client sent again
	 * after a dropped connection was served twice, though this test saw one answer.
	 */
	private static Map<Long, Long> servedSpans(RankGroup ranks) {
		Map<Long, Long> served = new HashMap<>();
		for (int rank = 0; rank < ranks.size(); rank++) {
			served.put((long) rank, ((Number) ranks.rank(rank).getJson("/work/served").get("spans")).longValue());
		}
		return served;
	}

	private static void assertOnlySelectedRanksSent(OtlpReceiver receiver, SortedSet<Long> expected,
			Map<Long, Long> served, Map<Long, Set<String>> traceIds, String runId) {
		assertThat(receiver.ranksWithSpans()).as("ranks that sent spans").isEqualTo(expected);
		assertThat(receiver.serviceInstanceIds()).as("service.instance.id of everything received, any signal")
			.containsExactlyElementsOf(expected.stream().map((rank) -> runId + "-rank" + rank).toList());
		long expectedSpans = expected.stream().mapToLong(served::get).sum();
		assertThat(receiver.spans()).as("spans without a dl.rank").hasSize((int) expectedSpans);
		receiver.spansByRank().forEach((rank, spans) -> {
			long calls = served.get(rank) / WORK_SPANS.size();
			assertThat(calls).as("/work calls rank %d served", rank).isGreaterThanOrEqualTo(WORK_CALLS);
			assertThat(spans).as("rank %d's spans", rank).hasSize((int) (calls * WORK_SPANS.size()));
			assertThat(spans).extracting(ReceivedSpan::name)
				.containsExactlyInAnyOrderElementsOf(
						LongStream.range(0, calls).boxed().flatMap((i) -> WORK_SPANS.stream()).toList());
			assertThat(spans).extracting(ReceivedSpan::traceId)
				.as("rank %d's spans include every trace that process answered", rank)
				.containsAll(traceIds.get(rank));
			assertThat(spans).extracting(ReceivedSpan::resource).allSatisfy((resource) -> {
				assertThat(resource.serviceInstanceId()).isEqualTo(runId + "-rank" + rank);
				assertThat(resource.attribute("dl.world_size")).contains((long) WORLD_SIZE);
				assertThat(resource.attribute("dl.local_rank")).contains((long) (rank % RANKS_PER_NODE));
				assertThat(resource.serviceName()).isEqualTo("lens-sample");
			});
		});
	}

	/**
	 * One job: a strategy, the launcher that starts its ranks, and which ranks should export.
	 *
	 * @param strategy the export strategy every rank is given
	 * @param launcher whose variables the ranks get
	 * @param settings further {@code NEMO_LENS_*} variables
	 * @param selects the strategy's rule, for the expected ranks
	 */
	record Scenario(String strategy, Launcher launcher, Map<String, String> settings, IntPredicate selects) {

		SortedSet<Long> expectedRanks() {
			return IntStream.range(0, WORLD_SIZE)
				.filter(this.selects)
				.mapToObj(Long::valueOf)
				.collect(Collectors.toCollection(TreeSet::new));
		}

		/**
		 * A rank's environment. The run id is left to Lens, which takes the launcher's job id
		 * ({@code TORCHELASTIC_RUN_ID}, or {@code SLURM_JOB_ID.SLURM_STEP_ID}).
		 */
		Map<String, String> environment(String jobId, int rank, Map<String, String> otel) {
			Map<String, String> env = new LinkedHashMap<>(this.launcher.variables(jobId, rank, WORLD_SIZE, RANKS_PER_NODE));
			env.putAll(otel);
			env.put("NEMO_LENS_EXPORTER", "otlp");
			env.put("NEMO_LENS_EXPORT_STRATEGY", this.strategy);
			env.putAll(this.settings);
			return env;
		}

		@Override
		public String toString() {
			return this.strategy + " under " + this.launcher.name().toLowerCase(Locale.ROOT);
		}

	}

}
