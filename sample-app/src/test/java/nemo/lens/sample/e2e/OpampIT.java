package nemo.lens.sample.e2e;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import org.springframework.boot.json.JsonParserFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two plain Java ranks with an OpAMP agent each against a server nobody here wrote:
 * {@code @elastic/mockopampserver} from npm (OpAMP's HTTP transport, remote configuration, test
 * mode), a Node.js process of its own, installed under {@code target/} by this test on its first
 * run; skipped, saying why, where Node.js or npm is missing. The ranks register with their rank
 * attributes; {@code export-strategy=all_ranks} put on the server reaches both, both export to a
 * receiver on 127.0.0.1 and report {@code APPLIED}; a bad configuration is reported {@code FAILED}
 * with its reason and changes nothing. Then the bad answers: the ranks poll through a proxy
 * ({@link OpampFaultProxy}) that can answer for the server, and after a malformed answer, after a
 * burst of HTTP 500s and after the server went away and came back, each rank tells each outage once
 * (one WARN) and its end once (one INFO), and still switches when the server's content changes. It
 * waits on what the server saw, what the proxy answered and what the receiver counted, never on a
 * fixed sleep. The steps build on each other, in order.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OpampIT {

	/** The server's published version this test was written against. */
	private static final String MOCK_SERVER = "@elastic/mockopampserver@0.5.0";

	private static final Duration INTERVAL = Duration.ofSeconds(1);

	private static final Duration WAIT = Duration.ofSeconds(20);

	private static final int APPLIED = 1;

	private static final int FAILED = 3;

	private static final Path TARGET = Path.of("target").toAbsolutePath();

	private static final Path SERVER_FOLDER = TARGET.resolve("mockopampserver");

	private static final Path LOGS = TARGET.resolve("e2e-logs");

	private static final HttpClient http = HttpClient.newHttpClient();

	private static OtlpReceiver receiver;

	private static int port;

	private static MockServer server;

	private static OpampFaultProxy proxy;

	private static final List<Process> ranks = new ArrayList<>();

	@BeforeAll
	static void startServerReceiverAndTwoRanks() throws Exception {
		Assumptions.assumeTrue(runs("node", "--version"), "Skipped: Node.js (node) is not on the PATH here; "
				+ "OpampIT starts @elastic/mockopampserver, a Node.js OpAMP server");
		Assumptions.assumeTrue(runs("npm", "--version"),
				"Skipped: npm is not on the PATH here; OpampIT installs @elastic/mockopampserver with it");
		installServer();
		Files.createDirectories(LOGS);
		try (ServerSocket socket = new ServerSocket(0)) {
			port = socket.getLocalPort();
		}
		server = MockServer.start(port);
		proxy = OpampFaultProxy.start(server.endpoint());
		receiver = OtlpReceiver.start();
		for (int rank = 0; rank < 2; rank++) {
			ranks.add(startRank(rank));
		}
	}

	@AfterAll
	static void stopAll() {
		ranks.forEach(Process::destroyForcibly);
		if (server != null) {
			server.stop();
		}
		if (proxy != null) {
			proxy.close();
		}
		if (receiver != null) {
			receiver.close();
		}
	}

	@Test
	@Order(1)
	void bothRanksRegisterWithTheirRankAttributesAndTheirDecision() {
		Map<Long, Map<String, Object>> agents = awaitAgents((seen) -> seen.size() == 2
				&& seen.values().stream().allMatch((agent) -> agent.get("effectiveConfig") != null));
		for (long rank = 0; rank < 2; rank++) {
			Map<String, Object> agent = agents.get(rank);
			assertThat(map(agent, "identifying")).containsEntry("service.name", "opamp-it")
				.containsEntry("service.instance.id", "opamp-it-rank" + rank);
			assertThat(map(agent, "nonIdentifying")).containsEntry("dl.world_size", 2)
				.containsEntry("nemo.launcher", "torchrun")
				.containsEntry("nemo.run.id", "opamp-it")
				.containsKeys("dl.local_rank", "host.name", "nemo.lens.version");
		}
		// single_rank: the last rank exports, the first is silent, each says so.
		assertThat((String) agents.get(0L).get("effectiveConfig")).contains("traces=silent\n")
			.contains("traces.by=strategy single_rank\n")
			.contains("health=healthy\n");
		assertThat((String) agents.get(1L).get("effectiveConfig")).contains("traces=exporting\n");
	}

	@Test
	@Order(2)
	void allRanksPutOnTheServerReachesBothRanksWhichExportAndReportApplied() throws Exception {
		long start = System.nanoTime();
		server.putConfig("export-strategy=all_ranks\n");
		Map<Long, Map<String, Object>> agents = awaitAgents((seen) -> seen.values()
			.stream()
			.allMatch((agent) -> status(agent) == APPLIED
					&& String.valueOf(agent.get("effectiveConfig")).contains("traces.by=opamp export-strategy=all_ranks")));
		System.out.printf("opamp_switch_seen_by_server_s=%.2f%n", (System.nanoTime() - start) / 1e9);
		assertThat((String) agents.get(0L).get("effectiveConfig")).contains("traces=exporting\n")
			.contains("control=opamp\n");
		assertThat(receiver.awaitUntil(() -> receiver.ranksWithSpans().containsAll(List.of(0L, 1L)), WAIT))
			.as("spans of both ranks at the receiver: %s", receiver.ranksWithSpans())
			.isTrue();
	}

	@Test
	@Order(3)
	void aBadConfigurationIsReportedFailedWithItsReasonAndChangesNothing() {
		server.putConfig("export-strategy=every_rank\n");
		Map<Long, Map<String, Object>> agents = awaitAgents(
				(seen) -> seen.values().stream().allMatch((agent) -> status(agent) == FAILED));
		for (Map<String, Object> agent : agents.values()) {
			assertThat(String.valueOf(map(agent, "remoteConfigStatus").get("errorMessage")))
				.contains("export-strategy 'every_rank' is not a registered strategy");
		}
		awaitAgents((seen) -> seen.values()
			.stream()
			.allMatch((agent) -> String.valueOf(agent.get("effectiveConfig")).contains("health=last switch refused")));
		assertThat((String) awaitAgents((seen) -> true).get(0L).get("effectiveConfig")).contains("traces=exporting\n")
			.contains("traces.by=opamp export-strategy=all_ranks");
		int before = receiver.spansByRank().getOrDefault(0L, List.of()).size();
		assertThat(receiver.awaitUntil(() -> receiver.spansByRank().get(0L).size() > before + 5, WAIT))
			.as("rank 0 still exports").isTrue();
	}

	@Test
	@Order(4)
	void afterAMalformedAnswerEachRankToldItOnceAndStillSwitches() throws Exception {
		faultThenSwitch(OpampFaultProxy.Fault.MALFORMED, 1, "export-strategy=single_rank", 1,
				"not an OpAMP message");
	}

	@Test
	@Order(5)
	void afterABurstOfServerErrorsEachRankToldItOnceAndStillSwitches() throws Exception {
		faultThenSwitch(OpampFaultProxy.Fault.SERVER_ERROR, 4, "export-strategy=all_ranks", 2, "HTTP 500");
	}

	/**
	 * Each rank gets the fault so many times, then the server a new content: both switch, and each
	 * rank has told this outage in one WARN (its {@code outages}-th) and its end in one INFO.
	 */
	private static void faultThenSwitch(OpampFaultProxy.Fault fault, int times, String content, int outages,
			String told) throws Exception {
		proxy.inject(fault, times);
		assertThat(proxy.awaitFaultsServed(2, WAIT)).as("%s %d times to each rank", fault, times).isTrue();
		server.putConfig(content + "\n");
		awaitSwitched(content);
		for (int rank = 0; rank < 2; rank++) {
			assertThat(failedPolls(rank)).as("rank %d", rank).hasSize(outages);
			assertThat(failedPolls(rank).get(outages - 1)).contains(told);
		}
		awaitRecoveries(outages);
	}

	@Test
	@Order(6)
	void theServerGoingAwayLeavesTheRanksAsTheyWereWithOneWarnAndTheyStillSwitchWhenItReturns() throws Exception {
		// Counted from here, and only once every earlier outage has ended on both ranks: an outage
		// still running would take the server's going away in, with no WARN of its own.
		assertThat(receiver.awaitUntil(() -> recoveries(0) == failedPolls(0).size()
				&& recoveries(1) == failedPolls(1).size(), WAIT))
			.as("no outage running before the server goes away").isTrue();
		int outages = failedPolls(0).size();
		assertThat(failedPolls(1)).hasSize(outages);
		server.stop();
		assertThat(receiver.awaitUntil(
				() -> failedPolls(0).size() == outages + 1 && failedPolls(1).size() == outages + 1, WAIT))
			.as("one more WARN on each rank: %s and %s", failedPolls(0), failedPolls(1))
			.isTrue();
		int before = receiver.spansByRank().get(0L).size();
		assertThat(receiver.awaitUntil(() -> receiver.spansByRank().get(0L).size() > before + 5, WAIT))
			.as("rank 0 still exports while the server is away").isTrue();
		server = MockServer.start(port);
		Map<Long, Map<String, Object>> agents = awaitAgents((seen) -> seen.size() == 2);
		assertThat(agents).containsOnlyKeys(0L, 1L);
		awaitRecoveries(outages + 1);
		server.putConfig("export-strategy=single_rank\n");
		awaitSwitched("export-strategy=single_rank");
		assertThat(failedPolls(0)).hasSize(outages + 1);
		assertThat(failedPolls(1)).hasSize(outages + 1);
	}

	/** Both ranks report the server's content in force, and the server sees it {@code APPLIED}. */
	private static void awaitSwitched(String content) {
		awaitAgents((seen) -> seen.size() == 2 && seen.values()
			.stream()
			.allMatch((agent) -> status(agent) == APPLIED
					&& String.valueOf(agent.get("effectiveConfig")).contains("traces.by=opamp " + content + "\n")));
	}

	private static void awaitRecoveries(int count) {
		assertThat(receiver.awaitUntil(() -> recoveries(0) == count && recoveries(1) == count, WAIT))
			.as("the end of each outage told once on each rank: %d and %d", recoveries(0), recoveries(1))
			.isTrue();
	}

	private static Process startRank(int rank) throws IOException {
		List<String> command = new ArrayList<>();
		command.add(SampleAppProcess.java());
		command.addAll(SampleAppProcess.JVM_OPTIONS);
		command.addAll(List.of("-cp", System.getProperty("java.class.path"), OpampRank.class.getName()));
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(log(rank).toFile());
		Map<String, String> env = builder.environment();
		env.keySet().retainAll(SampleAppProcess.INHERITED);
		env.putAll(receiver.otelEnvironment());
		env.put("OTEL_METRICS_EXPORTER", "none");
		env.put("OTEL_LOGS_EXPORTER", "none");
		env.put("RANK", String.valueOf(rank));
		env.put("LOCAL_RANK", String.valueOf(rank));
		env.put("WORLD_SIZE", "2");
		env.put("LOCAL_WORLD_SIZE", "2");
		env.put("TORCHELASTIC_RUN_ID", "opamp-it");
		env.put("NEMO_LENS_ENABLED", "true");
		env.put("NEMO_LENS_SERVICE_NAME", "opamp-it");
		env.put("NEMO_LENS_RUN_ID", "opamp-it");
		env.put("NEMO_LENS_OPAMP_ENDPOINT", proxy.endpoint());
		env.put("NEMO_LENS_OPAMP_INTERVAL", INTERVAL.toSeconds() + "s");
		return builder.start();
	}

	private static Path log(int rank) {
		return LOGS.resolve("opamp-rank-" + rank + ".log");
	}

	/** The rank's WARN lines of failed polls: one per outage. */
	private static List<String> failedPolls(int rank) {
		return lines(rank).stream().filter((line) -> line.contains("failed a poll")).toList();
	}

	/** The rank's INFO lines of a server answering again: one per outage's end. */
	private static long recoveries(int rank) {
		return lines(rank).stream().filter((line) -> line.contains("answers again")).count();
	}

	private static List<String> lines(int rank) {
		try {
			return Files.readAllLines(log(rank), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			return List.of();
		}
	}

	private static int status(Map<String, Object> agent) {
		Object status = (agent.get("remoteConfigStatus") != null) ? map(agent, "remoteConfigStatus").get("status")
				: null;
		return (status != null) ? ((Number) status).intValue() : 0;
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> map(Map<String, Object> agent, String key) {
		return (Map<String, Object>) agent.get(key);
	}

	/** What the server saw of each agent, by rank, once the condition holds. */
	private static Map<Long, Map<String, Object>> awaitAgents(Predicate<Map<Long, Map<String, Object>>> condition) {
		Map<Long, Map<String, Object>>[] last = new Map[1];
		boolean met = receiver.awaitUntil(() -> {
			last[0] = server.agents();
			return condition.test(last[0]);
		}, WAIT, Duration.ofMillis(100));
		assertThat(met).as("what the server saw: %s", last[0]).isTrue();
		return last[0];
	}

	private static boolean runs(String... command) {
		try {
			Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
			process.getInputStream().readAllBytes();
			return process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0;
		}
		catch (IOException | InterruptedException ex) {
			return false;
		}
	}

	/** Installs the server under target/ once; a clean clone's first run fetches it from npm's registry. */
	private static void installServer() throws Exception {
		if (Files.exists(SERVER_FOLDER.resolve("node_modules/@elastic/mockopampserver/package.json"))) {
			return;
		}
		Files.createDirectories(SERVER_FOLDER);
		Process npm = new ProcessBuilder("npm", "install", "--no-audit", "--no-fund", "--prefix",
				SERVER_FOLDER.toString(), MOCK_SERVER)
			.redirectErrorStream(true)
			.start();
		String output = new String(npm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(npm.waitFor(5, TimeUnit.MINUTES) && npm.exitValue() == 0)
			.as("npm install %s:%n%s", MOCK_SERVER, output)
			.isTrue();
	}

	/** The Node.js server process and the summary endpoint its driver script serves beside it. */
	private record MockServer(Process process, String endpoint, int controlPort) {

		private static final Pattern OPAMP = Pattern.compile("^OPAMP (\\S+)$");

		private static final Pattern CONTROL = Pattern.compile("^CONTROL (\\d+)$");

		static MockServer start(int port) throws Exception {
			Path script = Path.of(OpampIT.class.getResource("/opamp/mock-opamp-server.js").toURI());
			Process process = new ProcessBuilder("node", script.toString(), SERVER_FOLDER.toString(),
					String.valueOf(port))
				.redirectErrorStream(true)
				.start();
			BufferedReader output = new BufferedReader(
					new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
			String endpoint = null;
			Integer control = null;
			StringBuilder seen = new StringBuilder();
			for (String line; (endpoint == null || control == null) && (line = output.readLine()) != null;) {
				seen.append(line).append('\n');
				Matcher opamp = OPAMP.matcher(line);
				Matcher controlLine = CONTROL.matcher(line);
				if (opamp.matches()) {
					endpoint = opamp.group(1);
				}
				else if (controlLine.matches()) {
					control = Integer.valueOf(controlLine.group(1));
				}
			}
			assertThat(endpoint != null && control != null).as("the mock OpAMP server started:%n%s", seen).isTrue();
			// Kept, so that a server that ended or failed says why after the run.
			Path log = LOGS.resolve("mockopampserver.log");
			Files.writeString(log, seen, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
					StandardOpenOption.APPEND);
			Thread drain = new Thread(() -> {
				try (Writer out = Files.newBufferedWriter(log, StandardCharsets.UTF_8, StandardOpenOption.APPEND)) {
					for (String line; (line = output.readLine()) != null;) {
						out.write(line + "\n");
						out.flush();
					}
					out.write("(ended, exit code " + process.waitFor() + ")\n");
				}
				catch (IOException ex) {
					// The process ended.
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}, "mockopampserver-output");
			drain.setDaemon(true);
			drain.start();
			return new MockServer(process, endpoint, control);
		}

		void putConfig(String lens) {
			String body = "{\"lens\":{\"body\":" + quoted(lens) + ",\"contentType\":\"text/x-java-properties\"}}";
			HttpResponse<String> response = send(HttpRequest
				.newBuilder(URI.create(this.endpoint.replace("/v1/opamp", "/api/agentConfigMap")))
				.header("content-type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(body))
				.build());
			assertThat(response.statusCode()).as("config put on the server: %s", response.body()).isEqualTo(204);
		}

		@SuppressWarnings("unchecked")
		Map<Long, Map<String, Object>> agents() {
			HttpResponse<String> response = send(
					HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.controlPort + "/agents")).build());
			Map<Long, Map<String, Object>> byRank = new java.util.TreeMap<>();
			for (Object agent : JsonParserFactory.getJsonParser().parseMap(response.body()).values()) {
				Map<String, Object> fields = (Map<String, Object>) agent;
				Map<String, Object> attributes = (Map<String, Object>) fields.get("nonIdentifying");
				if (attributes != null && attributes.get("dl.rank") != null) {
					byRank.put(((Number) attributes.get("dl.rank")).longValue(), fields);
				}
			}
			return byRank;
		}

		void stop() {
			this.process.destroy();
			try {
				if (!this.process.waitFor(10, TimeUnit.SECONDS)) {
					this.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}

		private static HttpResponse<String> send(HttpRequest request) {
			try {
				return http.send(request, HttpResponse.BodyHandlers.ofString());
			}
			catch (IOException | InterruptedException ex) {
				throw new IllegalStateException("The mock OpAMP server did not answer " + request.uri()
						+ " (its output: target/e2e-logs/mockopampserver.log)", ex);
			}
		}

		private static String quoted(String text) {
			return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
		}

	}

}
