package nemo.lens.benchmarks.fleet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the kernel says one process has used so far: CPU time ({@code utime + stime} of
 * {@code /proc/<pid>/stat}, in clock ticks of 10 ms), resident memory ({@code VmRSS} of
 * {@code /proc/<pid>/status}) and live threads ({@code Threads}). Read from outside, so that the
 * measured rank runs no code of the harness.
 *
 * @param cpuMillis CPU time, user and system, in ms
 * @param rssKib resident set, KiB
 * @param threads live threads
 */
public record ProcessSample(long cpuMillis, long rssKib, int threads) {

	/** {@code USER_HZ}: 100 on every Linux the harness runs on. */
	private static final long MILLIS_PER_TICK = 10;

	/**
	 * Reads a process.
	 * @param pid the process
	 * @return its sample, or {@code null} when it is gone
	 */
	public static ProcessSample of(long pid) {
		try {
			String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
			// The command name (field 2) may hold spaces: fields are counted after its ')'.
			String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
			long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
			long rss = 0;
			int threads = 0;
			for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
				if (line.startsWith("VmRSS:")) {
					rss = Long.parseLong(line.replaceAll("[^0-9]", ""));
				}
				else if (line.startsWith("Threads:")) {
					threads = Integer.parseInt(line.replaceAll("[^0-9]", ""));
				}
			}
			return new ProcessSample(ticks * MILLIS_PER_TICK, rss, threads);
		}
		catch (IOException | RuntimeException ex) {
			return null;
		}
	}

}
