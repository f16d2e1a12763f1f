package nemo.lens.sample.e2e;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import nemo.lens.spans.JobTrace;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One trace per run, in real processes: two runs one after the other, each four JVM ranks started
 * with torchrun's variables and {@code NEMO_LENS_JOB_TRACE=true}, of which two export
 * ({@code first_rank_per_node}, two ranks per node: ranks 0 and 2) over OTLP/HTTP to one receiver.
 * Every span of a run arrives under one trace id, the one every rank derived alone from the run id
 * (no rank talked to another), its top-level spans under the job's parent, and the two runs' trace
 * ids differ.
 */
class JobTraceIT {

	private static final int WORLD_SIZE = 4;

	private static final int RANKS_PER_NODE = 2;

	private static final Set<Long> EXPORTING = Set.of(0L, 2L);

	private static final int WORK_CALLS = 2;

	private static final String SERVICE_NAME = "lens-sample";

	/** Four JVMs starting at once on two cores take 10 to 15 s; this leaves room for a slow CI. */
	private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

	private static final Duration ARRIVAL_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

	@Test
	void exportingRanksOfARunSendTheirSpansUnderOneTraceIdPerRun() {
		long pid = ProcessHandle.current().pid();
		String runA = "e2e-job-trace-a-" + pid;
		String runB = "e2e-job-trace-b-" + pid;
		try (OtlpReceiver receiver = OtlpReceiver.start()) {
			long spansA = runJob(receiver, runA, 0);
			runJob(receiver, runB, spansA);

			Map<String, List<ReceivedSpan>> byRun = receiver.spans()
				.stream()
				.collect(Collectors.groupingBy((span) -> runOf(span, runA, runB)));
			assertThat(byRun).containsOnlyKeys(runA, runB);
			for (String run : List.of(runA, runB)) {
				JobTrace job = JobTrace.derived(SERVICE_NAME, run);
				List<ReceivedSpan> spans = byRun.get(run);
				assertThat(spans).extracting(ReceivedSpan::traceId).as("trace ids of %s", run).containsOnly(job.traceId());
				assertThat(spans.stream().map((span) -> span.rank().getAsLong()).collect(Collectors.toSet()))
					.as("ranks of %s that sent spans", run)
					.isEqualTo(EXPORTING);
				assertThat(spans).filteredOn((span) -> span.name().equals("work"))
					.hasSize(EXPORTING.size() * WORK_CALLS)
					.allSatisfy((span) -> assertThat(span.parentSpanId()).isEqualTo(job.parent().getSpanId()));
			}
			assertThat(JobTrace.derived(SERVICE_NAME, runA).traceId())
				.isNotEqualTo(JobTrace.derived(SERVICE_NAME, runB).traceId());
			assertThat(receiver.failures()).isEmpty();
		}
	}

	/**
	 * Runs one job to its end and returns how many spans its exporting ranks made; each rank's
	 * answer to {@code /work} names the trace its spans went to.
	 */
	private static long runJob(OtlpReceiver receiver, String runId, long spansBefore) {
		String jobTraceId = JobTrace.derived(SERVICE_NAME, runId).traceId();
		try (RankGroup ranks = RankGroup.start(runId.substring(0, runId.lastIndexOf('-')), WORLD_SIZE,
				(rank) -> environment(runId, rank, receiver.otelEnvironment()))) {
			ranks.awaitHealthy(START_TIMEOUT);
			for (int call = 0; call < WORK_CALLS; call++) {
				for (int rank = 0; rank < WORLD_SIZE; rank++) {
					Map<String, Object> work = ranks.rank(rank).getJson("/work");
					assertThat(work.get("traceId")).as("trace of rank %d's /work", rank)
						.isEqualTo(EXPORTING.contains((long) rank) ? jobTraceId : "0".repeat(32));
				}
			}
			long spans = EXPORTING.stream()
				.mapToLong((rank) -> ((Number) ranks.rank(rank.intValue()).getJson("/work/served").get("spans")).longValue())
				.sum();
			receiver.awaitSpans((received) -> received.size() >= spansBefore + spans, ARRIVAL_TIMEOUT);
			ranks.terminate(STOP_TIMEOUT);
			return spans;
		}
	}

	private static Map<String, String> environment(String runId, int rank, Map<String, String> otel) {
		Map<String, String> env = new LinkedHashMap<>(Launcher.TORCHRUN.variables(runId, rank, WORLD_SIZE, RANKS_PER_NODE));
		env.putAll(otel);
		env.put("NEMO_LENS_EXPORTER", "otlp");
		env.put("NEMO_LENS_EXPORT_STRATEGY", "first_rank_per_node");
		env.put("NEMO_LENS_JOB_TRACE", "true");
		return env;
	}

	private static String runOf(ReceivedSpan span, String... runs) {
		String instance = span.resource().serviceInstanceId();
		for (String run : runs) {
			if (instance.startsWith(run + "-rank")) {
				return run;
			}
		}
		return instance;
	}

}
