package nemo.lens.sample.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The objects that export, or hold what exports, counted on a running rank's heap by
 * {@code jcmd <pid> GC.class_histogram} (after a full collection): Micrometer's push registries,
 * the OpenTelemetry SDK's providers, processors and readers, the OTLP exporters of every signal
 * and protocol, and their HTTP client. A rank that builds one, by any door, shows it here, whoever
 * built it.
 */
final class ExportingObjects {

	static final List<String> TYPES = List.of("io.micrometer.registry.otlp.OtlpMeterRegistry",
			"io.opentelemetry.sdk.trace.SdkTracerProvider", "io.opentelemetry.sdk.trace.export.BatchSpanProcessor",
			"io.opentelemetry.sdk.metrics.SdkMeterProvider", "io.opentelemetry.sdk.metrics.export.PeriodicMetricReader",
			"io.opentelemetry.sdk.logs.SdkLoggerProvider", "io.opentelemetry.sdk.logs.export.BatchLogRecordProcessor",
			"io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter",
			"io.opentelemetry.exporter.otlp.trace.OtlpGrpcSpanExporter",
			"io.opentelemetry.exporter.otlp.http.metrics.OtlpHttpMetricExporter",
			"io.opentelemetry.exporter.otlp.metrics.OtlpGrpcMetricExporter",
			"io.opentelemetry.exporter.otlp.http.logs.OtlpHttpLogRecordExporter",
			"io.opentelemetry.exporter.otlp.logs.OtlpGrpcLogRecordExporter", "okhttp3.OkHttpClient");

	/** {@code   12:     345     67890  okhttp3.OkHttpClient (module)}. */
	private static final Pattern HISTOGRAM_LINE = Pattern.compile("^\\s*\\d+:\\s+(\\d+)\\s+\\d+\\s+(\\S+)");

	private ExportingObjects() {
	}

	/**
	 * Counts the exporting objects on a rank's heap.
	 * @param rank the rank, run directly or under a wrapper such as strace
	 * @return each exporting type with live instances, and how many; empty when there is none
	 */
	static Map<String, Long> on(SampleAppProcess rank) {
		long jvm = jvmPid(rank.pid());
		String jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
		try {
			Process process = new ProcessBuilder(jcmd, Long.toString(jvm), "GC.class_histogram").redirectErrorStream(true)
				.start();
			String histogram = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (!process.waitFor(2, TimeUnit.MINUTES) || process.exitValue() != 0) {
				throw new AssertionError("jcmd " + jvm + " GC.class_histogram failed:\n" + histogram);
			}
			Map<String, Long> found = new TreeMap<>();
			for (String line : histogram.split("\n")) {
				Matcher matcher = HISTOGRAM_LINE.matcher(line);
				if (matcher.find() && TYPES.contains(matcher.group(2))) {
					found.put(matcher.group(2), Long.parseLong(matcher.group(1)));
				}
			}
			return found;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new AssertionError(ex);
		}
	}

	/**
	 * Asserts that a silent rank's heap holds no exporting object while an exporting rank's holds
	 * the given ones: the same census on both shows that it does see them where they are.
	 * @param silent the silent rank
	 * @param exporting the exporting rank
	 * @param expected types the exporting rank must hold
	 */
	static void assertNoneOnSilentRank(SampleAppProcess silent, SampleAppProcess exporting, String... expected) {
		assertThat(on(silent)).as("exporting objects on the silent rank's heap").isEmpty();
		assertThat(on(exporting)).as("exporting objects on the exporting rank's heap").containsKeys(expected);
	}

	/** The JVM's own process: the one started, or the java process under its wrapper. */
	private static long jvmPid(long started) {
		ProcessHandle handle = ProcessHandle.of(started)
			.orElseThrow(() -> new AssertionError("No process " + started));
		if (isJava(handle)) {
			return started;
		}
		Optional<ProcessHandle> java = handle.descendants().filter(ExportingObjects::isJava).findFirst();
		return java.orElseThrow(() -> new AssertionError("No JVM under process " + started)).pid();
	}

	private static boolean isJava(ProcessHandle handle) {
		return handle.info().command().map((command) -> command.endsWith("/java")).orElse(false);
	}

}
