package nemo.lens.benchmarks.fleet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * When the ranks look at their control file: {@code strace} attached to the control-file thread
 * ({@code nemo-lens-control}) of every rank for a while, its looks at the file counted and timed:
 * {@code stat} calls, and the {@code access} calls that look for a file known to be absent. Only
 * that thread is traced, so the ranks' other threads run untouched; the traced thread pays a
 * ptrace stop per system call, once a second.
 *
 * @param statCalls stat and access calls on the file, all ranks together
 * @param seconds how long they were counted
 * @param spreadMillis the shortest arc of the interval that holds every rank's poll phase (its
 * poll time modulo the interval): near 0 when the ranks poll in lockstep, near the interval when
 * their polls spread over it
 * @param peakPer10Millis the most stat calls in any 10 ms: what a shared metadata server gets at once
 * @param ranksTraced ranks whose control thread was found and traced
 */
public record PollTrace(long statCalls, double seconds, double spreadMillis, int peakPer10Millis, int ranksTraced) {

	private static final String CONTROL_THREAD = "nemo-lens-contr";

	/**
	 * Traces the ranks' control threads.
	 * @param pids the ranks' processes
	 * @param file the control file
	 * @param interval the poll interval
	 * @param duration how long to trace
	 * @param output where strace writes
	 * @return the trace, or {@code null} when strace is not installed or attached to nothing
	 */
	public static PollTrace of(Collection<Long> pids, Path file, Duration interval, Duration duration, Path output)
			throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(List.of("strace", "-ttt", "-e",
				"trace=stat,lstat,newfstatat,statx,access,faccessat,faccessat2", "-o", output.toString()));
		int traced = 0;
		for (long pid : pids) {
			String tid = controlThread(pid);
			if (tid != null) {
				command.add("-p");
				command.add(tid);
				traced++;
			}
		}
		if (traced == 0) {
			return null;
		}
		Process strace;
		try {
			strace = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(output.resolveSibling(output.getFileName() + ".err").toFile())
				.start();
		}
		catch (IOException ex) {
			return null;
		}
		Thread.sleep(duration.toMillis());
		strace.destroy();
		strace.waitFor(30, TimeUnit.SECONDS);
		List<Double> times = new ArrayList<>();
		String name = "\"" + file + "\"";
		for (String line : Files.readAllLines(output)) {
			if (line.contains(name)) {
				times.add(time(line));
			}
		}
		return summarize(times, interval, duration, traced);
	}

	/** The time of a line: the first word with a dot ({@code -p} of several threads puts each one's id first). */
	private static double time(String line) {
		for (String word : line.trim().split("\\s+")) {
			if (word.indexOf('.') > 0) {
				return Double.parseDouble(word);
			}
		}
		throw new IllegalArgumentException("no time in: " + line);
	}

	static PollTrace summarize(List<Double> times, Duration interval, Duration duration, int traced) {
		double period = interval.toNanos() / 1e9;
		double[] phases = times.stream().mapToDouble((t) -> t % period).sorted().toArray();
		double largestGap = 0;
		for (int i = 0; i < phases.length; i++) {
			double next = (i + 1 < phases.length) ? phases[i + 1] : phases[0] + period;
			largestGap = Math.max(largestGap, next - phases[i]);
		}
		double spread = (phases.length < 2) ? 0 : (period - largestGap) * 1000;
		double[] sorted = times.stream().mapToDouble(Double::doubleValue).sorted().toArray();
		int peak = 0;
		for (int i = 0, j = 0; i < sorted.length; i++) {
			while (sorted[i] - sorted[j] >= 0.010) {
				j++;
			}
			peak = Math.max(peak, i - j + 1);
		}
		return new PollTrace(times.size(), duration.toNanos() / 1e9, spread, peak, traced);
	}

	/** The control-file thread of a process ({@code comm} is cut to 15 characters), or {@code null}. */
	private static String controlThread(long pid) throws IOException {
		Path tasks = Path.of("/proc", Long.toString(pid), "task");
		if (!Files.isDirectory(tasks)) {
			return null;
		}
		try (var stream = Files.list(tasks)) {
			for (Path task : (Iterable<Path>) stream::iterator) {
				try {
					if (Files.readString(task.resolve("comm")).trim().equals(CONTROL_THREAD)) {
						return task.getFileName().toString();
					}
				}
				catch (IOException ex) {
					// The thread ended meanwhile.
				}
			}
		}
		return null;
	}

	@Override
	public String toString() {
		return "PollTrace" + Arrays.asList(this.statCalls, this.seconds, this.spreadMillis, this.peakPer10Millis);
	}

}
