package nemo.lens.sample.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.springframework.util.FileSystemUtils;

/**
 * One job of the packaged sample started by a real launcher ({@code mpirun}, {@code mpiexec.hydra},
 * {@code srun}, {@code sbatch}): the test starts the launcher, never a rank, and finds the ranks
 * by the port files they write when ready ({@code --sample.port-directory}, one
 * {@code <pid>.port} each), so it learns nothing about a rank but what the rank says over HTTP.
 * The launcher's output goes to {@code target/e2e-logs/<name>.log}. Stopping is the launcher's
 * own: SIGTERM to it, or {@code scancel} for a batch job, which forward to every rank.
 */
final class LaunchedJob implements AutoCloseable {

	private static final Duration POLL = Duration.ofMillis(200);

	private final String name;

	private final Process launcher;

	private final Path log;

	private final Path ports;

	private final boolean batch;

	private final List<ProcessHandle> ranks = new ArrayList<>();

	private LaunchedJob(String name, Process launcher, Path log, Path ports, boolean batch) {
		this.name = name;
		this.launcher = launcher;
		this.log = log;
		this.ports = ports;
		this.batch = batch;
	}

	/**
	 * Starts a launcher. Its command ends with the sample's arguments, to which this adds the port
	 * directory; the sample's jar and JVM options, as {@link SharedClassArchive} runs it, go in
	 * {@code APP_JAR} and {@code JAVA_OPTS}, which the recipes under {@code examples/} read.
	 * @param name names the log and the port directory
	 * @param command the launcher command
	 * @param environment the variables beyond {@code PATH} and the like, passed on to every rank
	 * @param batch whether the command is {@code sbatch --parsable -W}, whose job is cancelled with
	 * {@code scancel}
	 */
	static LaunchedJob start(String name, List<String> command, Map<String, String> environment, boolean batch) {
		Path log = SampleAppProcess.logDirectory().resolve(name + ".log");
		Path ports = SampleAppProcess.logDirectory().resolve(name + "-ports");
		try {
			FileSystemUtils.deleteRecursively(ports);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		List<String> full = new ArrayList<>(command);
		full.add("--sample.port-directory=" + ports);
		ProcessBuilder builder = new ProcessBuilder(full).redirectErrorStream(true).redirectOutput(log.toFile());
		Map<String, String> env = builder.environment();
		env.keySet().retainAll(SampleAppProcess.INHERITED);
		SharedClassArchive.Launch sample = SharedClassArchive.launch(SampleAppProcess.sampleJar());
		List<String> javaOptions = new ArrayList<>(SampleAppProcess.JVM_OPTIONS);
		javaOptions.addAll(sample.options());
		env.put("APP_JAR", sample.jar());
		env.put("JAVA_OPTS", String.join(" ", javaOptions));
		env.putAll(environment);
		try {
			return new LaunchedJob(name, builder.start(), log, ports, batch);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot start " + full, ex);
		}
	}

	/**
	 * Waits until {@code count} ranks are ready to serve; fails with the launcher's output when it
	 * exits first or the time runs out.
	 * @return each rank's HTTP client, in no particular order
	 */
	List<RankHttp> awaitRanks(int count, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		List<Path> files = portFiles();
		while (files.size() < count) {
			if (!this.launcher.isAlive()) {
				throw new AssertionError(this.name + ": the launcher exited with " + this.launcher.exitValue()
						+ " when " + files.size() + " of " + count + " ranks were ready; its output:\n" + output());
			}
			if (System.nanoTime() - deadline >= 0) {
				throw new AssertionError(this.name + ": " + files.size() + " of " + count + " ranks ready within "
						+ timeout + "; see " + this.log);
			}
			sleep();
			files = portFiles();
		}
		List<RankHttp> ranks = new ArrayList<>();
		for (Path file : files) {
			long pid = Long.parseLong(file.getFileName().toString().replace(".port", ""));
			ProcessHandle.of(pid).ifPresent(this.ranks::add);
			ranks.add(new RankHttp(this.name + "[pid " + pid + "]", Integer.parseInt(read(file).strip())));
		}
		return ranks;
	}

	/**
	 * Stops the job the launcher's way and waits until the launcher and every rank exited.
	 * @return from the signal until the last of them exited
	 */
	Duration terminate(Duration timeout) {
		long start = System.nanoTime();
		if (this.batch) {
			String jobId = output().lines().findFirst().orElseThrow().strip().split(";")[0];
			RealLaunchers.run(List.of("scancel", jobId));
		}
		else {
			this.launcher.destroy();
		}
		try {
			for (ProcessHandle rank : this.ranks) {
				long left = timeout.toNanos() - (System.nanoTime() - start);
				rank.onExit().get(Math.max(left, 0), TimeUnit.NANOSECONDS);
			}
			if (this.batch) {
				// The job is over once its ranks are; sbatch --wait itself only polls for that.
				this.launcher.destroy();
			}
			long left = timeout.toNanos() - (System.nanoTime() - start);
			if (!this.launcher.waitFor(Math.max(left, 0), TimeUnit.NANOSECONDS)) {
				throw new AssertionError(this.name + ": the launcher did not exit within " + timeout + "; see " + this.log);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		catch (Exception ex) {
			throw new AssertionError(this.name + ": a rank did not exit within " + timeout + " of the stop; see " + this.log, ex);
		}
		return Duration.ofNanos(System.nanoTime() - start);
	}

	/** What the launcher and its ranks wrote. */
	String output() {
		return read(this.log);
	}

	/** Kills whatever a failed test left running. */
	@Override
	public void close() {
		if (this.batch && this.launcher.isAlive()) {
			output().lines().findFirst().ifPresent((id) -> RealLaunchers.run(List.of("scancel", id.strip())));
		}
		this.launcher.destroyForcibly();
		this.ranks.forEach(ProcessHandle::destroyForcibly);
	}

	private List<Path> portFiles() {
		if (!Files.isDirectory(this.ports)) {
			return List.of();
		}
		try (Stream<Path> files = Files.list(this.ports)) {
			return files.filter((file) -> file.getFileName().toString().endsWith(".port")).sorted().toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static String read(Path file) {
		try {
			return Files.readString(file, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static void sleep() {
		try {
			Thread.sleep(POLL.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	@Override
	public String toString() {
		return this.name;
	}

}
