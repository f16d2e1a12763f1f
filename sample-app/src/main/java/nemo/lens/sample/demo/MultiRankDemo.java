package nemo.lens.sample.demo;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;


import org.springframework.boot.json.JsonParserFactory;

/**
 * Starts N ranks of the sample application as separate JVM processes with torchrun-style
 * variables, calls {@code /work} on each, prints what each rank decided (read from its
 * {@code /actuator/lens}) and how many spans it printed, then stops them all with SIGTERM.
 */
public final class MultiRankDemo {

	private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

	private static final String SPAN_LINE = "[nemo.lens] span ";

	private static final String METRIC_LINE = "[nemo.lens] metric ";

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();


	private MultiRankDemo() {
	}

	/**
	 * Runs the demo.
	 * @param args the options, see {@link DemoOptions}
	 * @param out where the table goes
	 * @return the exit code: 0 when every rank started, worked and stopped
	 */
	public static int run(String[] args, PrintStream out) throws IOException, InterruptedException {
		DemoOptions options;
		try {
			options = DemoOptions.parse(args);
		}
		catch (IllegalArgumentException ex) {
			out.println(ex.getMessage());
			return 2;
		}
		String jar = System.getProperty("java.class.path");
		if (!jar.endsWith(".jar") || jar.contains(java.io.File.pathSeparator)) {
			out.println("Run the demo from the packaged application: java -jar sample-app/target/sample-app.jar demo");
			return 2;
		}
		return new MultiRankDemo().run(options, jar, out);
	}

	private int run(DemoOptions options, String jar, PrintStream out) throws IOException, InterruptedException {
		String java = ProcessHandle.current().info().command().orElse("java");
		String runId = "demo-" + UUID.randomUUID().toString().substring(0, 8);
		Path logs = Files.createTempDirectory("lens-demo-");
		out.printf("Starting %d ranks (%d per node, strategy %s, traces %s, metrics %s, run %s); logs in %s%n",
				options.ranks(), options.ranksPerNode(), options.strategy(),
				Objects.requireNonNullElse(options.tracesStrategy(), options.strategy()),
				Objects.requireNonNullElse(options.metricsStrategy(), options.strategy()), runId, logs);
		List<RankProcess> ranks = new ArrayList<>();
		try {
			for (int rank = 0; rank < options.ranks(); rank++) {
				ranks.add(RankProcess.start(java, jar, rank, options, runId, logs));
			}
			for (RankProcess rank : ranks) {
				awaitHealthy(rank);
			}
			List<Map<String, Object>> decisions = new ArrayList<>();
			for (RankProcess rank : ranks) {
				get(rank, "/work");
				decisions.add(JsonParserFactory.getJsonParser().parseMap(get(rank, "/actuator/lens")));
			}
			List<Duration> stops = new ArrayList<>();
			for (RankProcess rank : ranks) {
				stops.add(rank.stop(STOP_TIMEOUT));
			}
			printTable(out, ranks, decisions, stops);
			return 0;
		}
		catch (DemoException ex) {
			out.println(ex.getMessage());
			return 1;
		}
		finally {
			for (RankProcess rank : ranks) {
				if (rank.isAlive()) {
					rank.stop(Duration.ofSeconds(5));
				}
			}
		}
	}

	private void awaitHealthy(RankProcess rank) throws InterruptedException, IOException {
		long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
		while (System.nanoTime() < deadline) {
			if (!rank.isAlive()) {
				throw new DemoException("Rank " + rank.rank() + " exited during start-up; its log:\n"
						+ Files.readString(rank.log()));
			}
			try {
				if (status(rank, "/actuator/health") == 200) {
					return;
				}
			}
			catch (IOException ex) {
				// Not listening yet.
			}
			Thread.sleep(250);
		}
		throw new DemoException("Rank " + rank.rank() + " did not become healthy within " + START_TIMEOUT.toSeconds()
				+ " s; see " + rank.log());
	}

	private int status(RankProcess rank, String path) throws IOException, InterruptedException {
		return this.http.send(request(rank, path), HttpResponse.BodyHandlers.discarding()).statusCode();
	}

	private String get(RankProcess rank, String path) throws IOException, InterruptedException {
		HttpResponse<String> response = this.http.send(request(rank, path), HttpResponse.BodyHandlers.ofString());
		if (response.statusCode() != 200) {
			throw new DemoException("GET " + path + " on rank " + rank.rank() + " answered " + response.statusCode());
		}
		return response.body();
	}

	private static HttpRequest request(RankProcess rank, String path) {
		return HttpRequest.newBuilder(URI.create(rank.baseUrl() + path)).timeout(Duration.ofSeconds(10)).build();
	}

	private static void printTable(PrintStream out, List<RankProcess> ranks, List<Map<String, Object>> decisions,
			List<Duration> stops) throws IOException {
		out.println();
		out.println("| rank | local rank | launcher | traces | metrics | spans printed | metrics printed "
				+ "| exit after SIGTERM |");
		out.println("|---|---|---|---|---|---|---|---|");
		for (int i = 0; i < ranks.size(); i++) {
			Map<String, Object> lens = decisions.get(i);
			out.printf("| %s | %s | %s | %s | %s | %d | %d | %d ms |%n", lens.get("rank"), lens.get("localRank"),
					lens.get("launcher"), decision(lens, "traces"), decision(lens, "metrics"),
					ranks.get(i).countLogLines(SPAN_LINE), ranks.get(i).countLogLines(METRIC_LINE),
					stops.get(i).toMillis());
		}
	}

	/** A signal's decision as the endpoint gives it: {@code exporting (single_rank)}. */
	private static String decision(Map<String, Object> lens, String signal) {
		Map<?, ?> decision = (Map<?, ?>) ((Map<?, ?>) lens.get("signals")).get(signal);
		return (Boolean.TRUE.equals(decision.get("exporting")) ? "exporting" : "silent") + " ("
				+ decision.get("exportStrategy") + ")";
	}

	/** A demo step that failed; its message says which rank and why. */
	private static final class DemoException extends RuntimeException {

		DemoException(String message) {
			super(message);
		}

	}

}
