package nemo.lens.sample.e2e;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged sample as four ranks under the real launchers, started by the recipes of
 * {@code examples/} where there is one: Open MPI's {@code mpirun} and MPICH's
 * {@code mpiexec.hydra} on one node, {@code srun} on one node, {@code srun} on two nodes from an
 * {@code sbatch} script, and {@code mpirun} inside an {@code sbatch} allocation on two nodes. Each
 * rank says over {@code /actuator/lens} who it is (rank, world size, local rank, launcher) and who
 * exports: under the recipes' {@code first_rank_per_node} (one rank per node, and only those send
 * spans to the receiver) and, from the same start, under {@code single_rank}
 * ({@code /actuator/lens/single_rank}). The ranks of a job share one run id, from the launcher's
 * job id; two jobs of one launcher never do.
 *
 * <p>
 * A launcher that is not installed and running (see {@code .ci/launchers/setup}) skips its test
 * with the reason.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RealLaunchersIT {

	private static final int RANKS = 4;

	/** Four JVMs starting at once on two busy cores, plus the launcher's own start. */
	private static final Duration START_TIMEOUT = Duration.ofSeconds(180);

	private static final Duration ARRIVAL_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);

	/** Open MPI refuses root unless told, and four ranks on a two-core machine oversubscribe it. */
	private static final Map<String, String> OPEN_MPI_AS_ROOT = Map.of("OMPI_ALLOW_RUN_AS_ROOT", "1",
			"OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", "OMPI_MCA_rmaps_base_oversubscribe", "1");

	/** The run id of each job run so far, by launcher, to tell two jobs apart. */
	private static final Map<String, List<String>> RUN_IDS = new HashMap<>();

	@Test
	@Order(1)
	void mpirunOnOneNode() {
		RealLaunchers.assumeOpenMpi();
		Job job = run("launcher-mpirun", List.of("bash", recipe("mpi/mpirun.sh")), OPEN_MPI_AS_ROOT, false);
		job.assertRanks("openmpi", List.of(0, 1, 2, 3), Set.of(0), "PMIX_NAMESPACE");
	}

	@Test
	@Order(2)
	void mpiexecHydraOnOneNode() {
		RealLaunchers.assumeHydra();
		Job job = run("launcher-hydra", List.of("bash", recipe("mpi/mpiexec-hydra.sh")), Map.of(), false);
		// Hydra exports no job id: the recipe makes one for the run.
		job.assertRanks("hydra", List.of(0, 1, 2, 3), Set.of(0), "NEMO_LENS_RUN_ID");
	}

	@Test
	@Order(3)
	void srunOnOneNode() {
		RealLaunchers.assumeTwoNodeSlurm();
		List<String> command = new ArrayList<>(List.of("srun", "--nodes=1", "--ntasks=4", "--overcommit", "java"));
		command.addAll(SampleAppProcess.JVM_OPTIONS);
		command.addAll(SharedClassArchive.launch(SampleAppProcess.sampleJar()).arguments());
		command.add("--server.port=0");
		Job job = run("launcher-srun-1node", command,
				Map.of("NEMO_LENS_ENABLED", "true", "NEMO_LENS_EXPORT_STRATEGY", "first_rank_per_node"), false);
		job.assertRanks("slurm", List.of(0, 1, 2, 3), Set.of(0), "SLURM_JOB_ID.SLURM_STEP_ID");
	}

	@Test
	@Order(4)
	void srunOnTwoNodesFromAnSbatchScript() {
		RealLaunchers.assumeTwoNodeSlurm();
		Job job = run("launcher-srun-2nodes", sbatch("launcher-srun-2nodes", "slurm/srun.sbatch"), Map.of(), true);
		job.assertRanks("slurm", List.of(0, 1, 0, 1), Set.of(0, 2), "SLURM_JOB_ID.SLURM_STEP_ID");
	}

	@Test
	@Order(5)
	void mpirunInsideAnSbatchAllocationOnTwoNodes() {
		RealLaunchers.assumeOpenMpi();
		RealLaunchers.assumeTwoNodeSlurm();
		Job job = run("launcher-mpirun-in-sbatch", sbatch("launcher-mpirun-in-sbatch", "slurm/mpirun-in-sbatch.sbatch"),
				OPEN_MPI_AS_ROOT, true);
		// Every rank also sees the Slurm step of Open MPI's daemons (SLURM_PROCID is its node's
		// index): Lens takes nothing from it.
		job.assertRanks("openmpi", List.of(0, 1, 0, 1), Set.of(0, 2), "PMIX_NAMESPACE");
	}

	private static String recipe(String path) {
		Path recipe = Path.of(System.getProperty("examples.dir", "../examples")).resolve(path);
		assertThat(recipe).as("recipe").isRegularFile();
		return recipe.toAbsolutePath().normalize().toString();
	}

	/** {@code sbatch} that waits for the job and prints its id first; the job's output in its own log. */
	private static List<String> sbatch(String name, String recipe) {
		Path output = SampleAppProcess.logDirectory().resolve(name + "-job.log");
		return List.of("sbatch", "--parsable", "--wait", "--output=" + output, recipe(recipe));
	}

	/**
	 * Starts a job exporting to a fresh receiver, reads every rank, calls {@code /work} on each,
	 * waits for the exporting ranks' spans, stops the job the launcher's way and keeps what was
	 * received.
	 */
	private static Job run(String name, List<String> command, Map<String, String> settings, boolean batch) {
		try (OtlpReceiver receiver = OtlpReceiver.start()) {
			Map<String, String> env = new LinkedHashMap<>(receiver.otelEnvironment());
			env.put("RANKS", Integer.toString(RANKS));
			// The sample prints to the console unless told; users' applications default to otlp.
			env.put("NEMO_LENS_EXPORTER", "otlp");
			env.putAll(settings);
			long start = System.nanoTime();
			try (LaunchedJob job = LaunchedJob.start(name, command, env, batch)) {
				Map<Integer, Rank> ranks = new TreeMap<>();
				for (RankHttp http : job.awaitRanks(RANKS, START_TIMEOUT)) {
					Rank rank = Rank.read(http);
					assertThat(ranks.put(rank.rank(), rank)).as("%s: two processes say they are rank %d", name, rank.rank())
						.isNull();
				}
				Duration ready = Duration.ofNanos(System.nanoTime() - start);
				Set<Integer> exporting = ranks.values()
					.stream()
					.filter(Rank::exporting)
					.map(Rank::rank)
					.collect(Collectors.toCollection(TreeSet::new));
				ranks.values().forEach((rank) -> rank.http().getJson("/work"));
				long expectedSpans = 3L * exporting.size();
				receiver.awaitSpans((spans) -> spans.size() >= expectedSpans, ARRIVAL_TIMEOUT);
				Duration stop = job.terminate(STOP_TIMEOUT);
				System.out.printf("%s: 4 ranks ready %d ms after the launcher started, all exited %d ms after the stop%n",
						name, ready.toMillis(), stop.toMillis());
				return new Job(name, ranks, receiver.ranksWithSpans(), receiver.serviceInstanceIds());
			}
		}
	}

	/**
	 * What one rank said about itself.
	 *
	 * @param lens its {@code /actuator/lens}
	 * @param singleRankWouldExport whether it would export under {@code single_rank}
	 * @param http how to reach it
	 */
	record Rank(Map<String, Object> lens, boolean singleRankWouldExport, RankHttp http) {

		static Rank read(RankHttp http) {
			Map<String, Object> singleRank = http.getJson("/actuator/lens/single_rank");
			return new Rank(http.getJson("/actuator/lens"), Boolean.TRUE.equals(singleRank.get("wouldExport")), http);
		}

		int rank() {
			return (Integer) this.lens.get("rank");
		}

		boolean exporting() {
			return Boolean.TRUE.equals(this.lens.get("exporting"));
		}

	}

	/**
	 * A finished job: what its ranks said and what the receiver got.
	 *
	 * @param name the job's name
	 * @param ranks every rank, by rank
	 * @param ranksWithSpans the {@code dl.rank} of every span received
	 * @param serviceInstanceIds the {@code service.instance.id} of everything received
	 */
	record Job(String name, Map<Integer, Rank> ranks, Set<Long> ranksWithSpans, Set<String> serviceInstanceIds) {

		void assertRanks(String launcher, List<Integer> localRanks, Set<Integer> firstRankPerNode, String runIdSource) {
			assertThat(this.ranks.keySet()).as("%s: ranks", this.name).containsExactly(0, 1, 2, 3);
			String runId = (String) this.ranks.get(0).lens().get("runId");
			this.ranks.forEach((rank, said) -> assertThat(said.lens()).as("%s: rank %d's /actuator/lens", this.name, rank)
				.containsEntry("worldSize", RANKS)
				.containsEntry("localRank", localRanks.get(rank))
				.containsEntry("launcher", launcher)
				.containsEntry("exportStrategy", "first_rank_per_node")
				.containsEntry("exporting", firstRankPerNode.contains(rank))
				.containsEntry("runId", runId)
				.containsEntry("runIdSource", runIdSource)
				.containsEntry("serviceInstanceId", runId + "-rank" + rank));
			assertThat(this.ranks.values()).filteredOn(Rank::singleRankWouldExport)
				.extracting(Rank::rank)
				.as("%s: who would export under single_rank", this.name)
				.containsExactly(RANKS - 1);
			assertThat(this.ranksWithSpans).as("%s: ranks whose spans arrived", this.name)
				.containsExactlyElementsOf(firstRankPerNode.stream().map(Long::valueOf).sorted().toList());
			assertThat(this.serviceInstanceIds).as("%s: service.instance.id of everything received", this.name)
				.containsExactlyElementsOf(firstRankPerNode.stream().sorted().map((rank) -> runId + "-rank" + rank).toList());
			List<String> earlier = RUN_IDS.computeIfAbsent(launcher, (name) -> new ArrayList<>());
			assertThat(earlier).as("%s: run ids of earlier %s jobs", this.name, launcher).doesNotContain(runId);
			earlier.add(runId);
			System.out.printf("%s: launcher %s, run id %s (%s), first_rank_per_node exports %s%n", this.name, launcher,
					runId, runIdSource, firstRankPerNode);
		}

	}

}
