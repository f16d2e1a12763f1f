package nemo.lens.sample.e2e;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The stack application (Spring Boot's OpenTelemetry starter with Micrometer's OTLP registry, plus
 * Lens) as four ranks of a torchrun job on two nodes of two, under {@code first_rank_per_node}:
 * ranks 0 and 2 export, ranks 1 and 3 are silent. Every endpoint each rank reads points at one
 * receiver under {@code /rank-N/}. Ranks 1, 2 and 3 spell {@code NEMO_LENS_ENABLED} in the core's
 * other spellings ({@code on}, {@code YES}, {@code 1}), which mean what {@code true} means to every
 * part of Lens, the conditions that replace Spring Boot's OpenTelemetry SDK included.
 *
 * <p>
 * The same four processes show, in order: every spelling reads as enabled, on a silent rank and on
 * an exporting one; exactly ranks 0 and 2 send, by every door, over several Micrometer pushes; a
 * request chain 0 (exporting) to 1 (silent) to 2 (exporting) keeps one trace id, so the silent rank
 * passes the W3C {@code traceparent} on; and the silent ranks stay silent through SIGTERM.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BootOtelStackFourRanksIT {

	private static final int WORLD_SIZE = 4;

	private static final Set<Long> EXPORTING = Set.of(0L, 2L);

	private static final List<Integer> SILENT = List.of(1, 3);

	/** Four JVMs starting at once on two cores: room for a slow CI. */
	private static final Duration START_TIMEOUT = Duration.ofSeconds(150);

	private static final Duration ARRIVAL_TIMEOUT = Duration.ofSeconds(45);

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

	private static final int PUSHES = 3;

	/** {@code NEMO_LENS_ENABLED} by rank; rank 0 leaves it to the application's properties. */
	private static final Map<Integer, String> ENABLED_SPELLINGS = Map.of(1, "on", 2, "YES", 3, "1");

	private OtlpReceiver receiver;

	private RankGroup ranks;

	@BeforeAll
	void startFourRanks() {
		this.receiver = OtlpReceiver.start();
		this.ranks = StackRanks.startJob(StackApp.BOOT_OTEL, "boot-otel-4", this.receiver, "first_rank_per_node",
				WORLD_SIZE, 2, (rank) -> List.of(), (rank) -> enabledSpelling(rank), START_TIMEOUT);
	}

	@AfterAll
	void stop() {
		StackRanks.close(this.ranks, this.receiver);
	}

	@Test
	@Order(1)
	void theSilentRanksReadTheirSpellingsOfEnabledAsTrueAndSilenceEveryDoor() {
		for (int rank : SILENT) {
			assertReadsItsSpellingAsEnabled(rank, false);
		}
	}

	@Test
	@Order(1)
	void theExportingRankReadsItsSpellingOfEnabledAsTrueAndRunsTheLensSdkInPlaceOfBoots() {
		// The Lens SDK stands in for Boot's only where the conditions on Boot's SDK read the switch as true.
		assertReadsItsSpellingAsEnabled(2, true);
	}

	@Test
	@Order(2)
	void onlyTheFirstRankOfEachNodeSendsWhileEachPushesThreeTimes() {
		long rank0Before = StackRanks.micrometerPushes(this.receiver, 0);
		long rank2Before = StackRanks.micrometerPushes(this.receiver, 2);
		boolean pushed = this.receiver.awaitUntil(() -> {
			this.ranks.ranks().forEach((rank) -> assertThat(rank.get("/work").statusCode()).isEqualTo(200));
			return StackRanks.micrometerPushes(this.receiver, 0) >= rank0Before + PUSHES
					&& StackRanks.micrometerPushes(this.receiver, 2) >= rank2Before + PUSHES;
		}, ARRIVAL_TIMEOUT);

		assertThat(pushed).as("ranks 0 and 2 each pushed %d Micrometer batches; paths %s", PUSHES,
				this.receiver.requestPaths())
			.isTrue();
		this.receiver.awaitUntil(() -> this.receiver.ranksWithSpans().containsAll(EXPORTING), ARRIVAL_TIMEOUT);
		assertThat(this.receiver.ranksWithSpans()).isEqualTo(new TreeSet<>(EXPORTING));
		for (int silent : SILENT) {
			StackRanks.assertNothingFrom(this.receiver, silent);
		}
	}

	@Test
	@Order(3)
	void traceparentPassesThroughTheSilentRankInTheMiddleOfAChain() {
		String last = this.ranks.rank(2).url() + "/work";
		String middle = this.ranks.rank(1).url() + "/relay?next=" + URLEncoder.encode(last, StandardCharsets.UTF_8);
		String chain = "/relay?next=" + URLEncoder.encode(middle, StandardCharsets.UTF_8);

		String traceId = String.valueOf(this.ranks.rank(0).getJson(chain).get("traceId"));
		this.receiver.awaitUntil(() -> ranksWithTrace(traceId).containsAll(EXPORTING), ARRIVAL_TIMEOUT);

		assertThat(traceId).isNotBlank();
		assertThat(ranksWithTrace(traceId)).as("ranks that sent spans of trace %s", traceId)
			.isEqualTo(new TreeSet<>(EXPORTING));
		StackRanks.assertNothingFrom(this.receiver, 1);
	}

	@Test
	@Order(4)
	void silentRanksSendNothingThroughSigterm() {
		this.ranks.terminate(STOP_TIMEOUT);

		for (int silent : SILENT) {
			StackRanks.assertNothingFrom(this.receiver, silent);
		}
		assertThat(this.receiver.failures()).isEmpty();
	}

	private void assertReadsItsSpellingAsEnabled(int rank, boolean exporting) {
		String doorState = exporting ? "exporting" : "silenced";
		assertThat(this.ranks.rank(rank).getJson("/actuator/lens"))
			.as("rank %d with NEMO_LENS_ENABLED=%s", rank, ENABLED_SPELLINGS.get(rank))
			.containsEntry("enabled", true)
			.containsEntry("exporting", exporting);
		assertThat(StackRanks.doors(this.ranks.rank(rank))).as("doors of rank %d", rank)
			.containsEntry("lens.sdk", doorState)
			.containsEntry("boot.opentelemetry", doorState)
			.containsEntry("micrometer.otlp", doorState);
	}

	private static Map<String, String> enabledSpelling(int rank) {
		String spelling = ENABLED_SPELLINGS.get(rank);
		return (spelling != null) ? Map.of("NEMO_LENS_ENABLED", spelling) : Map.of();
	}

	private Set<Long> ranksWithTrace(String traceId) {
		Set<Long> ranks = new TreeSet<>();
		this.receiver.spans()
			.stream()
			.filter((span) -> span.traceId().equals(traceId))
			.forEach((span) -> span.rank().ifPresent(ranks::add));
		return ranks;
	}

}
