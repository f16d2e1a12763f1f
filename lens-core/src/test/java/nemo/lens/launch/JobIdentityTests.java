package nemo.lens.launch;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import static nemo.lens.launch.LauncherEnvironments.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * The job identity of every launcher of the table, read from the launcher that gave the rank and
 * from no other: the value all its ranks share, and the variables it came from.
 */
class JobIdentityTests {

	static Stream<Arguments> launchersWithAJobIdentity() {
		return Stream.of(
				arguments("torchrun", TORCHRUN, "job-42", "TORCHELASTIC_RUN_ID"),
				arguments("HF accelerate", ACCELERATE, "job-42", "TORCHELASTIC_RUN_ID"),
				arguments("Slurm srun task", SRUN, "81234.0", "SLURM_JOB_ID.SLURM_STEP_ID"),
				arguments("Open MPI", OPEN_MPI, "2215116801", "PMIX_NAMESPACE"),
				arguments("Flux", FLUX, "f2Xy7nT3", "FLUX_JOB_ID"),
				arguments("PMIx", PMIX, "prterun-host-1234@1", "PMIX_NAMESPACE"));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("launchersWithAJobIdentity")
	void launcherGivesItsJobIdentity(String name, Map<String, String> env, String value, String source) {
		JobIdentity job = jobIdentity(env).orElseThrow();
		assertThat(job.value()).isEqualTo(value);
		assertThat(job.source()).isEqualTo(source);
	}

	static Stream<Arguments> launchersWithoutOne() {
		return Stream.of(arguments("DeepSpeed launcher", DEEPSPEED), arguments("Horovod with Gloo", HOROVOD),
				arguments("Ray Train", RAY_TRAIN), arguments("Azure ML", AZURE_ML),
				arguments("MPICH Hydra, as it really runs", MPICH_HYDRA), arguments("Intel MPI Hydra", HYDRA),
				arguments("MVAPICH2", MVAPICH2), arguments("HPE Cray PALS", PALS),
				// jsrun also sets PMIX_NAMESPACE, but two jsruns of one LSF job may share it: not read.
				arguments("jsrun", JSRUN), arguments("bare PMI", BARE_PMI), arguments("LSF blaunch", LSF_BLAUNCH),
				arguments("LeaderWorkerSet", LEADER_WORKER_SET), arguments("Kubeflow v1", KUBEFLOW_V1),
				arguments("Kubeflow v2", KUBEFLOW_V2), arguments("Volcano pytorch", VOLCANO_PYTORCH),
				arguments("Volcano", VOLCANO), arguments("Indexed Job", INDEXED_JOB),
				arguments("StatefulSet", STATEFUL_SET), arguments("AWS Batch", AWS_BATCH),
				arguments("GCP Batch", GCP_BATCH), arguments("SageMaker", SAGEMAKER),
				// Not a rank, so not a launcher: its SLURM_JOB_ID is shared by whatever it starts.
				arguments("sbatch script", SBATCH_SCRIPT), arguments("Spark executor", SPARK_EXECUTOR),
				arguments("nothing", Map.of()));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("launchersWithoutOne")
	void launcherWithoutAJobIdentityGivesNone(String name, Map<String, String> env) {
		assertThat(jobIdentity(env)).isEmpty();
	}

	@ParameterizedTest(name = "TORCHELASTIC_RUN_ID=''{0}''")
	@ValueSource(strings = { "none", "NONE", "", "   ", "\t" })
	void torchrunPlaceholderOrBlankRunIdIsNoJobIdentity(String value) {
		assertThat(jobIdentity(with(TORCHRUN, "TORCHELASTIC_RUN_ID=" + value))).isEmpty();
	}

	@Test
	void torchrunRunIdIsTrimmed() {
		assertThat(jobIdentity(with(TORCHRUN, "TORCHELASTIC_RUN_ID=  job-7 ")).orElseThrow().value())
			.isEqualTo("job-7");
	}

	@Test
	void slurmStepWithoutAStepIdIsTheJob() {
		Map<String, String> env = new HashMap<>(SRUN);
		env.remove("SLURM_STEP_ID");
		JobIdentity job = jobIdentity(env).orElseThrow();
		assertThat(job.value()).isEqualTo("81234");
		assertThat(job.source()).isEqualTo("SLURM_JOB_ID");
	}

	@ParameterizedTest(name = "SLURM_JOB_ID=''{0}''")
	@ValueSource(strings = { "none", "", "  " })
	void slurmStepWithoutAJobIdHasNoJobIdentity(String value) {
		assertThat(jobIdentity(with(SRUN, "SLURM_JOB_ID=" + value))).isEmpty();
	}

	@Test
	void twoStepsOfOneSlurmJobDoNotShareOne() {
		assertThat(jobIdentity(with(SRUN, "SLURM_STEP_ID=1"))).isNotEqualTo(jobIdentity(SRUN));
	}

	@Test
	void openMpiWithoutPmixNamespaceFallsBackToItsJobId() {
		Map<String, String> env = new HashMap<>(OPEN_MPI);
		env.remove("PMIX_NAMESPACE");
		JobIdentity job = jobIdentity(env).orElseThrow();
		assertThat(job.value()).isEqualTo("2215116801");
		assertThat(job.source()).isEqualTo("OMPI_MCA_ess_base_jobid");
	}

	@Test
	void mpirunInsideAnSbatchAllocationTakesOpenMpisJobNotTheAllocations() {
		// As Open MPI 4.1 really runs inside sbatch -N2: its daemons started by srun, so the ranks
		// also see a step of their own daemons.
		Map<String, String> env = merged(with(SBATCH_SCRIPT, """
				SLURM_STEP_ID=0
				SLURM_STEP_NUM_TASKS=2
				SLURM_STEP_TASKS_PER_NODE=1(x2)
				SLURM_PROCID=1
				SLURM_NODEID=1
				"""), OPEN_MPI);
		assertThat(RankInfo.detect(env).launcher()).isEqualTo("openmpi");
		assertThat(jobIdentity(env).orElseThrow().source()).isEqualTo("PMIX_NAMESPACE");
	}

	@Test
	void torchrunUnderSrunWithoutARendezvousIdDoesNotBorrowSlurmsJob() {
		Map<String, String> env = with(merged(SRUN, TORCHRUN), "TORCHELASTIC_RUN_ID=none");
		assertThat(RankInfo.detect(env).launcher()).isEqualTo("torchrun");
		assertThat(jobIdentity(env)).isEmpty();
	}

	@Test
	void explicitRankSettingsHaveNoJobIdentity() {
		assertThat(jobIdentity(with(TORCHRUN, """
				NEMO_LENS_RANK=1
				NEMO_LENS_WORLD_SIZE=2
				"""))).isEmpty();
	}

	@Test
	void everyLauncherWithAJobIdentityIsOneDetectionCanName() {
		assertThat(JobIdentity.variables().keySet()).allSatisfy((launcher) -> assertThat(
				LauncherSources.IN_ORDER.stream().map(LauncherSource::launcher).toList()).contains(launcher));
	}

	private static Optional<JobIdentity> jobIdentity(Map<String, String> env) {
		return JobIdentity.of(RankInfo.detect(env), env::get);
	}

	/** {@code outer} with {@code inner}'s variables set over it, as a nested launcher sets them. */
	private static Map<String, String> merged(Map<String, String> outer, Map<String, String> inner) {
		Map<String, String> env = new HashMap<>(outer);
		env.putAll(inner);
		return env;
	}

}
