package nemo.lens.opamp;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import nemo.lens.control.ControlStatus;
import nemo.lens.opamp.HostileOpampServer.Reply;
import opamp.proto.RemoteConfigStatuses;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One rank's agent against a server that answers badly on purpose ({@link HostileOpampServer}): the
 * agent outlives every answer, tells each outage once and its end once, shows it on the rank, and
 * polls at its interval whatever the server answers. Each test counts what the server got and waits
 * on it; the time-outs only guard a stuck run.
 */
class HostileServerTests {

	private static final Duration INTERVAL = Duration.ofMillis(400);

	private static final Duration WAIT = Duration.ofSeconds(30);

	/** Decoded as an OpAMP message, these bytes throw {@code IllegalStateException}. */
	private static final byte[] ILLEGAL_STATE = { 0x49 };

	/** Decoded as an OpAMP message, these bytes throw {@code ArrayIndexOutOfBoundsException}. */
	private static final byte[] OUT_OF_BOUNDS = java.util.HexFormat.of().parseHex("23129dd4e5b7fa30");

	private static final String ALL_RANKS = "export-strategy=all_ranks\n";

	private final List<String> warnings = new CopyOnWriteArrayList<>();

	private final List<String> notices = new CopyOnWriteArrayList<>();

	private final List<String> infos = new CopyOnWriteArrayList<>();

	private final Handler infoHandler = new Handler() {

		@Override
		public void publish(LogRecord record) {
			if (record.getLevel() == Level.INFO) {
				HostileServerTests.this.infos.add(record.getMessage());
			}
		}

		@Override
		public void flush() {
		}

		@Override
		public void close() {
		}

	};

	private HostileOpampServer server;

	private TelemetryHandle handle;

	@BeforeEach
	void listen() {
		Logger.getLogger(OpampAgent.class.getName()).addHandler(this.infoHandler);
	}

	@AfterEach
	void shutDown() {
		if (this.handle != null) {
			this.handle.shutdown(Duration.ofSeconds(2));
		}
		if (this.server != null) {
			this.server.close();
		}
		Logger.getLogger(OpampAgent.class.getName()).removeHandler(this.infoHandler);
	}

	/** Rank 0 of 2: silent under the default strategy, exporting under {@code all_ranks}. */
	private TelemetryHandle rank(HostileOpampServer server) {
		this.server = server;
		NemoLensConfig config = NemoLensConfig.builder()
			.enabled(true)
			.exporter("none")
			.opampEndpoint(server.endpoint())
			.opampInterval(INTERVAL)
			.build();
		this.handle = new TelemetrySetup(new ExportStrategyRegistry(), Map.<String, String>of()::get).setup(config, 0,
				2, TelemetryOptions.builder()
					.shutdownHook(false)
					.warnings(this.warnings::add)
					.notices(this.notices::add)
					.build());
		return this.handle;
	}

	private List<String> pollWarnings() {
		return this.warnings.stream().filter((warning) -> warning.contains("failed a poll")).toList();
	}

	private List<String> recoveries() {
		return this.infos.stream().filter((info) -> info.contains("answers again")).toList();
	}

	private List<String> switches() {
		return this.notices.stream().filter((notice) -> notice.contains(" -> ")).toList();
	}

	private ControlStatus.Remote remote() {
		return this.handle.controlStatus().orElseThrow().remote();
	}

	private static boolean await(BooleanSupplier condition) throws InterruptedException {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (!condition.getAsBoolean()) {
			if (System.nanoTime() > deadline) {
				return false;
			}
			Thread.sleep(20);
		}
		return true;
	}

