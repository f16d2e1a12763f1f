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
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The stack application (Spring Boot's OpenTelemetry starter with Micrometer's OTLP registry, plus
 * Lens) as ranks 0 and 1 of a two-rank torchrun job under {@code single_rank}: rank 1 exports,
 * rank 0 is silent. Every endpoint Boot, Micrometer and {@code OTEL_*} read points at one receiver,
 * under {@code /rank-0/} or {@code /rank-1/}, so anything rank 0 sends by any door is counted.
 *
 * <p>
 * One pair of processes serves every test here, in order: the silence while running, the
 * exporting rank's resources, the doors on the endpoint, the threads, the objects on each heap,
 * the silence through SIGTERM, and last the socket-level record of rank 0, which runs under
 * {@code strace -f -e trace=connect} when the machine has strace. The clock is the exporting rank's Micrometer pushes (one a second),
 * never a sleep.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BootOtelStackTwoRanksIT {

	private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

	private static final Duration ARRIVAL_TIMEOUT = Duration.ofSeconds(45);

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

	/** Micrometer pushes of the exporting rank that the silent rank must stay quiet through. */
	private static final int PUSHES = 3;

	private OtlpReceiver receiver;

	private RankGroup ranks;

	private ConnectRecord silentRankConnects;

	private int workCalls;

	@BeforeAll
	void startTwoRanks() {
		this.receiver = OtlpReceiver.start();
		this.silentRankConnects = ConnectRecord.of("boot-otel-2-rank0").orElse(null);
		List<String> silentRankWrapper = (this.silentRankConnects != null) ? this.silentRankConnects.wrapper()
				: List.of();
		this.ranks = StackRanks.startJob(StackApp.BOOT_OTEL, "boot-otel-2", this.receiver, "single_rank", 2,
				2, (rank) -> (rank == 0) ? silentRankWrapper : List.of(), START_TIMEOUT);
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
		assertThat(this.workCalls).isPositive();
		StackRanks.assertNothingFrom(this.receiver, 0);
		assertThat(this.receiver.failures()).isEmpty();
	}

	@Test
	@Order(2)
	void exportingRanksTracesAndMicrometerMetricsCarryTheRankResource() {
		this.ranks.rank(1).get("/work");
		this.receiver.awaitUntil(() -> this.receiver.spans().stream().anyMatch((span) -> span.rank().isPresent())
				&& this.receiver.spans().stream().anyMatch((span) -> span.name().equals("library.call")),
				ARRIVAL_TIMEOUT);

		List<ReceivedSpan> spans = this.receiver.spans();
		assertThat(spans).isNotEmpty();
		assertThat(spans).allSatisfy((span) -> assertRankResource(span.resource(), 1));
		// Made by a library through GlobalOpenTelemetry, exported by Lens's SDK.
		assertThat(spans).extracting(ReceivedSpan::name).contains("library.call");
		List<ReceivedMetric> micrometer = micrometerMetrics();
		assertThat(micrometer).isNotEmpty();
		assertThat(micrometer).allSatisfy((metric) -> assertRankResource(metric.resource(), 1));
	}

	@Test
	@Order(3)
	void lensEndpointShowsTheSilentRanksDoorsSilencedAndTheExportingRanksOpen() {
		Map<String, String> silent = StackRanks.doors(this.ranks.rank(0));
		Map<String, String> exporting = StackRanks.doors(this.ranks.rank(1));

		assertThat(silent).containsEntry("lens.sdk", "silenced")
			.containsEntry("micrometer.otlp", "silenced")
			.containsEntry("global.opentelemetry", "silenced");
		assertThat(exporting).containsEntry("lens.sdk", "exporting")
			.containsEntry("micrometer.otlp", "exporting")
			.containsEntry("global.opentelemetry", "exporting");
	}

	@Test
	@Order(4)
	void silentRankRunsNoExporterOrPublisherThread() {
		List<String> silent = StackRanks.threadNames(this.ranks.rank(0));
		List<String> exporting = StackRanks.threadNames(this.ranks.rank(1));

		assertThat(silent).as("threads of the silent rank").noneMatch(StackRanks::isTelemetryThread);
		// The same dump on the exporting rank shows what the names look like when they do run.
		assertThat(exporting).as("threads of the exporting rank").anyMatch((name) -> name.contains("metrics-publisher"));
	}

	@Test
	@Order(5)
	void silentRanksHeapHoldsNoExportingObjectWhileTheExportingRanksDoes() {
		ExportingObjects.assertNoneOnSilentRank(this.ranks.rank(0), this.ranks.rank(1),
				"io.micrometer.registry.otlp.OtlpMeterRegistry", "io.opentelemetry.sdk.trace.SdkTracerProvider",
				"okhttp3.OkHttpClient");
	}

	@Test
	@Order(6)
	void silentRankSendsNothingThroughSigterm() {
		this.ranks.terminate(STOP_TIMEOUT);

		StackRanks.assertNothingFrom(this.receiver, 0);
		assertThat(this.receiver.requestCountUnder(StackRanks.pathOf(1))).isPositive();
	}

	@Test
	@Order(7)
	void silentRankNeverConnectedToTheReceiver() {
		assumeTrue(this.silentRankConnects != null,
				"strace is not installed at /usr/bin/strace: no socket-level record");

		// The silent rank's own relay calls to rank 1 show strace does record this JVM's connects.
		this.silentRankConnects.assertConnectedToButNever(this.ranks.rank(1).port(), this.receiver.port());
	}

	/**
	 * One round of traffic: work and a library's span on both ranks, and rank 0 calling rank 1 (a
	 * connect of its own).
	 */
	private void work() {
		assertThat(this.ranks.rank(0).get("/work").statusCode()).isEqualTo(200);
		assertThat(this.ranks.rank(1).get("/work").statusCode()).isEqualTo(200);
		assertThat(this.ranks.rank(0).get("/library").statusCode()).isEqualTo(200);
		assertThat(this.ranks.rank(1).get("/library").statusCode()).isEqualTo(200);
		assertThat(this.ranks.rank(0).get("/relay?next=" + this.ranks.rank(1).url() + "/work").statusCode())
			.isEqualTo(200);
		this.workCalls++;
	}

	private List<ReceivedMetric> micrometerMetrics() {
		return StackRanks.micrometerMetrics(this.receiver);
	}

	private static void assertRankResource(ReceivedResource resource, int rank) {
		StackRanks.assertRankResource(resource, rank, 2);
	}

}
