package nemo.lens.opamp;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;

import nemo.lens.ExportOverride;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The agent of one rank, with no server to talk to: it never fails the rank, warns once per outage,
 * reports what the rank exports and why, and leaves no thread behind at shutdown.
 */
class OpampAgentTests {

	private final List<String> warnings = new CopyOnWriteArrayList<>();

	private TelemetryHandle handle;

	@AfterEach
	void shutDown() {
		if (this.handle != null) {
			this.handle.shutdown(Duration.ofSeconds(2));
		}
	}

	private TelemetryHandle rank(int rank, String endpoint) {
		return rank(rank, endpoint, "");
	}

	private TelemetryHandle rank(int rank, String endpoint, String headers) {
		NemoLensConfig config = NemoLensConfig.builder()
			.enabled(true)
			.exporter("none")
			.opampEndpoint(endpoint)
			.opampInterval(Duration.ofSeconds(1))
			.opampHeaders(headers)
			.build();
		this.handle = new TelemetrySetup(new ExportStrategyRegistry(), Map.<String, String>of()::get).setup(config,
				rank, 2, TelemetryOptions.builder().shutdownHook(false).warnings(this.warnings::add).build());
		return this.handle;
	}

	private static String closedEndpoint() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return "http://127.0.0.1:" + socket.getLocalPort() + "/v1/opamp";
		}
	}

	private static boolean agentThreadsAlive() {
		return Thread.getAllStackTraces().keySet().stream()
			.anyMatch((thread) -> thread.isAlive() && thread.getName().startsWith("nemo-lens-opamp"));
	}

	/**
	 * A server that drops every connection unanswered: counted on its side (one connection a poll,
	 * a second apart), so that the test knows the rank failed four polls in a row, and told once.
	 */
	@Test
	void aServerThatDropsEveryConnectionIsWarnedOnceAndTheRankKeepsItsDecision() throws Exception {
		AtomicInteger dropped = new AtomicInteger();
		try (ServerSocket server = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
			Thread acceptor = new Thread(() -> {
				while (!server.isClosed()) {
					try (java.net.Socket socket = server.accept()) {
						dropped.incrementAndGet();
					}
					catch (IOException ex) {
						// Closed: the test is over.
					}
				}
			}, "dropping-server");
			acceptor.setDaemon(true);
			acceptor.start();
			TelemetryHandle handle = rank(1, "http://127.0.0.1:" + server.getLocalPort() + "/v1/opamp");
			long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
			while (dropped.get() < 4 && System.nanoTime() < deadline) {
				Thread.sleep(20);
			}
			assertThat(dropped.get()).as("connections dropped").isGreaterThanOrEqualTo(4);
			assertThat(this.warnings).singleElement().asString().contains("failed a poll").contains("127.0.0.1");
			assertThat(handle.controlStatus().orElseThrow().remote().state()).isEqualTo("failing");
			assertThat(handle.isExporting()).isTrue();
		}
	}

	/**
	 * A redirect is not followed: the headers of the rank's requests (credentials) stay with the
	 * server they were configured for, and the other origin sees no request at all.
	 */
	@Test
	void aRedirectToAnotherOriginIsNotFollowedAndTheHeadersStayWithTheirServer() throws Exception {
		AtomicInteger redirected = new AtomicInteger();
		AtomicInteger elsewhere = new AtomicInteger();
		HttpServer other = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		other.createContext("/", (exchange) -> {
			elsewhere.incrementAndGet();
			exchange.sendResponseHeaders(204, -1);
			exchange.close();
		});
		HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		server.createContext("/", (exchange) -> {
			exchange.getResponseHeaders()
				.add("Location", "http://127.0.0.1:" + other.getAddress().getPort() + "/v1/opamp");
			exchange.sendResponseHeaders(307, -1);
			exchange.close();
			redirected.incrementAndGet();
		});
		other.start();
		server.start();
		try {
			rank(0, "http://127.0.0.1:" + server.getAddress().getPort() + "/v1/opamp", "X-Api-Key=k3y");
			long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
			while (redirected.get() < 2 && System.nanoTime() < deadline) {
				Thread.sleep(20);
			}
			assertThat(redirected.get()).as("polls the server answered with a redirect").isGreaterThanOrEqualTo(2);
			assertThat(elsewhere.get()).as("requests that reached the other origin").isZero();
		}
		finally {
			server.stop(0);
			other.stop(0);
		}
	}

	@Test
	void theShutdownStopsEveryThreadOfTheAgent() throws Exception {
		rank(1, closedEndpoint());
		assertThat(agentThreadsAlive()).isTrue();
		long start = System.nanoTime();
		this.handle.shutdown(Duration.ofSeconds(2));
		long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
		while (agentThreadsAlive() && System.nanoTime() < deadline) {
			Thread.sleep(10);
		}
		assertThat(agentThreadsAlive()).isFalse();
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
	}

	@Test
	void theEffectiveConfigurationSaysPerSignalWhatTheRankExportsByWhatAndSinceWhen() throws Exception {
		TelemetryHandle handle = rank(0, closedEndpoint());
		EffectiveDecision decision = new EffectiveDecision(handle,
				new nemo.lens.control.RemoteControl(new nemo.lens.control.JobControl<String>("x", 2, java.util.Set::of,
						(spec) -> {
						}, (content) -> "", (warning) -> {
						}, () -> {
						}, (dump) -> {
						}), (warning) -> {
						}),
				java.time.Instant.parse("2026-12-06T00:00:00Z"));
		decision.refresh();
		assertThat(decision.text()).contains("traces=silent\n")
			.contains("traces.by=strategy single_rank\n")
			.contains("traces.since=2026-12-06T00:00:00Z\n")
			.contains("override=none\n")
			.contains("health=healthy\n");
		handle.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(5), "endpoint");
		assertThat(decision.refresh()).isTrue();
		assertThat(decision.text()).contains("traces=exporting\n")
			.contains("traces.by=override exporting (endpoint)\n")
			.doesNotContain("traces.since=2026-12-06T00:00:00Z");
		assertThat(decision.refresh()).isFalse();
		decision.refused("export-strategy 'every_rank' is not a registered strategy");
		decision.refresh();
		assertThat(decision.text()).contains("health=last switch refused: export-strategy 'every_rank'");
	}

}