	/**
	 * The polls came no faster than one an interval, give or take one: a rank paced by the server
	 * polls as fast as it answers (a round trip apart, a few ms here), so the bound tells the two
	 * apart by far. The rank times each poll from its start, and the server sees it when it arrives:
	 * the first also opens the connection and loads the client's classes (210 ms later than the
	 * next with a core kept busy, 2026-12-08), so the span is read from the second, and one
	 * interval is left for any one request held up on a busy machine.
	 */
	private void assertPaced(int polls) {
		List<Long> arrivals = this.server.arrivals().subList(1, polls);
		Duration span = Duration.ofNanos(arrivals.get(arrivals.size() - 1) - arrivals.get(0));
		assertThat(span).as("time from the second to request %d", polls)
			.isGreaterThanOrEqualTo(INTERVAL.multipliedBy(arrivals.size() - 2));
	}

	@Test
	void malformedAnswersAreToldOnceAndTheNextPollStillSwitchesTheRank() throws Exception {
		TelemetryHandle rank = rank(HostileOpampServer.start((request) -> switch (request) {
			case 0 -> Reply.bytes(ILLEGAL_STATE);
			case 1 -> Reply.bytes(OUT_OF_BOUNDS);
			default -> Reply.config(ALL_RANKS);
		}));
		assertThat(await(rank::isExporting)).as("switched by the answer after two malformed ones").isTrue();
		assertThat(pollWarnings()).singleElement()
			.asString()
			.contains("not an OpAMP message")
			.contains("IllegalStateException");
		assertThat(await(() -> recoveries().size() == 1)).as("the recovery told: %s", this.infos).isTrue();
		assertThat(remote().state()).isEqualTo("reachable");
	}

	@Test
	void anHttpErrorIsToldOnceAndShownOnTheRankUntilTheServerAnswersAgain() throws Exception {
		HostileOpampServer server = HostileOpampServer.start((request) -> Reply.status(500));
		TelemetryHandle rank = rank(server);
		// The health the rank reports reaches the server with the polls that follow the first error.
		assertThat(server.awaitRequest(
				(request) -> HostileOpampServer.effectiveConfig(request).contains("health=polls failing since"), WAIT))
			.as("the failing polls in the effective configuration's health")
			.isTrue();
		assertThat(server.awaitRequests(4, WAIT)).isTrue();
		assertThat(pollWarnings()).singleElement().asString().contains("HTTP 500");
		ControlStatus.Remote failing = remote();
		assertThat(failing.state()).isEqualTo("failing");
		assertThat(failing.error()).contains("HTTP 500");
		assertThat(failing.since()).isNotNull();
		assertThat(failing.server()).isEqualTo(server.endpoint());
		server.answer((request) -> Reply.config(ALL_RANKS));
		assertThat(await(rank::isExporting)).isTrue();
		assertThat(await(() -> recoveries().size() == 1)).as("the recovery told: %s", this.infos).isTrue();
		assertThat(remote().state()).isEqualTo("reachable");
		assertThat(pollWarnings()).hasSize(1);
	}

	@Test
	void anAnswerLargerThanTheCeilingIsRefusedWhileReadAndChangesNothing() throws Exception {
		int huge = HttpTransport.MAX_ANSWER + 1024 * 1024;
		HostileOpampServer server = HostileOpampServer.start(
				(request) -> Reply.huge(ALL_RANKS, huge, request % 2 == 0));
		TelemetryHandle rank = rank(server);
		// Chunked (no length to check), then with its Content-Length, then chunked again.
		assertThat(server.awaitRequests(4, WAIT)).as("the polls go on").isTrue();
		assertThat(rank.isExporting()).as("nothing of a refused answer taken").isFalse();
		assertThat(pollWarnings()).singleElement().asString().contains("read up to 4 MiB");
		assertThat(remote().error()).contains("read up to 4 MiB");
	}

	@Test
	void aRedirectIsAFailedPollToldOnce() throws Exception {
		HostileOpampServer server = HostileOpampServer.start(
				(request) -> Reply.status(307, "Location", "http://127.0.0.1:9/v1/opamp"));
		rank(server);
		assertThat(server.awaitRequests(3, WAIT)).as("the polls go on").isTrue();
		assertThat(pollWarnings()).singleElement().asString().contains("HTTP 307").contains("not followed");
	}

