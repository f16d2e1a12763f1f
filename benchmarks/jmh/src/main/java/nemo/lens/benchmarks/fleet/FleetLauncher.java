package nemo.lens.benchmarks.fleet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The real launcher that starts the ranks of a {@link FleetJob}: the command that starts N ranks,
 * the variables it needs, where each rank sits (node and local rank, what
 * {@code first_rank_per_node} decides on), and whether it can run here at all. Both put every rank
 * on this machine; they differ in how the machine reads as nodes:
 * <ul>
 * <li>{@link #MPIRUN}: Open MPI's {@code mpirun --oversubscribe} on one node, each rank under
 * {@code bash} that sets {@code LOCAL_RANK} to the rank modulo {@link #MPIRUN_RANKS_PER_NODE}, so
 * that one machine reads as nodes of 8;</li>
 * <li>{@link #SRUN}: one Slurm {@code srun} step over the two nodes of the cluster
 * {@code .ci/launchers/setup} starts on this machine ({@code n1} and {@code n2}, each a
 * {@code slurmd} of its own): Slurm splits the ranks over the nodes and sets
 * {@code SLURM_PROCID}, {@code SLURM_LOCALID} and {@code SLURM_NODEID} itself, and Lens reads them;
 * the harness sets nothing per rank.</li>
 * </ul>
 */
public enum FleetLauncher {

	/** Open MPI's {@code mpirun}, one machine read as nodes of {@link #MPIRUN_RANKS_PER_NODE}. */
	MPIRUN("mpirun", "") {
		@Override
		List<String> command(String jobName, int ranks, List<String> rankCommand, Map<String, String> environment) {
			List<String> command = new ArrayList<>(List.of("mpirun", "--oversubscribe", "--bind-to", "none", "-n",
					Integer.toString(ranks)));
			// Exported explicitly: mpirun passes only what -x names to ranks on other nodes, and a
			// recipe that works across nodes is the one worth measuring.
			for (String name : environment.keySet()) {
				command.add("-x");
				command.add(name);
			}
			command.addAll(List.of("bash", "-c",
					"export LOCAL_RANK=$((OMPI_COMM_WORLD_RANK % " + MPIRUN_RANKS_PER_NODE + ")); exec \"$@\"",
					"fleet-rank"));
			command.addAll(rankCommand);
			return command;
		}

		@Override
		void prepare(Map<String, String> environment) {
			environment.putAll(OPEN_MPI_AS_ROOT);
		}

		@Override
		RankPlace place(int rank, long pid) {
			return new RankPlace(rank / MPIRUN_RANKS_PER_NODE, rank % MPIRUN_RANKS_PER_NODE);
		}

		@Override
		public Optional<String> unavailable() {
			String version = run(List.of("mpirun", "--version"));
			return version.contains("Open MPI") ? Optional.empty()
					: Optional.of("Open MPI's mpirun is not installed here (mpirun --version: " + firstLine(version) + "); "
							+ SETUP);
		}
	},

	/** Slurm's {@code srun}: one step over the test cluster's {@link #SRUN_NODES} nodes. */
	SRUN("srun", "srun_") {
		@Override
		List<String> command(String jobName, int ranks, List<String> rankCommand, Map<String, String> environment) {
			List<String> command = new ArrayList<>(List.of("srun", "--job-name=" + jobName,
					"--nodes=" + Math.min(SRUN_NODES, ranks), "--ntasks=" + ranks,
					// More ranks than the nodes' CPUs, as the partition allows (OverSubscribe=FORCE).
					"--overcommit",
					// The ranks are JVMs, not MPI programs: no PMI set-up to wait for.
					"--mpi=none",
					// Every variable of the harness reaches every rank, as srun does by default.
					"--export=ALL",
					// A rank that dies ends the step, and the harness sees srun exit.
					"--kill-on-bad-exit=1"));
			command.addAll(rankCommand);
			return command;
		}

		@Override
		void prepare(Map<String, String> environment) {
			// Slurm says where each rank sits; a LOCAL_RANK of the harness's would win over it.
			environment.remove("LOCAL_RANK");
		}

		@Override
		RankPlace place(int rank, long pid) {
			return RankPlace.ofSlurmTask(pid);
		}

		@Override
		void cleanUp(String jobName) {
			// A step whose srun was killed may outlive it; its ranks must not load the next job.
			run(List.of("scancel", "--name=" + jobName));
		}

		@Override
		public Optional<String> unavailable() {
			String version = run(List.of("srun", "--version"));
			if (!version.startsWith("slurm")) {
				return Optional.of("Slurm's srun is not installed here (srun --version: " + firstLine(version) + "); " + SETUP);
			}
			String nodes = run(List.of("sinfo", "-h", "-N", "-o", "%N %t"));
			long up = nodes.lines().filter((line) -> line.matches("\\S+ (idle|mix|alloc|comp)\\*?")).count();
			if (up < SRUN_NODES) {
				return Optional.of("Slurm does not have " + SRUN_NODES + " nodes up (sinfo: "
						+ nodes.strip().replace('\n', ',') + "); " + SETUP);
			}
			return Optional.empty();
		}
	};

	/** Ranks per node under {@code mpirun}: {@code LOCAL_RANK} is the rank modulo this. */
	public static final int MPIRUN_RANKS_PER_NODE = 8;

	/** The nodes of one {@code srun} step: those of the test cluster. */
	public static final int SRUN_NODES = 2;

	/** Open MPI refuses root unless told; these say so without a flag. */
	static final Map<String, String> OPEN_MPI_AS_ROOT = Map.of("OMPI_ALLOW_RUN_AS_ROOT", "1",
			"OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");

	private static final String SETUP = "run .ci/launchers/setup as root to install and start it";

	private final String name;

	private final String infix;

	FleetLauncher(String name, String infix) {
		this.name = name;
		this.infix = infix;
	}

	/**
	 * The launchers named by {@code --fleet-launcher}.
	 * @param names {@code mpirun}, {@code srun} or {@code both}; comma-separated names also work
	 * @return the launchers, in the order named ({@code both}: mpirun, then srun)
	 */
	public static List<FleetLauncher> parse(String names) {
		if (names.equals("both")) {
			return List.of(MPIRUN, SRUN);
		}
		return Arrays.stream(names.split(","))
			.map((name) -> Arrays.stream(values())
				.filter((launcher) -> launcher.name.equals(name.strip()))
				.findFirst()
				.orElseThrow(() -> new IllegalArgumentException(
						"Unknown fleet launcher: " + name + " (use mpirun, srun or both)")))
			.distinct()
			.toList();
	}

	/**
	 * What goes after {@code fleet_} (and {@code fleet_spring_}) in this launcher's figures: nothing
	 * for {@code mpirun}, whose names came first, {@code srun_} for {@code srun}.
	 */
	public String infix() {
		return this.infix;
	}

	/**
	 * The launch command of a job.
	 * @param jobName names the job where the launcher takes a name
	 * @param ranks N
	 * @param rankCommand the command of one rank
	 * @param environment the variables every rank gets beyond the harness's own
	 */
	abstract List<String> command(String jobName, int ranks, List<String> rankCommand, Map<String, String> environment);

	/** Adjusts the launcher's environment, the harness's own with the job's variables. */
	abstract void prepare(Map<String, String> environment);

	/**
	 * Where one rank sits, as the launcher placed it.
	 * @param rank the rank
	 * @param pid the rank's process, as it said in its {@code FLEET_READY} line
	 * @return its place, or {@code null} when it cannot be read
	 */
	abstract RankPlace place(int rank, long pid);

	/** Ends whatever the launcher left of a job once the launcher is gone. */
	void cleanUp(String jobName) {
	}

	/**
	 * Whether the launcher can run a job here.
	 * @return why it cannot, or empty when it can
	 */
	public abstract Optional<String> unavailable();

	/** Runs a short command; its output, or why it could not run. */
	static String run(List<String> command) {
		try {
			Path output = Files.createTempFile("fleet-launcher", ".out");
			try {
				Process process = new ProcessBuilder(command).redirectErrorStream(true)
					.redirectOutput(output.toFile())
					.start();
				if (!process.waitFor(30, TimeUnit.SECONDS)) {
					process.destroyForcibly();
					return "did not answer within 30 s";
				}
				return Files.readString(output, StandardCharsets.UTF_8);
			}
			finally {
				Files.deleteIfExists(output);
			}
		}
		catch (IOException ex) {
			return ex.getMessage();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return "interrupted";
		}
	}

	private static String firstLine(String output) {
		return output.strip().lines().findFirst().orElse("no output");
	}

	@Override
	public String toString() {
		return this.name;
	}

}
