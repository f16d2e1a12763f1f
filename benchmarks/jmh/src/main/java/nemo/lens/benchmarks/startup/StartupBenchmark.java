package nemo.lens.benchmarks.startup;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import nemo.lens.benchmarks.HarnessJvm;

/**
 * Start-up cost: the minimal Spring Boot application of {@code benchmarks/startup-app}, started as a
 * fresh {@code java} process again and again: without Lens, with the Lens starter enabled on an
 * exporting and on a silent rank, and with Spring Boot's own OpenTelemetry starter exporting
 * instead, which is what a user picks today to export from a Boot application. The same
 * application as a web application runs four more ways: with no telemetry starter, with the
 * telemetry stack a user has (Boot's OpenTelemetry starter: OTLP exporters and Micrometer's OTLP
 * registry), and with that stack plus Lens on a silent and on an exporting rank; those runs also
 * count the live threads once the application has run for two push steps. Each
 * run is timed from just before the process is spawned to the moment its "started" line arrives
 * (wall time, so JVM boot, class loading and the whole Boot start-up count), and reports its peak
 * resident set ({@code VmHWM}) just before it exits.
 * <p>
 * Every variant gets the same JVM, the same JVM options and the same arguments (but the rank); the
 * class path with Lens, or with Boot's starter, is the plain class path plus that starter's jars
 * and nothing else. One
 * discarded run of each variant warms the page cache; the measured runs then alternate between
 * variants, so that drift on the machine hits them alike. {@code NEMO_LENS_*} and {@code OTEL_*}
 * variables of the caller are removed from the children's environment.
 */
public final class StartupBenchmark {

	/** The application's main class. */
	static final String MAIN_CLASS = "nemo.lens.benchmarks.startup.StartupApplication";

	static final String STARTED = "NEMO_LENS_BENCH_STARTED";

	static final String CPU_TIME = "NEMO_LENS_BENCH_CPU_MS=";

	static final String PEAK_RSS = "NEMO_LENS_BENCH_VMHWM_KB=";

	static final String THREADS = "NEMO_LENS_BENCH_THREADS=";

	/** The group of the minimal application's variants in the report. */
	static final String MINIMAL = "start-up, minimal Boot app";

	/** The group of the web application's variants, with and without the telemetry stack. */
	static final String STACK = "start-up, web app + telemetry stack";

	private static final long TIMEOUT_SECONDS = 120;

	private static final int EXPORTING_RANK = 1;

	private static final int SILENT_RANK = 0;

	private static final String OTLP_GRPC_ENDPOINT = "http://127.0.0.1:4317";

	private static final String OTLP_METRICS_URL = "http://127.0.0.1:4318/v1/metrics";

	/**
	 * Micrometer's push step for the web variants: short, so that a registry that publishes has
	 * started its publisher and pushed once within the settle before threads are counted.
	 */
	private static final String METRICS_STEP = "1s";

	/** Two push steps: the first push falls within one step of the registry's start. */
	private static final String THREADS_SETTLE = "2s";

	private final String javaCommand;

	private final List<Variant> variants;

	/**
	 * Creates the benchmark over the built start-up applications.
	 * @param benchmarksDirectory the {@code benchmarks} folder, after {@code mvn package}
	 * @return the benchmark with its variants
	 */
	public static StartupBenchmark of(Path benchmarksDirectory) {
		Path appJar = benchmarksDirectory.resolve("startup-app/target/startup-app.jar");
		List<String> plain = new ArrayList<>();
		plain.add(appJar.toString());
		plain.addAll(readClasspath(benchmarksDirectory.resolve("startup-app/target/classpath.txt")));
		List<String> lens = withJarsOf(plain, benchmarksDirectory.resolve("startup-app-lens/target/classpath.txt"));
		List<String> bootOpenTelemetry = withJarsOf(plain,
				benchmarksDirectory.resolve("startup-app-boot-otel/target/classpath.txt"));
		List<String> web = withJarsOf(plain, benchmarksDirectory.resolve("startup-app-web/target/classpath.txt"));
		List<String> stack = withJarsOf(plain, benchmarksDirectory.resolve("startup-app-stack/target/classpath.txt"));
		List<String> stackLens = withJarsOf(plain,
				benchmarksDirectory.resolve("startup-app-stack-lens/target/classpath.txt"));
		return new StartupBenchmark(HarnessJvm.java(), List.of(
				new Variant("plain", MINIMAL, "Spring Boot only (no Lens jar)", plain, arguments(EXPORTING_RANK),
						"absent"),
				new Variant("lens_exporting", MINIMAL, "Lens enabled, exporting rank (OTLP exporter)", lens,
						arguments(EXPORTING_RANK), "exporting"),
				new Variant("lens_silent", MINIMAL, "Lens enabled, non-exporting rank", lens, arguments(SILENT_RANK),
						"silent"),
				new Variant("boot_otel", MINIMAL, "Spring Boot's OpenTelemetry starter, exporting (OTLP), no Lens",
						bootOpenTelemetry, arguments(EXPORTING_RANK), "absent"),
				new Variant("web_plain", STACK, "web app, no telemetry starter", web, stackArguments(EXPORTING_RANK),
						"absent"),
				new Variant("stack_only", STACK, "stack alone (Boot's OpenTelemetry starter, OTLP), no Lens", stack,
						stackArguments(EXPORTING_RANK), "absent"),
				new Variant("stack_silent", STACK, "stack + Lens, silent rank", stackLens,
						stackArguments(SILENT_RANK), "silent"),
				new Variant("stack_exporting", STACK, "stack + Lens, exporting rank", stackLens,
						stackArguments(EXPORTING_RANK), "exporting")));
	}

