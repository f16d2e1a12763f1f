package nemo.lens.benchmarks.report;

import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.Locale;

import nemo.lens.recorder.DumpReport;

/**
 * The report of {@link ReportBenchmark}, in a JVM of its own started with {@code -Xmx1g}: runs
 * {@code DumpReport --html PAGE --trace-events TRACE DIR} (its text to nowhere) and prints
 * {@code report_1024_ranks_s}, the time from the call to its return, {@code report_1024_ranks_cpu_s},
 * the CPU time the process spent meanwhile (on a shared machine the wall time is this over the
 * share of the cores it got), and {@code report_1024_ranks_peak_heap_mib}, the sum of the heap
 * pools' peaks over the run (an upper bound of the heap it needed at once).
 */
public final class ReportRun {

	private ReportRun() {
	}

	public static void main(String[] args) {
		ManagementFactory.getMemoryPoolMXBeans().forEach(MemoryPoolMXBean::resetPeakUsage);
		PrintStream out = System.out;
		System.setOut(new PrintStream(OutputStream.nullOutputStream()));
		long start = System.nanoTime();
		long cpuStart = cpuNanos();
		DumpReport.main(new String[] { "--html", args[1], "--trace-events", args[2], args[0] });
		double seconds = (System.nanoTime() - start) / 1e9;
		double cpuSeconds = (cpuNanos() - cpuStart) / 1e9;
		System.setOut(out);
		long peak = ManagementFactory.getMemoryPoolMXBeans()
			.stream()
			.filter((pool) -> pool.getType() == MemoryType.HEAP)
			.mapToLong((pool) -> pool.getPeakUsage().getUsed())
			.sum();
		System.out.printf(Locale.ROOT, "report_1024_ranks_s=%.2f%n", seconds);
		System.out.printf(Locale.ROOT, "report_1024_ranks_cpu_s=%.2f%n", cpuSeconds);
		System.out.printf(Locale.ROOT, "report_1024_ranks_peak_heap_mib=%.0f%n", peak / (1024.0 * 1024.0));
		System.out.printf(Locale.ROOT, "report_1024_ranks_max_heap_mib=%.0f%n",
				Runtime.getRuntime().maxMemory() / (1024.0 * 1024.0));
	}

	/** The CPU time of the process, all its threads (the collector's too). */
	private static long cpuNanos() {
		return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
			.getProcessCpuTime();
	}

}
