package nemo.lens.benchmarks.fleet;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
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
 * A job of N rank JVMs started by Open MPI's {@code mpirun --oversubscribe} on this machine, each
 * run under {@code bash} that sets {@code LOCAL_RANK} to the rank modulo the ranks per node, so
 * that one machine reads as nodes of that many ranks (what {@code first_rank_per_node} and
 * {@code dl.local_rank} see). The ranks' lines reach the harness through {@code mpirun}'s standard
 * output; {@code FLEET_READY} and {@code FLEET_SWITCHED} lines are parsed as they come, and the
 * whole output is kept in a log file.
 */
public final class FleetJob implements AutoCloseable {

	/** Open MPI refuses root unless told; these say so without a flag. */
	static final Map<String, String> OPEN_MPI_AS_ROOT = Map.of("OMPI_ALLOW_RUN_AS_ROOT", "1",
			"OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");

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

	private final Process mpirun;

	private final int ranks;

	private final long startNanos;

	private final Map<Integer, RankLine> ready = new TreeMap<>();

	private final List<RankLine> switches = new ArrayList<>();

	private final Thread hook = new Thread(this::stop, "fleet-job-stop");

	private FleetJob(Process mpirun, int ranks, long startNanos) {
		this.mpirun = mpirun;
		this.ranks = ranks;
		this.startNanos = startNanos;
	}

	/**
	 * Starts the job.
	 * @param ranks N
	 * @param ranksPerNode how many ranks make one node
	 * @param rankCommand the command of one rank ({@code java ... FleetRank lens})
	 * @param environment the variables every rank gets on top of this process's, {@code OTEL_*}
	 * and {@code NEMO_LENS_*} of this process removed
	 * @param log where {@code mpirun}'s output is kept
	 * @return the started job
	 */
	public static FleetJob start(int ranks, int ranksPerNode, List<String> rankCommand, Map<String, String> environment,
			Path log) {
		List<String> command = new ArrayList<>(List.of("mpirun", "--oversubscribe", "--bind-to", "none", "-n",
				Integer.toString(ranks)));
		// Exported explicitly: mpirun passes only what -x names to ranks on other nodes, and a
		// recipe that works across nodes is the one worth measuring.
		for (String name : environment.keySet()) {
			command.add("-x");
			command.add(name);
		}
		command.addAll(List.of("bash", "-c",
				"export LOCAL_RANK=$((OMPI_COMM_WORLD_RANK % " + ranksPerNode + ")); exec \"$@\"", "fleet-rank"));
		command.addAll(rankCommand);
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
		builder.environment().keySet().removeIf((name) -> name.startsWith("NEMO_LENS_") || name.startsWith("OTEL_"));
		builder.environment().putAll(OPEN_MPI_AS_ROOT);
		builder.environment().putAll(environment);
		try {
			Files.createDirectories(log.toAbsolutePath().getParent());
			long start = System.nanoTime();
			FleetJob job = new FleetJob(builder.start(), ranks, start);
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

	/** Whether {@code mpirun} can be started here. */
	public static boolean mpirunAvailable() {
		try {
			Process probe = new ProcessBuilder("mpirun", "--version").redirectErrorStream(true).start();
			probe.getInputStream().transferTo(OutputStream.nullOutputStream());
			return probe.waitFor(30, TimeUnit.SECONDS) && probe.exitValue() == 0;
		}
		catch (IOException ex) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	/** When {@code mpirun} was started, in {@link System#nanoTime()}. */
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
			if (left <= 0 || !this.mpirun.isAlive()) {
				throw new IllegalStateException(this.ready.size() + " of " + this.ranks + " ranks ready"
						+ (this.mpirun.isAlive() ? " within " + timeout : "; mpirun ended with " + this.mpirun.exitValue()));
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

	private static Set<Integer> toSet(Iterable<Integer> ranks) {
		Set<Integer> set = new HashSet<>();
		ranks.forEach(set::add);
		return set;
	}

	private void read(Path log) {
		try (BufferedReader in = new BufferedReader(
				new InputStreamReader(this.mpirun.getInputStream(), StandardCharsets.UTF_8));
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
			// The job ended; whoever waits finds out by the timeout or mpirun's exit.
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

	/** Ends the job as a scheduler does: SIGTERM to mpirun, which passes it to the ranks. */
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
		List<ProcessHandle> children = this.mpirun.descendants().toList();
		this.mpirun.destroy();
		try {
			if (!this.mpirun.waitFor(60, TimeUnit.SECONDS)) {
				this.mpirun.destroyForcibly();
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		// Ranks mpirun lost track of must not load the next measurement.
		for (ProcessHandle child : children) {
			if (child.isAlive()) {
				child.destroyForcibly();
			}
		}
	}

}