	/**
	 * The arguments of the web variants: those of every variant, plus Micrometer's OTLP registry
	 * pushing every {@value #METRICS_STEP} to 127.0.0.1 (where, as for the OTLP exporters, nothing
	 * listens: a refused connection costs the stack alone and an exporting rank alike), Tomcat on
	 * a free port of 127.0.0.1, and the thread count after {@value #THREADS_SETTLE}.
	 */
	private static List<String> stackArguments(int rank) {
		List<String> arguments = new ArrayList<>(arguments(rank));
		arguments.addAll(List.of("--management.otlp.metrics.export.url=" + OTLP_METRICS_URL,
				"--management.otlp.metrics.export.step=" + METRICS_STEP, "--server.address=127.0.0.1",
				"--server.port=0", "--bench.threads-settle=" + THREADS_SETTLE));
		return List.copyOf(arguments);
	}

	/**
	 * The arguments of every variant: Lens's for one rank of two, and those that make Spring Boot's
	 * OpenTelemetry starter export what a Lens exporting rank exports (traces and logs over OTLP gRPC
	 * to the default port; its Micrometer OTLP metrics are on by default). Each application ignores
	 * the other's; nothing listens on the port, and nothing is sent before "started".
	 */
	private static List<String> arguments(int rank) {
		// Under single_rank with the default export rank, the last of two ranks exports. With no
		// collector listening, the exporting rank's final export retries until the shutdown timeout:
		// 1 s keeps the runs short, and comes after the measured "started" line.
		return List.of("--nemo.lens.enabled=true", "--nemo.lens.world-size=2", "--nemo.lens.rank=" + rank,
				"--nemo.lens.shutdown-timeout=1s",
				"--management.opentelemetry.tracing.export.otlp.endpoint=" + OTLP_GRPC_ENDPOINT,
				"--management.opentelemetry.tracing.export.otlp.transport=grpc",
				"--management.opentelemetry.logging.export.otlp.endpoint=" + OTLP_GRPC_ENDPOINT,
				"--management.opentelemetry.logging.export.otlp.transport=grpc",
				"--management.tracing.sampling.probability=1.0");
	}

	private static List<String> withJarsOf(List<String> base, Path classpathFile) {
		Set<String> entries = new LinkedHashSet<>(base);
		entries.addAll(readClasspath(classpathFile));
		return List.copyOf(entries);
	}

	StartupBenchmark(String javaCommand, List<Variant> variants) {
		this.javaCommand = javaCommand;
		this.variants = variants;
	}

	/**
	 * Runs each variant once unmeasured, then {@code runs} times, alternating.
	 * @param runs the measured runs per variant
	 * @return the results, by variant name, in variant order
	 */
	public Map<String, Result> run(int runs) {
		Map<String, List<Sample>> samples = new LinkedHashMap<>();
		for (Variant variant : this.variants) {
			runOnce(variant);
			samples.put(variant.name(), new ArrayList<>());
		}
		for (int i = 0; i < runs; i++) {
			for (Variant variant : this.variants) {
				samples.get(variant.name()).add(runOnce(variant));
			}
		}
		Map<String, Result> results = new LinkedHashMap<>();
		for (Variant variant : this.variants) {
			results.put(variant.name(), new Result(variant, samples.get(variant.name())));
		}
		return results;
	}

