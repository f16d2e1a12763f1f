package nemo.lens.sample.e2e;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
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
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The OpenTelemetry instrumentation starter's stack application (the starter's SDK and
 * instrumentations, Micrometer's OTLP registry, and Lens) as ranks 0 and 1 of a two-rank torchrun
 * job under {@code single_rank}: rank 1 exports, rank 0 is silent. Every endpoint the starter,
 * Boot, Micrometer and {@code OTEL_*} read points at one receiver, under {@code /rank-0/} or
 * {@code /rank-1/}, so anything rank 0 sends by any door is counted.
 *
 * <p>
 * One pair of processes serves every test here, in order: the silence while running; the
 * exporting rank's traces, metrics and logs with the rank resource and the user's
 * {@code otel.resource.attributes}; one trace id across a chain through the silent rank; the doors
 * on the endpoint; the silent rank's threads; the silence through SIGTERM; and last the
 * socket-level record of rank 0, which runs under {@code strace -f -e trace=connect} when the
 * machine has strace. The clock is the exporting rank's Micrometer pushes (one a second), never a
 * sleep.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OtelStarterStackTwoRanksIT {

	private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

	private static final Duration ARRIVAL_TIMEOUT = Duration.ofSeconds(45);

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

	/** Micrometer pushes of the exporting rank that the silent rank must stay quiet through. */
	private static final int PUSHES = 3;

	/** The line {@code GET /work} logs through Logback, which the starter's appender ships. */
	private static final String WORK_LOG_LINE = "stack work done";

	/** The instrumentation scope of the starter's JVM runtime metrics. */
	private static final String RUNTIME_METRICS_SCOPE = "io.opentelemetry.runtime-telemetry";

	private OtlpReceiver receiver;

	private RankGroup ranks;

	private ConnectRecord silentRankConnects;

	@BeforeAll
	void startTwoRanks() {
		this.receiver = OtlpReceiver.start();
		this.silentRankConnects = ConnectRecord.of("otel-starter-2-rank0").orElse(null);
		List<String> silentRankWrapper = (this.silentRankConnects != null) ? this.silentRankConnects.wrapper()
				: List.of();
		this.ranks = StackRanks.startJob(StackApp.OTEL_STARTER, "otel-starter-2", this.receiver, "single_rank", 2, 2,
				(rank) -> (rank == 0) ? silentRankWrapper : List.of(), START_TIMEOUT);
	}

	@AfterAll
	void stop() {
		StackRanks.close(this.ranks, this.receiver);
	}

	@Test
	@Order(1)
	void silentRankSendsNothingByAnyDoorWhileTheExportingRankPushesThreeTimes() {
		boolean pushed = StackRanks.awaitMicrometerPushes(this.receiver, 1, PUSHES, this::work, ARRIVAL_TIMEOUT);

		assertThat(pushed).as("rank 1 pushed %d Micrometer batches after traffic began; paths %s", PUSHES,
				this.receiver.requestPaths())
			.isTrue();
		StackRanks.assertNothingFrom(this.receiver, 0);
		assertThat(this.receiver.failures()).isEmpty();
	}

	@Test
	@Order(2)
	void exportingRanksStarterSpansCarryTheRankResourceAndTheUsersAttributes() {
		this.ranks.rank(1).get("/work");
		this.receiver.awaitUntil(() -> spanNamed("stack.work") && spanNamed("GET /work") && spanNamed("library.call"),
				ARRIVAL_TIMEOUT);

		// library.call: made through GlobalOpenTelemetry, which follows the starter's gated SDK.
		assertThat(this.receiver.spans()).extracting(ReceivedSpan::name)
			.contains("stack.work", "GET /work", "library.call");
		assertThat(this.receiver.spans()).allSatisfy((span) -> assertStarterResource(span.resource()));
	}

	@Test
	@Order(3)
	void exportingRanksStarterRuntimeMetricsAndMicrometerMetricsCarryTheRankResource() {
		this.receiver.awaitUntil(() -> !runtimeMetrics().isEmpty(), ARRIVAL_TIMEOUT);

		assertThat(runtimeMetrics()).isNotEmpty().allSatisfy((metric) -> assertStarterResource(metric.resource()));
		assertThat(StackRanks.micrometerMetrics(this.receiver)).isNotEmpty()
			.allSatisfy((metric) -> assertRankResource(metric.resource()));
	}

	@Test
	@Order(4)
	void exportingRanksLogbackLinesArriveWithTheRankResource() {
		this.receiver.awaitUntil(() -> !workLogRecords().isEmpty(), ARRIVAL_TIMEOUT);

		assertThat(workLogRecords()).isNotEmpty().allSatisfy((record) -> {
			assertStarterResource(record.resource());
			assertThat(record.traceId()).as("the trace the line was logged in").hasSize(32);
		});
	}

	@Test
	@Order(5)
	void traceparentPassesThroughTheSilentRankInTheMiddleOfAChain() {
		String last = this.ranks.rank(1).url() + "/work";
		String middle = this.ranks.rank(0).url() + "/relay?next=" + URLEncoder.encode(last, StandardCharsets.UTF_8);
		String chain = "/relay?next=" + URLEncoder.encode(middle, StandardCharsets.UTF_8);

		Map<String, Object> answer = this.ranks.rank(1).getJson(chain);
		String traceId = String.valueOf(answer.get("traceId"));
		this.receiver.awaitUntil(() -> spanNamesOfTrace(traceId).containsAll(List.of("GET /relay", "GET /work")),
				ARRIVAL_TIMEOUT);

		assertThat(traceId).hasSize(32).isNotEqualTo("0".repeat(32));
		// The silent rank saw the same trace: its own answer, nested in the chain's, names it.
		assertThat(String.valueOf(answer.get("next"))).contains("\"traceId\":\"" + traceId + "\"");
		// The first and the last hop, both on the exporting rank, recorded spans of one trace.
		assertThat(spanNamesOfTrace(traceId)).as("spans of trace %s", traceId).contains("GET /relay", "GET /work");
		StackRanks.assertNothingFrom(this.receiver, 0);
	}

	@Test
	@Order(6)
	void lensEndpointListsTheStarterAndMicrometerDoorsSilencedOnTheSilentRankAndExportingOnTheOther() {
		Map<String, String> silent = StackRanks.doors(this.ranks.rank(0));
		Map<String, String> exporting = StackRanks.doors(this.ranks.rank(1));

		assertThat(silent).containsEntry("otel.starter", "silenced")
			.containsEntry("micrometer.otlp", "silenced")
			.containsEntry("global.opentelemetry", "silenced");
		assertThat(silent.values()).as("doors of the silent rank: %s", silent).containsOnly("silenced");
		assertThat(exporting).containsEntry("otel.starter", "exporting")
			.containsEntry("micrometer.otlp", "exporting")
			.containsEntry("global.opentelemetry", "exporting");
	}

	@Test
	@Order(7)
	void silentRankRunsNoExporterOrPublisherThread() {
		List<String> silent = StackRanks.threadNames(this.ranks.rank(0));
		List<String> exporting = StackRanks.threadNames(this.ranks.rank(1));

		assertThat(silent).as("threads of the silent rank").noneMatch(StackRanks::isTelemetryThread);
		// The same dump on the exporting rank shows the starter's and Micrometer's threads running.
		assertThat(exporting).as("threads of the exporting rank")
			.anyMatch((name) -> name.startsWith("PeriodicMetricReader"))
			.anyMatch((name) -> name.contains("metrics-publisher"));
	}

	@Test
	@Order(8)
	void silentRanksHeapHoldsNoExportingObjectWhileTheExportingRanksDoes() {
		ExportingObjects.assertNoneOnSilentRank(this.ranks.rank(0), this.ranks.rank(1),
				"io.micrometer.registry.otlp.OtlpMeterRegistry", "io.opentelemetry.sdk.trace.SdkTracerProvider",
				"io.opentelemetry.sdk.metrics.export.PeriodicMetricReader");
	}

	@Test
	@Order(9)
	void silentRankSendsNothingThroughSigterm() {
		this.ranks.terminate(STOP_TIMEOUT);

		StackRanks.assertNothingFrom(this.receiver, 0);
		assertThat(this.receiver.requestCountUnder(StackRanks.pathOf(1))).isPositive();
		assertThat(this.receiver.failures()).isEmpty();
	}

	@Test
	@Order(10)
	void silentRankNeverConnectedToTheReceiver() {
		assumeTrue(this.silentRankConnects != null,
				"strace is not installed at /usr/bin/strace: no socket-level record");

		// The silent rank's own relay calls to rank 1 show strace does record this JVM's connects.
		this.silentRankConnects.assertConnectedToButNever(this.ranks.rank(1).port(), this.receiver.port());
	}

	/** One round of traffic: work on both ranks, and each rank calling the other. */
	private void work() {
		for (int rank = 0; rank < 2; rank++) {
			SampleAppProcess self = this.ranks.rank(rank);
			SampleAppProcess other = this.ranks.rank(1 - rank);
			assertThat(self.get("/work").statusCode()).isEqualTo(200);
			assertThat(self.get("/library").statusCode()).isEqualTo(200);
			assertThat(self.get("/relay?next=" + other.url() + "/work").statusCode()).isEqualTo(200);
		}
	}

	private boolean spanNamed(String name) {
		return this.receiver.spans().stream().anyMatch((span) -> span.name().equals(name));
	}

	private List<String> spanNamesOfTrace(String traceId) {
		return this.receiver.spans()
			.stream()
			.filter((span) -> span.traceId().equals(traceId))
			.map(ReceivedSpan::name)
			.toList();
	}

	private List<ReceivedMetric> runtimeMetrics() {
		return this.receiver.metrics()
			.stream()
			.filter((metric) -> metric.scopeName().startsWith(RUNTIME_METRICS_SCOPE))
			.toList();
	}

	private List<ReceivedLogRecord> workLogRecords() {
		return this.receiver.logRecords().stream().filter((record) -> record.body().equals(WORK_LOG_LINE)).toList();
	}

	/**
	 * The rank resource, its rank an integer as on the Lens SDK's resource, and the user's
	 * {@code otel.resource.attributes} beside it.
	 */
	private static void assertStarterResource(ReceivedResource resource) {
		assertRankResource(resource);
		assertThat(resource.rank()).as("dl.rank as an integer, in %s", resource.attributes()).hasValue(1);
		assertThat(resource.attributes()).as("resource").containsEntry("team", "vision");
	}

	private static void assertRankResource(ReceivedResource resource) {
		StackRanks.assertRankResource(resource, 1, 2);
	}

}
