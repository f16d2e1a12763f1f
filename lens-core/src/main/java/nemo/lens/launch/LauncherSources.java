package nemo.lens.launch;

import java.util.List;

import nemo.lens.launch.LauncherSource.Layer;

/**
 * The launcher table in detection order: launchers that start the ranks themselves before MPI,
 * MPI before the Slurm step and bare PMI, and those before pod- and node-level schedulers. When
 * launchers are nested, the inner one sets its variables over the outer's and comes earlier here,
 * so it wins.
 */
final class LauncherSources {

	private static final String TORCH_RANK = "RANK";

	private static final String TORCH_WORLD_SIZE = "WORLD_SIZE";

	private static final String TORCH_LOCAL_RANK = "LOCAL_RANK";

	private static final String TORCHELASTIC_RUN_ID = "TORCHELASTIC_RUN_ID";

	/** Every source, in the order they are tried. */
	static final List<LauncherSource> IN_ORDER = List.of(
			// torchrun, and HF accelerate, which runs torchrun
			VariableSet.launcher("torchrun")
				.layer(Layer.PROCESS)
				.whenAllSet(TORCHELASTIC_RUN_ID)
				.rank(TORCH_RANK)
				.worldSize(TORCH_WORLD_SIZE)
				.localRank(TORCH_LOCAL_RANK)
				.localWorldSize("LOCAL_WORLD_SIZE")
				.nodeRank("GROUP_RANK")
				.build(),
			VariableSet.launcher("deepspeed")
				.layer(Layer.PROCESS)
				.whenAllSet("CROSS_RANK", "CROSS_SIZE", "LOCAL_SIZE")
				.unlessSet(TORCHELASTIC_RUN_ID)
				.rank(TORCH_RANK)
				.worldSize(TORCH_WORLD_SIZE)
				.localRank(TORCH_LOCAL_RANK)
				.localWorldSize("LOCAL_SIZE")
				.nodeRank("CROSS_RANK")
				.build(),
			// HOROVOD_CROSS_RANK is the node index only with equal slots per host, which one
			// process cannot check: no node rank.
			VariableSet.launcher("horovod")
				.layer(Layer.PROCESS)
				.whenAllSet("HOROVOD_RANK")
				.rank("HOROVOD_RANK")
				.worldSize("HOROVOD_SIZE")
				.localRank("HOROVOD_LOCAL_RANK")
				.localWorldSize("HOROVOD_LOCAL_SIZE")
				.build(),
			// Ray Train, Azure ML: a torch-style set with LOCAL_RANK is per process.
			VariableSet.launcher("torch")
				.layer(Layer.PROCESS)
				.whenAllSet(TORCH_LOCAL_RANK)
				.whenAnySet(TORCH_RANK, TORCH_WORLD_SIZE)
				.unlessSet(TORCHELASTIC_RUN_ID)
				.rank(TORCH_RANK)
				.worldSize(TORCH_WORLD_SIZE)
				.localRank(TORCH_LOCAL_RANK)
				.localWorldSize("LOCAL_WORLD_SIZE")
				.nodeRank("NODE_RANK")
				.build(),
			// jsrun also sets the Open MPI variables to the same values; trying it first names the
			// real launcher.
			VariableSet.launcher("jsrun")
				.layer(Layer.MPI)
				.whenAllSet("JSM_NAMESPACE_RANK")
				.rank("JSM_NAMESPACE_RANK")
				.worldSize("JSM_NAMESPACE_SIZE")
				.localRank("JSM_NAMESPACE_LOCAL_RANK")
				.localWorldSize("JSM_NAMESPACE_LOCAL_SIZE")
				.build(),
			// OMPI_COMM_WORLD_NODE_RANK is a rank among the node's processes, not a node index.
			VariableSet.launcher("openmpi")
				.layer(Layer.MPI)
				.whenAllSet("OMPI_COMM_WORLD_RANK")
				.rank("OMPI_COMM_WORLD_RANK")
				.worldSize("OMPI_COMM_WORLD_SIZE")
				.localRank("OMPI_COMM_WORLD_LOCAL_RANK")
				.localWorldSize("OMPI_COMM_WORLD_LOCAL_SIZE")
				.build(),
			VariableSet.launcher("mvapich2")
				.layer(Layer.MPI)
				.whenAllSet("MV2_COMM_WORLD_RANK")
				.rank("MV2_COMM_WORLD_RANK")
				.worldSize("MV2_COMM_WORLD_SIZE")
				.localRank("MV2_COMM_WORLD_LOCAL_RANK")
				.localWorldSize("MV2_COMM_WORLD_LOCAL_SIZE")
				.build(),
			VariableSet.launcher("pals")
				.layer(Layer.MPI)
				.whenAllSet("PALS_RANKID")
				.rank("PALS_RANKID")
				.worldSize("PMI_SIZE")
				.localRank("PALS_LOCAL_RANKID")
				.localWorldSize("PMI_LOCAL_SIZE")
				.nodeRank("PALS_NODEID")
				.build(),
			// MPICH and Intel MPI: PMI_RANK alone does not mean Hydra, MPI_LOCALRANKID does.
			VariableSet.launcher("hydra")
				.layer(Layer.MPI)
				.whenAllSet("MPI_LOCALRANKID", "PMI_RANK")
				.rank("PMI_RANK")
				.worldSize("PMI_SIZE")
				.localRank("MPI_LOCALRANKID")
				.localWorldSize("MPI_LOCALNRANKS")
				.build(),
			VariableSet.launcher("flux")
				.layer(Layer.OUTER)
				.whenAllSet("FLUX_TASK_RANK")
				.rank("FLUX_TASK_RANK")
				.worldSize("FLUX_JOB_SIZE")
				.localRank("FLUX_TASK_LOCAL_ID")
				.build(),
			new SlurmStepSource(),
			new RankOnlySource("pmix", "PMIX_RANK", false, false, "the number of ranks in the PMIx namespace"),
			// Slurm's pmi2 plugin, Flux's PMI: no local rank.
			VariableSet.launcher("pmi")
				.layer(Layer.OUTER)
				.whenAllSet("PMI_RANK")
				.rank("PMI_RANK")
				.worldSize("PMI_SIZE")
				.build(),
			new RankOnlySource("lsf", "LSF_PM_TASKID", true, false, "the number of tasks blaunch starts"),
			VariableSet.launcher("leaderworkerset")
				.layer(Layer.OUTER)
				.whenAllSet("LWS_LEADER_ADDRESS")
				.rank("LWS_WORKER_INDEX")
				.worldSize("LWS_GROUP_SIZE")
				.nodeRank("LWS_WORKER_INDEX")
				.build(),
			// Kubeflow runs one JVM per pod: the world counts pods (PET_NNODES), not the processes
			// torchrun would start (WORLD_SIZE of PyTorchJob v1).
			VariableSet.launcher("kubeflow")
				.layer(Layer.OUTER)
				.whenAllSet("PET_NNODES", "PET_NODE_RANK")
				.rank("PET_NODE_RANK")
				.worldSize("PET_NNODES")
				.nodeRank("PET_NODE_RANK")
				.build(),
			VariableSet.launcher("kubeflow")
				.layer(Layer.OUTER)
				.whenAllSet("PET_NNODES")
				.rank(TORCH_RANK)
				.worldSize("PET_NNODES")
				.nodeRank(TORCH_RANK)
				.build(),
			// Without LOCAL_RANK, RANK and WORLD_SIZE count pods or nodes (Volcano's pytorch plugin, PAI).
			VariableSet.launcher("torch-pod")
				.layer(Layer.OUTER)
				.whenAnySet(TORCH_RANK, TORCH_WORLD_SIZE)
				.rank(TORCH_RANK)
				.worldSize(TORCH_WORLD_SIZE)
				.nodeRank(TORCH_RANK)
				.build(),
			new RankOnlySource("volcano", "VC_TASK_INDEX", false, true,
					"the number of pods (VC_TASK_INDEX counts within one task role, so only a single-role job fits)"),
			new RankOnlySource("indexed-job", "JOB_COMPLETION_INDEX", false, true,
					"the number of completions (for a JobSet, the index counts within one replicated Job)"),
			new RankOnlySource("statefulset", "NEMO_LENS_POD_INDEX", false, true,
					"the number of replicas (ordinals must start at 0)"),
			VariableSet.launcher("aws-batch")
				.layer(Layer.OUTER)
				.whenAllSet("AWS_BATCH_JOB_NODE_INDEX")
				.rank("AWS_BATCH_JOB_NODE_INDEX")
				.worldSize("AWS_BATCH_JOB_NUM_NODES")
				.nodeRank("AWS_BATCH_JOB_NODE_INDEX")
				.build(),
			// A task index is a node index only with one task per VM, which the job does not say.
			VariableSet.launcher("gcp-batch")
				.layer(Layer.OUTER)
				.whenAllSet("BATCH_TASK_INDEX")
				.rank("BATCH_TASK_INDEX")
				.worldSize("BATCH_TASK_COUNT")
				.build(),
			new SageMakerSource());

	private LauncherSources() {
	}

}