	Sample runOnce(Variant variant) {
		List<String> command = new ArrayList<>();
		command.add(this.javaCommand);
		command.add("-cp");
		command.add(String.join(java.io.File.pathSeparator, variant.classpath()));
		command.add(MAIN_CLASS);
		command.addAll(variant.arguments());
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
		builder.environment().keySet().removeIf((name) -> name.startsWith("NEMO_LENS_") || name.startsWith("OTEL_"));
		long start = System.nanoTime();
		Process process;
		try {
			process = builder.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		long startedNanos = -1;
		long peakRssKib = -1;
		long cpuMillis = -1;
		long mainThreadCpuMillis = -1;
		int threads = -1;
		String lensState = null;
		StringBuilder output = new StringBuilder();
		try (BufferedReader lines = new BufferedReader(
				new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
			String line;
			while ((line = lines.readLine()) != null) {
				if (startedNanos < 0 && line.startsWith(STARTED)) {
					startedNanos = System.nanoTime() - start;
					lensState = line.substring(line.indexOf("lens=") + "lens=".length()).trim();
				}
				else if (line.startsWith(CPU_TIME)) {
					String[] values = line.substring(CPU_TIME.length()).trim().split(" main=");
					cpuMillis = Long.parseLong(values[0]);
					mainThreadCpuMillis = Long.parseLong(values[1]);
				}
				else if (line.startsWith(THREADS)) {
					threads = Integer.parseInt(line.substring(THREADS.length()).split(" ", 2)[0]);
				}
				else if (line.startsWith(PEAK_RSS)) {
					peakRssKib = Long.parseLong(line.substring(PEAK_RSS.length()).trim());
				}
				else if (output.length() < 20_000) {
					output.append(line).append('\n');
				}
			}
			if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
				process.destroyForcibly();
				throw new IllegalStateException(variant.name() + ": the application did not exit");
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			process.destroyForcibly();
			throw new IllegalStateException(ex);
		}
		if (process.exitValue() != 0 || startedNanos < 0) {
			throw new IllegalStateException(variant.name() + ": the application failed (exit " + process.exitValue()
					+ "):\n" + output);
		}
		if (!variant.expectedLensState().equals(lensState)) {
			throw new IllegalStateException(variant.name() + ": expected lens=" + variant.expectedLensState()
					+ " but the application reported lens=" + lensState);
		}
		return new Sample(startedNanos / 1_000_000.0, cpuMillis, mainThreadCpuMillis, peakRssKib, threads);
	}

	private static List<String> readClasspath(Path file) {
		try {
			String text = Files.readString(file).trim();
			List<String> entries = new ArrayList<>();
			for (String entry : text.split(java.io.File.pathSeparator)) {
				if (!entry.isBlank()) {
					entries.add(entry);
				}
			}
			return entries;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read " + file + "; build the benchmarks first (benchmarks/run)", ex);
		}
	}

	/**
	 * One way of starting the application.
	 * @param name a short name
	 * @param group the report's group: which application
	 * @param description what it is, for the report
	 * @param classpath the class path entries
	 * @param arguments the application's arguments
	 * @param expectedLensState what the application must report: {@code absent}, {@code exporting}
	 * or {@code silent}
	 */
	public record Variant(String name, String group, String description, List<String> classpath, List<String> arguments,
			String expectedLensState) {
	}

	/**
	 * One run.
	 * @param startedMillis wall time from spawn to the "started" line
	 * @param cpuMillis CPU time of all the process's threads until "started", or -1 when unknown
	 * @param mainThreadCpuMillis CPU time of the main thread until "started"
	 * @param peakRssKib the peak resident set, in KiB, or -1 when unknown
	 * @param threads the live threads after the settle, or -1 when not counted
	 */
	public record Sample(double startedMillis, long cpuMillis, long mainThreadCpuMillis, long peakRssKib,
			int threads) {
	}

	/**
	 * The runs of one variant.
	 * @param variant the variant
	 * @param samples its measured runs
	 */
	public record Result(Variant variant, List<Sample> samples) {

		/**
		 * The median wall time to "started".
		 * @return milliseconds
		 */
		public double medianStartedMillis() {
			return median(this.samples.stream().mapToDouble(Sample::startedMillis).toArray());
		}

		/**
		 * The smallest and largest wall time to "started".
		 * @return {min, max} in milliseconds
		 */
		public double[] startedRangeMillis() {
			double[] values = this.samples.stream().mapToDouble(Sample::startedMillis).sorted().toArray();
			return new double[] { values[0], values[values.length - 1] };
		}

		/**
		 * The median CPU time until "started", all threads together.
		 * @return milliseconds
		 */
		public double medianCpuMillis() {
			return median(this.samples.stream().mapToDouble(Sample::cpuMillis).toArray());
		}

		/**
		 * The median CPU time of the main thread until "started".
		 * @return milliseconds
		 */
		public double medianMainThreadCpuMillis() {
			return median(this.samples.stream().mapToDouble(Sample::mainThreadCpuMillis).toArray());
		}

		/**
		 * The median peak resident set.
		 * @return MiB
		 */
		public double medianPeakRssMib() {
			return median(this.samples.stream().mapToDouble((sample) -> sample.peakRssKib() / 1024.0).toArray());
		}

		/**
		 * The median count of live threads after the settle.
		 * @return threads, or NaN when the variant does not count them
		 */
		public double medianThreads() {
			double[] values = this.samples.stream().mapToDouble(Sample::threads).filter((count) -> count >= 0).toArray();
			return (values.length > 0) ? median(values) : Double.NaN;
		}

		static double median(double[] values) {
			double[] sorted = values.clone();
			java.util.Arrays.sort(sorted);
			int middle = sorted.length / 2;
			return (sorted.length % 2 == 1) ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
		}

	}

}