	@Test
	void aNewHashOnEveryAnswerForTheSameContentSetsNotThePaceAndSwitchesOnce() throws Exception {
		int[] answered = { 0 };
		HostileOpampServer server = HostileOpampServer.start(
				(request) -> Reply.config(ALL_RANKS, Reply.hash("hash " + (answered[0]++))));
		TelemetryHandle rank = rank(server);
		assertThat(server.awaitRequests(6, WAIT)).isTrue();
		assertPaced(6);
		assertThat(rank.isExporting()).isTrue();
		assertThat(switches()).as("switch notices").hasSize(1);
		// Each new hash answered APPLIED, as the content was: the server sees its latest hash applied.
		assertThat(server.awaitRequest((request) -> request.remote_config_status != null
				&& request.remote_config_status.status == RemoteConfigStatuses.RemoteConfigStatuses_APPLIED
				&& request.remote_config_status.last_remote_config_hash.equals(
						okio.ByteString.of(Reply.hash("hash 3"))), WAIT))
			.isTrue();
	}

	@Test
	void contentFlippingOnEveryAnswerSwitchesAtMostOncePerInterval() throws Exception {
		HostileOpampServer server = HostileOpampServer.start((request) -> Reply
			.config((request % 2 == 0) ? ALL_RANKS : "export-strategy=single_rank\n"));
		rank(server);
		assertThat(server.awaitRequests(6, WAIT)).isTrue();
		assertPaced(6);
		assertThat(switches().size()).as("switches over %d polls", server.requests())
			.isLessThanOrEqualTo(server.requests());
	}

	@Test
	void aNegativeRetryHintReadsAsTheInterval() throws Exception {
		HostileOpampServer server = HostileOpampServer.start((request) -> Reply.unavailable(-1));
		rank(server);
		assertThat(server.awaitRequests(5, WAIT)).isTrue();
		assertPaced(5);
		assertThat(pollWarnings()).singleElement().asString().contains("Unavailable").contains("busy");
	}

	@Test
	void aRefusedContentShowsUnderControlWithItsReasonAndSinceWhenAndTheNoticesNameTheirSource() throws Exception {
		HostileOpampServer server = HostileOpampServer.start((request) -> (request == 0) ? Reply.config(ALL_RANKS)
				: Reply.config("export-strategy=every_rank\n"));
		TelemetryHandle rank = rank(server);
		assertThat(await(() -> "error".equals(rank.controlStatus().orElseThrow().state()))).isTrue();
		ControlStatus control = rank.controlStatus().orElseThrow();
		assertThat(control.error()).startsWith("OpAMP remote configuration is not used: export-strategy 'every_rank'");
		assertThat(control.since()).isNotNull();
		assertThat(control.applied()).containsEntry("export-strategy", "all_ranks");
		assertThat(rank.isExporting()).isTrue();
		assertThat(switches()).singleElement()
			.asString()
			.startsWith("NeMo Lens: OpAMP remote configuration applied {export-strategy=all_ranks}");
		assertThat(this.warnings).noneMatch((warning) -> warning.contains("control file"))
			.anyMatch((warning) -> warning.startsWith("NeMo Lens: OpAMP remote configuration (lens) is not used"));
	}

	@Test
	void aRetryAfterLongerThanTheIntervalIsHonoured() throws Exception {
		HostileOpampServer server = HostileOpampServer.start(
				(request) -> (request == 0) ? Reply.status(503, "Retry-After", "2") : Reply.config(ALL_RANKS));
		TelemetryHandle rank = rank(server);
		assertThat(await(rank::isExporting)).isTrue();
		List<Long> arrivals = server.arrivals();
		assertThat(Duration.ofNanos(arrivals.get(1) - arrivals.get(0))).as("wait after Retry-After: 2")
			.isGreaterThanOrEqualTo(Duration.ofMillis(1800));
	}

}
