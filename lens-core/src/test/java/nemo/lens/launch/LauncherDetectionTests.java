package nemo.lens.launch;

import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static nemo.lens.launch.LauncherEnvironments.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * One complete environment per launcher of the table, and what each process decides from it:
 * every value, and the variables it came from.
 */
class LauncherDetectionTests {

	static Stream<Arguments> launchers() {
		return Stream.of(
				arguments("torchrun", TORCHRUN,
						"rank 5 of 8 (RANK, WORLD_SIZE), local rank 1 of 4 (LOCAL_RANK, LOCAL_WORLD_SIZE), "
								+ "node 1 (GROUP_RANK), launcher torchrun"),
				arguments("HF accelerate", ACCELERATE,
						"rank 5 of 8 (RANK, WORLD_SIZE), local rank 1 of 4 (LOCAL_RANK, LOCAL_WORLD_SIZE), "
								+ "node 1 (GROUP_RANK), launcher torchrun"),
				arguments("DeepSpeed launcher", DEEPSPEED,
						"rank 3 of 4 (RANK, WORLD_SIZE), local rank 1 of 2 (LOCAL_RANK, LOCAL_SIZE), "
								+ "node 1 (CROSS_RANK), launcher deepspeed"),
				arguments("Horovod with Gloo", HOROVOD,
						"rank 6 of 8 (HOROVOD_RANK, HOROVOD_SIZE), "
								+ "local rank 2 of 4 (HOROVOD_LOCAL_RANK, HOROVOD_LOCAL_SIZE), launcher horovod"),
				arguments("Ray Train", RAY_TRAIN,
						"rank 3 of 4 (RANK, WORLD_SIZE), local rank 1 of 2 (LOCAL_RANK, LOCAL_WORLD_SIZE), "
								+ "node 1 (NODE_RANK), launcher torch"),
				arguments("Azure ML", AZURE_ML,
						"rank 6 of 8 (RANK, WORLD_SIZE), local rank 2 of 4 (LOCAL_RANK, LOCAL_WORLD_SIZE), "
								+ "node 1 (NODE_RANK), launcher torch"),
				arguments("Slurm srun task", SRUN,
						"rank 3 of 5 (SLURM_PROCID, SLURM_STEP_NUM_TASKS), "
								+ "local rank 1 of 2 (SLURM_LOCALID, SLURM_STEP_TASKS_PER_NODE[SLURM_NODEID]), "
								+ "node 1 (SLURM_NODEID), launcher slurm"),
				arguments("Open MPI", OPEN_MPI,
						"rank 6 of 8 (OMPI_COMM_WORLD_RANK, OMPI_COMM_WORLD_SIZE), "
								+ "local rank 2 of 4 (OMPI_COMM_WORLD_LOCAL_RANK, OMPI_COMM_WORLD_LOCAL_SIZE), "
								+ "launcher openmpi"),
				arguments("MVAPICH2", MVAPICH2,
						"rank 3 of 4 (MV2_COMM_WORLD_RANK, MV2_COMM_WORLD_SIZE), "
								+ "local rank 1 of 2 (MV2_COMM_WORLD_LOCAL_RANK, MV2_COMM_WORLD_LOCAL_SIZE), "
								+ "launcher mvapich2"),
				arguments("MPICH / Intel MPI (Hydra)", HYDRA,
						"rank 5 of 8 (PMI_RANK, PMI_SIZE), local rank 1 of 4 (MPI_LOCALRANKID, MPI_LOCALNRANKS), "
								+ "launcher hydra"),
				arguments("HPE Cray PALS", PALS,
						"rank 9 of 16 (PALS_RANKID, PMI_SIZE), local rank 1 of 4 (PALS_LOCAL_RANKID, PMI_LOCAL_SIZE), "
								+ "node 2 (PALS_NODEID), launcher pals"),
				arguments("IBM jsrun", JSRUN,
						"rank 7 of 12 (JSM_NAMESPACE_RANK, JSM_NAMESPACE_SIZE), "
								+ "local rank 1 of 6 (JSM_NAMESPACE_LOCAL_RANK, JSM_NAMESPACE_LOCAL_SIZE), "
								+ "launcher jsrun"),
				arguments("Flux", FLUX,
						"rank 5 of 8 (FLUX_TASK_RANK, FLUX_JOB_SIZE), local rank 1 (FLUX_TASK_LOCAL_ID), launcher flux"),
				arguments("bare PMI", BARE_PMI, "rank 2 of 4 (PMI_RANK, PMI_SIZE), local rank unknown, launcher pmi"),
				arguments("PMIx", PMIX,
						"rank 3 of 8 (PMIX_RANK, NEMO_LENS_WORLD_SIZE), local rank unknown, launcher pmix"),
				arguments("LSF blaunch", LSF_BLAUNCH,
						"rank 3 of 4 (LSF_PM_TASKID - 1, NEMO_LENS_WORLD_SIZE), local rank unknown, launcher lsf"),
				arguments("LeaderWorkerSet", LEADER_WORKER_SET,
						"rank 2 of 4 (LWS_WORKER_INDEX, LWS_GROUP_SIZE), local rank unknown, "
								+ "node 2 (LWS_WORKER_INDEX), launcher leaderworkerset"),
				arguments("Kubeflow PyTorchJob v1", KUBEFLOW_V1,
						"rank 1 of 2 (RANK, PET_NNODES), local rank unknown, node 1 (RANK), launcher kubeflow"),
				arguments("Kubeflow Trainer v2", KUBEFLOW_V2,
						"rank 3 of 4 (PET_NODE_RANK, PET_NNODES), local rank unknown, node 3 (PET_NODE_RANK), "
								+ "launcher kubeflow"),
				arguments("Volcano with the pytorch plugin", VOLCANO_PYTORCH,
						"rank 2 of 4 (RANK, WORLD_SIZE), local rank unknown, node 2 (RANK), launcher torch-pod"),
				arguments("Volcano", VOLCANO,
						"rank 2 of 4 (VC_TASK_INDEX, NEMO_LENS_WORLD_SIZE), local rank unknown, "
								+ "node 2 (VC_TASK_INDEX), launcher volcano"),
				arguments("Kubernetes Indexed Job", INDEXED_JOB,
						"rank 5 of 8 (JOB_COMPLETION_INDEX, NEMO_LENS_WORLD_SIZE), local rank unknown, "
								+ "node 5 (JOB_COMPLETION_INDEX), launcher indexed-job"),
				arguments("Kubernetes StatefulSet", STATEFUL_SET,
						"rank 2 of 3 (NEMO_LENS_POD_INDEX, NEMO_LENS_WORLD_SIZE), local rank unknown, "
								+ "node 2 (NEMO_LENS_POD_INDEX), launcher statefulset"),
				arguments("AWS Batch multi-node", AWS_BATCH,
						"rank 2 of 4 (AWS_BATCH_JOB_NODE_INDEX, AWS_BATCH_JOB_NUM_NODES), local rank unknown, "
								+ "node 2 (AWS_BATCH_JOB_NODE_INDEX), launcher aws-batch"),
				arguments("Google Cloud Batch", GCP_BATCH,
						"rank 1 of 3 (BATCH_TASK_INDEX, BATCH_TASK_COUNT), local rank unknown, launcher gcp-batch"),
				arguments("SageMaker", SAGEMAKER,
						"rank 3 of 11 (SM_CURRENT_HOST in SM_HOSTS, SM_HOSTS), local rank unknown, "
								+ "node 3 (SM_CURRENT_HOST in SM_HOSTS), launcher sagemaker"),
				arguments("Spark executor (skipped)", SPARK_EXECUTOR,
						"rank 0 of 1 (no launcher variables found), launcher default"),
				arguments("Slurm sbatch script (not a rank)", SBATCH_SCRIPT,
						"rank 0 of 1 (no launcher variables found), launcher default"),
				arguments("no launcher", Map.of(), "rank 0 of 1 (no launcher variables found), launcher default"));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("launchers")
	void eachLauncherIsRecognisedWithAllItsValuesAndTheirSources(String launcher, Map<String, String> env,
			String expected) {
		assertThat(RankInfo.detect(env)).hasToString(expected);
	}

}
