package nemo.lens.benchmarks.fleet;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * A job of N rank JVMs on this machine, started by a real {@link FleetLauncher} ({@code mpirun} or
 * {@code srun}). The ranks' lines reach the harness through the launcher's standard output;
 * {@code FLEET_READY} and {@code FLEET_SWITCHED} lines are parsed as they come, and the whole output
 * is kept in a log file. A rank's process is the one its own lines name ({@code pid=}): under
 * {@code srun} the ranks are children of {@code slurmstepd}, not of the launcher the harness started.
 */
public final class FleetJob implements AutoCloseable {

	/** One rank's line: {@code FLEET_READY rank=3 local=3 exporting=false pid=123 at=...}. */
	public record RankLine(String event, int rank, boolean exporting, long pid, long atEpochNanos,
			long seenNanos) {

		static RankLine parse(String line, long seenNanos) {
			String[] words = line.trim().split(" ");
			Map<String, String> values = new LinkedHashMap<>();
			for (int i = 1; i < words.length; i++) {
				int equals = words[i].indexOf('=');
				if (equals > 0) {
					values.put(words[i].substring(0, equals), words[i].substring(equals + 1));
				}
			}
			return new RankLine(words[0], Integer.parseInt(values.get("rank")),
					Boolean.parseBoolean(values.get("exporting")), Long.parseLong(values.get("pid")),
					Long.parseLong(values.get("at")), seenNanos);
		}

	}

	private final FleetLauncher launcher;

	private final String name;

	private final Process process;

	private final int ranks;

	private final long startNanos;

	private final Map<Integer, RankLine> ready = new TreeMap<>();

	private final List<RankLine> switches = new ArrayList<>();

	private final Thread hook = new Thread(this::stop, "fleet-job-stop");

	private FleetJob(FleetLauncher launcher, String name, Process process, int ranks, long startNanos) {
		this.launcher = launcher;
		this.name = name;
		this.process = process;
		this.ranks = ranks;
		this.startNanos = startNanos;
	}

