package nemo.lens.benchmarks.startup;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Collectors;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The minimal Spring Boot application of the start-up benchmark: no web server, no bean of its
 * own. The benchmark starts it as a process with only Spring Boot on the class path, with the Lens
 * starter added, or with Spring Boot's OpenTelemetry starter added, and times it from process start
 * to the {@value #STARTED} line.
 * <p>
 * It prints what Lens decided (found by bean name, so that this class never links a Lens type),
 * so that the benchmark can check it measured the variant it meant to; then the CPU time used until
 * then by the whole process and by the main thread, which starts the context (readings that other
 * load on the machine disturbs less than wall time); when asked ({@value #THREADS_SETTLE}), the
 * live threads once the application has run a while; and, after the context is closed, the process's peak resident set ({@code VmHWM} in {@code /proc/self/status}).
 */
@SpringBootApplication
public class StartupApplication {

	/** The line printed once the context has started, followed by what Lens decided. */
	public static final String STARTED = "NEMO_LENS_BENCH_STARTED";

	/**
	 * The line printed right after {@link #STARTED}: the CPU time so far, in ms, of the whole process
	 * and ({@code main=}) of the main thread.
	 */
	public static final String CPU_TIME = "NEMO_LENS_BENCH_CPU_MS";

	/**
	 * The line printed after the settle, when one is asked for: the live threads, then
	 * ({@code names=}) their names, comma-separated.
	 */
	public static final String THREADS = "NEMO_LENS_BENCH_THREADS";

	/**
	 * The argument that asks for the thread count: how long to let the started application run
	 * first (a {@link Duration} such as {@code 2s}), so that threads that telemetry starts lazily,
	 * such as a push registry's publisher at its first step, exist when counted.
	 */
	static final String THREADS_SETTLE = "--bench.threads-settle=";

	/** The line printed just before exit, followed by the peak resident set in KiB. */
	public static final String PEAK_RSS = "NEMO_LENS_BENCH_VMHWM_KB";

	private static final String HANDLE_BEAN = "lensTelemetryHandle";

	/**
	 * Starts the application, reports, closes it and exits.
	 * @param args Spring Boot arguments, such as {@code --nemo.lens.enabled=true}
	 * @throws ReflectiveOperationException never in practice: the handle's accessor is public
	 * @throws InterruptedException when interrupted during the thread-count settle
	 */
	public static void main(String[] args) throws ReflectiveOperationException, InterruptedException {
		ConfigurableApplicationContext context = SpringApplication.run(StartupApplication.class, args);
		System.out.println(STARTED + " lens=" + lensState(context));
		System.out.flush();
		long mainThreadCpuMillis = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() / 1_000_000;
		long cpuMillis = ProcessHandle.current().info().totalCpuDuration().map(Duration::toMillis).orElse(-1L);
		System.out.println(CPU_TIME + "=" + cpuMillis + " main=" + mainThreadCpuMillis);
		System.out.flush();
		Duration settle = threadsSettle(args);
		if (settle != null) {
			printThreads(settle);
		}
		context.close();
		System.out.println(PEAK_RSS + "=" + peakResidentKib());
		System.out.flush();
	}

	private static String lensState(ConfigurableApplicationContext context) throws ReflectiveOperationException {
		if (!context.containsBean(HANDLE_BEAN)) {
			return "absent";
		}
		Object handle = context.getBean(HANDLE_BEAN);
		Method isExporting = handle.getClass().getMethod("isExporting");
		return Boolean.TRUE.equals(isExporting.invoke(handle)) ? "exporting" : "silent";
	}

	private static Duration threadsSettle(String[] args) {
		for (String arg : args) {
			if (arg.startsWith(THREADS_SETTLE)) {
				return DurationStyle.detectAndParse(arg.substring(THREADS_SETTLE.length()));
			}
		}
		return null;
	}

	/**
	 * Counts live threads once the settle has passed since the context started. A silent rank
	 * has no event to wait for (nothing is meant to happen), so the settle is a time: the
	 * benchmark sets it to two push steps of Micrometer's registry.
	 */
	private static void printThreads(Duration settle) throws InterruptedException {
		Thread.sleep(settle.toMillis());
		ThreadMXBean threads = ManagementFactory.getThreadMXBean();
		String names = Thread.getAllStackTraces()
			.keySet()
			.stream()
			.map(Thread::getName)
			.sorted()
			.collect(Collectors.joining(","));
		System.out.println(THREADS + "=" + threads.getThreadCount() + " names=" + names);
		System.out.flush();
	}

	private static long peakResidentKib() {
		try {
			for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
				if (line.startsWith("VmHWM:")) {
					return Long.parseLong(line.replaceAll("[^0-9]", ""));
				}
			}
		}
		catch (IOException | NumberFormatException ex) {
			// Not on Linux: report the absence rather than fail the run.
		}
		return -1;
	}

}
