package nemo.lens.benchmarks.switching;

import java.io.IOException;
import java.io.UncheckedIOException;
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
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import nemo.lens.benchmarks.HarnessJvm;

/**
 * The packaged sample application ({@code sample-app/target/sample-app.jar}) as rank 0 of a
 * two-rank job under {@code single_rank}: a silent rank, as the switch finds it. It gets no JVM
 * option (as the start-up benchmark's applications), the OTLP/HTTP exporter pointed at the
 * benchmark's receiver, a free port of {@code 127.0.0.1} that it writes to a port file once it is
 * ready, and the {@code lens} endpoint exposed with its write allowed; {@code NEMO_LENS_*} and
 * {@code OTEL_*} variables of the caller are removed. The batch delay is left at the SDK's
 * default (5 s), so that a first span arriving sooner shows that a rank switched on exports at once.
 * Its output goes to a log file.
 */
final class SampleRank implements AutoCloseable {

	private static final Duration START_TIMEOUT = Duration.ofMinutes(2);

	private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration POLL = Duration.ofMillis(20);

	/**
	 * The top-level {@code exporting} of {@code GET /actuator/lens}: the descriptor's second field,
	 * before the nested {@code signals} and {@code doors} that carry their own.
	 */
	private static final Pattern EXPORTING = Pattern.compile("\"exporting\"\\s*:\\s*(true|false)");

	/**
	 * The batch span processor's worker in {@code /actuator/threaddump}: alive while an exporting
	 * SDK is, ended once it is closed.
	 */
	private static final String EXPORTER_THREAD = "\"threadName\":\"BatchSpanProcessor";

	private final Process process;

	private final Path log;

	private final String baseUrl;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(REQUEST_TIMEOUT).build();

	private SampleRank(Process process, Path log, String baseUrl) {
		this.process = process;
		this.log = log;
		this.baseUrl = baseUrl;
	}

	/**
	 * Starts the rank and waits until it serves.
	 * @param jar the packaged sample application
	 * @param workDirectory a folder of this rank's own, for its port file and its log
	 * @param otlpEndpoint the receiver's base URL
	 * @param arguments more application arguments, such as the control file's
	 * @return the started rank
	 */
	static SampleRank start(Path jar, Path workDirectory, String otlpEndpoint, List<String> arguments)
			throws InterruptedException {
		Path ports = workDirectory.resolve("ports");
		Path log = workDirectory.resolve("rank.log");
		List<String> command = new ArrayList<>(List.of(HarnessJvm.java(),
				"-jar", jar.toString(), "--nemo.lens.rank=0", "--nemo.lens.world-size=2",
				"--nemo.lens.export-strategy=single_rank", "--nemo.lens.exporter=otlp", "--server.port=0",
				"--sample.port-directory=" + ports, "--management.endpoint.lens.access=unrestricted",
				"--management.endpoints.web.exposure.include=health,lens,threaddump"));
		command.addAll(arguments);
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
		Map<String, String> environment = builder.environment();
		environment.keySet().removeIf((name) -> name.startsWith("NEMO_LENS_") || name.startsWith("OTEL_"));
		environment.put("OTEL_EXPORTER_OTLP_ENDPOINT", otlpEndpoint);
		environment.put("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf");
		Process process;
		try {
			process = builder.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		Path portFile = ports.resolve(process.pid() + ".port");
		long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
		while (!Files.exists(portFile)) {
			if (!process.isAlive() || System.nanoTime() > deadline) {
				process.destroyForcibly();
				throw new IllegalStateException("The sample application did not start; see " + log);
			}
			Thread.sleep(POLL.toMillis());
		}
		try {
			return new SampleRank(process, log, "http://127.0.0.1:" + Files.readString(portFile).trim());
		}
		catch (IOException ex) {
			process.destroyForcibly();
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Sends a GET.
	 * @param path such as {@code /work}
	 * @return the body
	 * @throws IllegalStateException when the answer is not 200
	 */
	String get(String path) throws InterruptedException {
		return send(HttpRequest.newBuilder(URI.create(this.baseUrl + path)).GET());
	}

	/**
	 * Sends a POST with a JSON body.
	 * @param path such as {@code /actuator/lens}
	 * @param json the body
	 * @return the answer's body
	 * @throws IllegalStateException when the answer is not 200
	 */
	String post(String path, String json) throws InterruptedException {
		return send(HttpRequest.newBuilder(URI.create(this.baseUrl + path))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json)));
	}

	private String send(HttpRequest.Builder request) throws InterruptedException {
		HttpRequest built = request.timeout(REQUEST_TIMEOUT).build();
		try {
			HttpResponse<String> response = this.http.send(built, HttpResponse.BodyHandlers.ofString());
			if (response.statusCode() != 200) {
				throw new IllegalStateException(built.method() + " " + built.uri() + " answered "
						+ response.statusCode() + ": " + response.body());
			}
			return response.body();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(built.method() + " " + built.uri() + " failed; see " + this.log, ex);
		}
	}

	/** Whether {@code GET /actuator/lens} says the rank exports now. */
	boolean exporting() throws InterruptedException {
		String lens = get("/actuator/lens");
		Matcher matcher = EXPORTING.matcher(lens);
		if (!matcher.find()) {
			throw new IllegalStateException("No 'exporting' in GET /actuator/lens: " + lens);
		}
		return Boolean.parseBoolean(matcher.group(1));
	}

	/**
	 * Waits, polling, until {@code GET /actuator/lens} says the rank is silent and its exporting
	 * SDK is closed (no batch processor thread in {@code /actuator/threaddump}). The second check is
	 * needed for a switch off that the control file's poller makes: the endpoint shows the rank
	 * silent as soon as it stops handing out the SDK, while the poller is still flushing it, and a
	 * trace request sent by that flush must not count as the first of the next switch on. The batch
	 * worker ends up to one batch delay after the flush, so this wait takes a few seconds.
	 * @param timeout the longest wait
	 * @throws IllegalStateException when the rank is not silent within the timeout
	 */
	void awaitSilent(Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (exporting() || get("/actuator/threaddump").contains(EXPORTER_THREAD)) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("The rank is not silent after " + timeout + "; see " + this.log);
			}
			Thread.sleep(POLL.toMillis());
		}
	}

	/** Stops the rank as a scheduler does (SIGTERM), then kills it if it has not exited within 30 s. */
	@Override
	public void close() throws InterruptedException {
		this.process.destroy();
		if (!this.process.waitFor(30, TimeUnit.SECONDS)) {
			this.process.destroyForcibly().waitFor();
		}
	}

}
