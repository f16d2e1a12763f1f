package nemo.lens.sample.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A job's {@code nemo.lens.*} settings served by a real Spring Cloud Config Server (native backend,
 * a folder of this test's) and changed while the job runs, the Spring Cloud way: two ranks of a
 * world of two, each a JVM of the Spring Cloud stack (Boot's OpenTelemetry starter, Lens, the
 * Config client and Bus over RabbitMQ), a RabbitMQ broker from the distribution's package, and a
 * receiver on 127.0.0.1, all started once for the class. The served file starts with
 * {@code single_rank} and rank 0 chosen (rank 0 exports, rank 1 is silent). {@code POST /actuator/refresh} on one
 * rank takes a changed file on that rank; one {@code POST /actuator/busrefresh} takes it on every
 * rank within 5 s; a value the rank refuses, or one that does not even bind, leaves the refresh
 * answering 200 and the rank running with the decision in force. Built
 * and run on the default Boot line only (sample-app's {@code other-boot-line} profile).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SpringCloudRefreshIT {

	private static final int RANK_0 = 0;

	private static final int RANK_1 = 1;

	/** What the Bus must do, from the POST to every rank's endpoint telling the new decision. */
	private static final Duration BUS_SWITCH_LIMIT = Duration.ofSeconds(5);

	private static final Duration START_TIMEOUT = Duration.ofMinutes(3);

	private static final Duration ARRIVAL_TIMEOUT = Duration.ofSeconds(60);

	/** The file the Config Server serves the ranks: named after their {@code spring.application.name}. */
	private static final String SERVED_FILE = "lens-stack-cloud-rank.properties";

	private static final String REFUSED = "the refreshed settings are not taken, those in force stay";

	private Path repository;

	private OtlpReceiver receiver;

	private Optional<String> noBroker;

	private RabbitBroker broker;

	private SampleAppProcess configServer;

	private RankGroup ranks;

	@BeforeAll
	void startConfigServerBrokerAndTwoRanks(@TempDir Path directory) throws IOException {
		this.repository = Files.createDirectories(directory.resolve("config-repo"));
		serve("nemo.lens.export-strategy=single_rank\nnemo.lens.export-rank=0\n");
		this.receiver = OtlpReceiver.start();
		this.noBroker = RabbitBroker.unavailable();
		if (this.noBroker.isEmpty()) {
			this.broker = RabbitBroker.start(Files.createDirectories(directory.resolve("rabbitmq")), START_TIMEOUT);
		}
		this.configServer = SampleAppProcess.start("spring-cloud-config-server",
				SampleAppProcess.packagedJar("stack.cloud-config-server.jar"), List.of(), Map.of(),
				"--spring.profiles.active=native",
				"--spring.cloud.config.server.native.search-locations=file:" + this.repository + "/");
		this.configServer.awaitHealthy(START_TIMEOUT);
		Map<String, String> variables = new LinkedHashMap<>();
		variables.put("SPRING_CONFIG_IMPORT", "configserver:" + this.configServer.url());
		if (this.broker != null) {
			variables.putAll(this.broker.springEnvironment());
		}
		else {
			// No broker to reach: the Bus stays off, so that the ranks start and are healthy.
			variables.put("SPRING_CLOUD_BUS_ENABLED", "false");
			variables.put("MANAGEMENT_HEALTH_RABBIT_ENABLED", "false");
		}
		// No NEMO_LENS_EXPORT_STRATEGY: a variable would override the Config Server's setting.
		this.ranks = StackRanks.startJob(StackApp.CLOUD_RANK, "spring-cloud-refresh", this.receiver, null, 2, 2,
				(rank) -> List.of(), (rank) -> variables, START_TIMEOUT);
	}

	@AfterAll
	void stop() {
		StackRanks.close(this.ranks, this.receiver);
		if (this.configServer != null) {
			this.configServer.close();
		}
		if (this.broker != null) {
			this.broker.close();
		}
	}

	@Test
	@Order(1)
	void aRefreshAfterTheServedFileChangedSwitchesThatRank() {
		assertThat(lens(RANK_1)).containsEntry("exporting", false).containsEntry("exportStrategy", "single_rank");
		work(RANK_1);
		StackRanks.assertNothingFrom(this.receiver, RANK_1);

		serve("nemo.lens.export-strategy=all_ranks\n");
		HttpResponse<String> response = rank(RANK_1).postJson("/actuator/refresh", "");
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		assertThat(response.body()).contains("nemo.lens.export-strategy");

		assertThat(lens(RANK_1)).containsEntry("exporting", true).containsEntry("exportStrategy", "all_ranks");
		assertSendsMoreSpans(RANK_1, "after its refresh");
		// Rank 0 was not refreshed: it keeps the settings it read at start-up.
		assertThat(lens(RANK_0)).containsEntry("exportStrategy", "single_rank");
	}

	@Test
	@Order(2)
	void oneBusRefreshSwitchesEveryRankWithinFiveSeconds() {
		Assumptions.assumeTrue(this.broker != null,
				() -> "No RabbitMQ broker for Spring Cloud Bus: " + this.noBroker.orElse(""));
		// Rank 0 stops exporting and rank 1 exports by name: both decisions differ from those in force.
		serve("nemo.lens.export-strategy=single_rank\nnemo.lens.export-rank=1\n");
		long start = System.nanoTime();
		HttpResponse<String> response = rank(RANK_0).postJson("/actuator/busrefresh", "");
		assertThat(response.statusCode()).as(response.body()).isBetween(200, 204);
		boolean switched = this.receiver.awaitUntil(
				() -> switchedToRankOne(lens(RANK_0), false) && switchedToRankOne(lens(RANK_1), true), ARRIVAL_TIMEOUT);
		Duration took = Duration.ofNanos(System.nanoTime() - start);
		System.out.println("SpringCloudRefreshIT: one busrefresh switched both ranks in " + took.toMillis() + " ms");
		assertThat(switched).as("both ranks switched; rank 0: %s; rank 1: %s", lens(RANK_0), lens(RANK_1)).isTrue();
		assertThat(took).as("from the busrefresh POST to both ranks' new decision").isLessThanOrEqualTo(BUS_SWITCH_LIMIT);

		assertSendsMoreSpans(RANK_1, "after the Bus refresh");
	}

	@Test
	@Order(3)
	void aRefusedValueLeavesTheRankRunningWithTheDecisionInForce() {
		Map<String, Object> inForce = lens(RANK_1);
		assertThat(inForce).containsEntry("exporting", true);

		serve("nemo.lens.export-strategy=no_such\n");
		HttpResponse<String> response = rank(RANK_1).postJson("/actuator/refresh", "");
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		assertThat(rank(RANK_1).awaitLogLine(REFUSED, ARRIVAL_TIMEOUT)).as("the warning in %s", rank(RANK_1).log())
			.isTrue();
		assertThat(rank(RANK_1).logLines(REFUSED)).singleElement().asString().contains("WARN").contains("no_such");

		Map<String, Object> after = lens(RANK_1);
		assertThat(after).containsEntry("exporting", true)
			.containsEntry("exportStrategy", inForce.get("exportStrategy"));
		assertThat(rank(RANK_1).get("/actuator/health").statusCode()).isEqualTo(200);
		assertSendsMoreSpans(RANK_1, "after the refused refresh");
	}

	@Test
	@Order(4)
	void aValueThatDoesNotBindLeavesTheRankRunningWithTheDecisionInForce() {
		Map<String, Object> inForce = lens(RANK_1);
		int warned = rank(RANK_1).logLines(REFUSED).size();

		serve("nemo.lens.export-strategy=single_rank\nnemo.lens.export-rank=three\n");
		HttpResponse<String> response = rank(RANK_1).postJson("/actuator/refresh", "");
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		assertThat(rank(RANK_1).awaitLogLine("three", ARRIVAL_TIMEOUT)).as("the warning in %s", rank(RANK_1).log())
			.isTrue();
		assertThat(rank(RANK_1).logLines(REFUSED)).hasSize(warned + 1).last().asString().contains("three");
		assertThat(lens(RANK_1)).containsEntry("exporting", inForce.get("exporting"))
			.containsEntry("exportStrategy", inForce.get("exportStrategy"));
	}

	/** The decision the Bus test serves: {@code single_rank} with rank 1 chosen. */
	private static boolean switchedToRankOne(Map<String, Object> lens, boolean exporting) {
		return "single_rank".equals(lens.get("exportStrategy")) && Boolean.valueOf(exporting).equals(lens.get("exporting"));
	}

	/** Replaces the served file whole, so the Config Server never reads half of it. */
	private void serve(String content) {
		try {
			Path next = this.repository.resolve(SERVED_FILE + ".next");
			Files.writeString(next, content, StandardCharsets.UTF_8);
			Files.move(next, this.repository.resolve(SERVED_FILE), StandardCopyOption.REPLACE_EXISTING,
					StandardCopyOption.ATOMIC_MOVE);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Makes work on a rank until the receiver has more of its spans than now: it exports. */
	private void assertSendsMoreSpans(int rank, String when) {
		long before = spansOf(rank);
		assertThat(this.receiver.awaitUntil(() -> {
			work(rank);
			return spansOf(rank) > before;
		}, ARRIVAL_TIMEOUT)).as("spans of rank %d %s; paths %s", rank, when, this.receiver.requestPaths()).isTrue();
	}

	private long spansOf(int rank) {
		return this.receiver.spansByRank().getOrDefault((long) rank, List.of()).size();
	}

	private SampleAppProcess rank(int rank) {
		return this.ranks.rank(rank);
	}

	private Map<String, Object> lens(int rank) {
		return rank(rank).getJson("/actuator/lens");
	}

	/** A request on one rank, which makes a span there. */
	private void work(int rank) {
		assertThat(rank(rank).get("/work").statusCode()).isEqualTo(200);
	}

}