	/**
	 * Starts the job.
	 * @param launcher what starts the ranks
	 * @param ranks N
	 * @param rankCommand the command of one rank ({@code java ... FleetRank lens})
	 * @param environment the variables every rank gets on top of this process's, {@code OTEL_*}
	 * and {@code NEMO_LENS_*} of this process removed
	 * @param log where the launcher's output is kept; its name, less {@code .log}, names the job
	 * @return the started job
	 */
	public static FleetJob start(FleetLauncher launcher, int ranks, List<String> rankCommand,
			Map<String, String> environment, Path log) {
		String name = log.getFileName().toString().replaceFirst("\\.log$", "");
		ProcessBuilder builder = new ProcessBuilder(launcher.command(name, ranks, rankCommand, environment))
			.redirectErrorStream(true);
		builder.environment()
			.keySet()
			.removeIf((variable) -> variable.startsWith("NEMO_LENS_") || variable.startsWith("OTEL_"));
		builder.environment().putAll(environment);
		launcher.prepare(builder.environment());
		try {
			Files.createDirectories(log.toAbsolutePath().getParent());
			long start = System.nanoTime();
			FleetJob job = new FleetJob(launcher, name, builder.start(), ranks, start);
			// A harness ended by a signal still ends its job: ranks left behind would load the next run.
			Runtime.getRuntime().addShutdownHook(job.hook);
			Thread reader = new Thread(() -> job.read(log), "fleet-job-output");
			reader.setDaemon(true);
			reader.start();
			return job;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The launcher that started the job. */
	public FleetLauncher launcher() {
		return this.launcher;
	}

	/** When the launcher was started, in {@link System#nanoTime()}. */
	public long startNanos() {
		return this.startNanos;
	}

	/**
	 * Waits until every rank said it is ready.
	 * @return every rank's ready line, by rank
	 * @throws IllegalStateException when they did not within the timeout, or the job ended
	 */
	public synchronized Map<Integer, RankLine> awaitReady(Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (this.ready.size() < this.ranks) {
			long left = deadline - System.nanoTime();
			if (left <= 0 || !this.process.isAlive()) {
				throw new IllegalStateException(this.name + ": " + this.ready.size() + " of " + this.ranks + " ranks ready"
						+ (this.process.isAlive() ? " within " + timeout
								: "; " + this.launcher + " ended with " + this.process.exitValue()));
			}
			wait(Math.max(1, left / 1_000_000));
		}
		return new TreeMap<>(this.ready);
	}

	/**
	 * Waits until some ranks each said they switched to a state at or after a time.
	 * @param ranks the ranks
	 * @param exporting the state they switch to
	 * @param afterNanos only lines seen at or after this {@link System#nanoTime()}
	 * @return their lines, by rank; those that did not say it within the timeout are missing
	 */
	public synchronized Map<Integer, RankLine> awaitSwitched(Iterable<Integer> ranks, boolean exporting, long afterNanos,
			Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (true) {
			Map<Integer, RankLine> found = new TreeMap<>();
			for (RankLine line : this.switches) {
				if (line.seenNanos() >= afterNanos && line.exporting() == exporting) {
					found.putIfAbsent(line.rank(), line);
				}
			}
			boolean all = true;
			for (int rank : ranks) {
				all &= found.containsKey(rank);
			}
			long left = deadline - System.nanoTime();
			if (all || left <= 0) {
				found.keySet().retainAll(toSet(ranks));
				return found;
			}
			wait(Math.max(1, left / 1_000_000));
		}
	}

	/**
	 * Each rank's decision now, as the ranks said it: the one each was ready with, changed by every
	 * switch it reported since.
	 * @return whether each rank exports, by rank
	 */
	public synchronized Map<Integer, Boolean> decisions() {
		Map<Integer, Boolean> decisions = new TreeMap<>();
		this.ready.forEach((rank, line) -> decisions.put(rank, line.exporting()));
		for (RankLine line : this.switches) {
			decisions.put(line.rank(), line.exporting());
		}
		return decisions;
	}

	private static Set<Integer> toSet(Iterable<Integer> ranks) {
		Set<Integer> set = new HashSet<>();
		ranks.forEach(set::add);
		return set;
	}

	private void read(Path log) {
		try (BufferedReader in = new BufferedReader(
				new InputStreamReader(this.process.getInputStream(), StandardCharsets.UTF_8));
				var out = Files.newBufferedWriter(log)) {
			for (String line = in.readLine(); line != null; line = in.readLine()) {
				long seen = System.nanoTime();
				out.write(line);
				out.newLine();
				// Flushed per line: the log is read while the job runs when something hangs.
				out.flush();
				int at = line.indexOf("FLEET_");
				if (at >= 0) {
					seen(line.substring(at), seen);
				}
			}
		}
		catch (IOException | RuntimeException ex) {
			// The job ended; whoever waits finds out by the timeout or the launcher's exit.
		}
		synchronized (this) {
			notifyAll();
		}
	}

	private synchronized void seen(String text, long seen) {
		try {
			RankLine line = RankLine.parse(text, seen);
			if (line.event().equals("FLEET_READY")) {
				this.ready.put(line.rank(), line);
			}
			else if (line.event().equals("FLEET_SWITCHED")) {
				this.switches.add(line);
			}
			notifyAll();
		}
		catch (RuntimeException ex) {
			// Not one of ours (a line cut by another's output): the log keeps it.
		}
	}

	/**
	 * Ends the job as a scheduler does: SIGTERM to the launcher, which passes it to the ranks
	 * ({@code srun} cancels its step).
	 */
	@Override
	public void close() {
		try {
			Runtime.getRuntime().removeShutdownHook(this.hook);
		}
		catch (IllegalStateException ex) {
			// Shutting down already: the hook stops the job.
		}
		stop();
	}

	private void stop() {
		List<ProcessHandle> left = new ArrayList<>(this.process.descendants().toList());
		synchronized (this) {
			this.ready.values().forEach((line) -> ProcessHandle.of(line.pid()).ifPresent(left::add));
		}
		this.process.destroy();
		try {
			if (!this.process.waitFor(60, TimeUnit.SECONDS)) {
				this.process.destroyForcibly();
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		this.launcher.cleanUp(this.name);
		// Ranks the launcher lost track of must not load the next measurement.
		for (ProcessHandle rank : left) {
			if (rank.isAlive()) {
				rank.destroyForcibly();
			}
		}
	}

	@Override
	public String toString() {
		return this.name + " (" + this.launcher + ")";
	}

}
