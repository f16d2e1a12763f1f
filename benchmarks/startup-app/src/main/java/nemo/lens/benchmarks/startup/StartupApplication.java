package nemo.lens.benchmarks.startup;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
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
 * load on the machine disturbs less than wall time); and, after the context is closed, the process's peak resident set ({@code VmHWM} in {@code /proc/self/status}).
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

	/** The line printed just before exit, followed by the peak resident set in KiB. */
	public static final String PEAK_RSS = "NEMO_LENS_BENCH_VMHWM_KB";

	private static final String HANDLE_BEAN = "lensTelemetryHandle";

	/**
	 * Starts the application, reports, closes it and exits.
	 * @param args Spring Boot arguments, such as {@code --nemo.lens.enabled=true}
	 * @throws ReflectiveOperationException never in practice: the handle's accessor is public
	 */
	public static void main(String[] args) throws ReflectiveOperationException {
		ConfigurableApplicationContext context = SpringApplication.run(StartupApplication.class, args);
		System.out.println(STARTED + " lens=" + lensState(context));
		System.out.flush();
		long mainThreadCpuMillis = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() / 1_000_000;
		long cpuMillis = ProcessHandle.current().info().totalCpuDuration().map(Duration::toMillis).orElse(-1L);
		System.out.println(CPU_TIME + "=" + cpuMillis + " main=" + mainThreadCpuMillis);
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
