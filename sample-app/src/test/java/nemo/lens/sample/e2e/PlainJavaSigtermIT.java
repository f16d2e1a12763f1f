package nemo.lens.sample.e2e;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A plain Java rank (lens-core alone) ended by SIGTERM delivers every span it queued, within the
 * shutdown timeout: its handle shuts itself down from a JVM shutdown hook. The batch delay is a
 * minute, so only the shutdown can deliver them; the receiver counts them. Without the hook, the
 * same rank delivers none, which shows the hook is what delivers.
 */
class PlainJavaSigtermIT {

	private static final int SPANS = 50;

	private static final Duration SHUTDOWN_TIMEOUT = Duration.ofSeconds(10);

	/** The JVM's own exit work beside Lens's shutdown; generous for a loaded machine. */
	private static final Duration EXIT_MARGIN = Duration.ofSeconds(20);

	private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);

	@Test
	void everyQueuedSpanIsDeliveredOnSigtermWithinTheShutdownTimeout() throws Exception {
		try (OtlpReceiver receiver = OtlpReceiver.start()) {
			Process rank = start(receiver, "hook");
			Duration exit = terminate(rank);
			assertThat(exit).as("from SIGTERM to exit").isLessThan(SHUTDOWN_TIMEOUT.plus(EXIT_MARGIN));
			assertThat(receiver.spans()).as("spans received").hasSize(SPANS);
		}
	}

	@Test
	void withoutTheShutdownHookTheQueuedSpansAreLost() throws Exception {
		try (OtlpReceiver receiver = OtlpReceiver.start()) {
			Process rank = start(receiver, "no-hook");
			terminate(rank);
			assertThat(receiver.spans()).as("spans received").isEmpty();
		}
	}

	/** Starts the rank and waits for its READY line: the spans are queued then. */
	private static Process start(OtlpReceiver receiver, String hook) throws IOException {
		List<String> command = new ArrayList<>();
		command.add(SampleAppProcess.java());
		command.addAll(SampleAppProcess.JVM_OPTIONS);
		command.addAll(List.of("-cp", System.getProperty("java.class.path"), PlainJavaRank.class.getName(),
				String.valueOf(SPANS), hook));
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
		Map<String, String> env = builder.environment();
		env.keySet().retainAll(SampleAppProcess.INHERITED);
		env.putAll(receiver.otelEnvironment());
		env.put("OTEL_BSP_SCHEDULE_DELAY", "60000");
		env.put("OTEL_METRICS_EXPORTER", "none");
		env.put("NEMO_LENS_ENABLED", "true");
		env.put("NEMO_LENS_EXPORTER", "otlp");
		env.put("NEMO_LENS_RUN_ID", "plain-java-" + hook);
		env.put("NEMO_LENS_SHUTDOWN_TIMEOUT", SHUTDOWN_TIMEOUT.toSeconds() + "s");
		Process process = builder.start();
		BufferedReader output = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
		CompletableFuture<String> ready = CompletableFuture.supplyAsync(() -> readUntilReady(output));
		try {
			assertThat(ready.get(READY_TIMEOUT.toSeconds(), TimeUnit.SECONDS)).isEqualTo("READY exporting=true");
		}
		catch (ExecutionException | TimeoutException | InterruptedException ex) {
			process.destroyForcibly();
			throw new AssertionError("The plain Java rank did not get ready", ex);
		}
		drain(output);
		return process;
	}

	/** The READY line, once the rank printed it; its output before that is kept in the error. */
	private static String readUntilReady(BufferedReader output) {
		StringBuilder before = new StringBuilder();
		try {
			String line;
			while ((line = output.readLine()) != null) {
				if (line.startsWith("READY")) {
					return line;
				}
				before.append(line).append('\n');
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		throw new IllegalStateException("The rank ended before it was ready:\n" + before);
	}

	/** Keeps reading the rank's output, so that it never blocks on a full pipe. */
	private static void drain(BufferedReader output) {
		Thread drain = new Thread(() -> {
			try {
				while (output.readLine() != null) {
					// discarded
				}
			}
			catch (IOException ex) {
				// the process ended
			}
		}, "plain-java-rank-output");
		drain.setDaemon(true);
		drain.start();
	}

	private static Duration terminate(Process rank) throws InterruptedException {
		long start = System.nanoTime();
		rank.destroy();
		if (!rank.waitFor(SHUTDOWN_TIMEOUT.plus(EXIT_MARGIN).toMillis(), TimeUnit.MILLISECONDS)) {
			rank.destroyForcibly().waitFor();
			throw new AssertionError("The plain Java rank did not exit after SIGTERM");
		}
		return Duration.ofNanos(System.nanoTime() - start);
	}

}
