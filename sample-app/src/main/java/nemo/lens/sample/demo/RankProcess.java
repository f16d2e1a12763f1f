package nemo.lens.sample.demo;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One rank of the demo: the sample application in its own JVM, with the variables torchrun would
 * give it, serving on its own port of 127.0.0.1 and writing to its own log file.
 */
final class RankProcess {

	private final int rank;

	private final int port;

	private final Path log;

	private final Process process;

	private RankProcess(int rank, int port, Path log, Process process) {
		this.rank = rank;
		this.port = port;
		this.log = log;
		this.process = process;
	}

	static RankProcess start(String java, String jar, int rank, DemoOptions options, String runId, Path logDirectory)
			throws IOException {
		int port = freePort();
		Path log = logDirectory.resolve("rank-" + rank + ".log");
		ProcessBuilder builder = new ProcessBuilder(List.of(java, "-XX:TieredStopAtLevel=1", "-Xmx256m", "-jar", jar,
				"--server.port=" + port))
			.redirectErrorStream(true)
			.redirectOutput(log.toFile());
		Map<String, String> env = builder.environment();
		env.put("TORCHELASTIC_RUN_ID", runId);
		env.put("RANK", Integer.toString(rank));
		env.put("WORLD_SIZE", Integer.toString(options.ranks()));
		env.put("LOCAL_RANK", Integer.toString(rank % options.ranksPerNode()));
		env.put("LOCAL_WORLD_SIZE", Integer.toString(Math.min(options.ranksPerNode(), options.ranks())));
		env.put("GROUP_RANK", Integer.toString(rank / options.ranksPerNode()));
		env.put("NEMO_LENS_EXPORT_STRATEGY", options.strategy());
		if (options.tracesStrategy() != null) {
			env.put("NEMO_LENS_TRACES_EXPORT_STRATEGY", options.tracesStrategy());
		}
		if (options.metricsStrategy() != null) {
			env.put("NEMO_LENS_METRICS_EXPORT_STRATEGY", options.metricsStrategy());
		}
		if (options.sampleRate() != null) {
			env.put("NEMO_LENS_EXPORT_SAMPLE_RATE", options.sampleRate());
		}
		return new RankProcess(rank, port, log, builder.start());
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
	}

	int rank() {
		return this.rank;
	}

	String baseUrl() {
		return "http://127.0.0.1:" + this.port;
	}

	boolean isAlive() {
		return this.process.isAlive();
	}

	Path log() {
		return this.log;
	}

	long countLogLines(String prefix) throws IOException {
		try (var lines = Files.lines(this.log)) {
			return lines.filter((line) -> line.startsWith(prefix)).count();
		}
	}

	/**
	 * Sends SIGTERM, as a scheduler does at the end of a job, and waits for the exit.
	 * @param timeout the longest wait before the process is killed
	 * @return how long the exit took
	 */
	Duration stop(Duration timeout) throws InterruptedException {
		long start = System.nanoTime();
		this.process.destroy();
		if (!this.process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
			this.process.destroyForcibly().waitFor();
		}
		return Duration.ofNanos(System.nanoTime() - start);
	}

}
