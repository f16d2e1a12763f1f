package nemo.lens.sample.e2e;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The variables a real launcher gives each process it starts, for {@code worldSize} ranks placed
 * {@code ranksPerNode} to a node in rank order (ranks 0 and 1 on node 0, 2 and 3 on node 1, ...).
 */
public enum Launcher {

	/** {@code torchrun --nnodes=N --nproc-per-node=K}: the full torch elastic set. */
	TORCHRUN("torchrun") {
		@Override
		String runId(String jobId) {
			return jobId;
		}

		@Override
		public Map<String, String> variables(String jobId, int rank, int worldSize, int ranksPerNode) {
			Map<String, String> env = new LinkedHashMap<>();
			env.put("TORCHELASTIC_RUN_ID", jobId);
			env.put("TORCHELASTIC_RESTART_COUNT", "0");
			env.put("TORCHELASTIC_MAX_RESTARTS", "0");
			env.put("RANK", Integer.toString(rank));
			env.put("WORLD_SIZE", Integer.toString(worldSize));
			env.put("LOCAL_RANK", Integer.toString(rank % ranksPerNode));
			env.put("LOCAL_WORLD_SIZE", Integer.toString(ranksPerNode));
			env.put("GROUP_RANK", Integer.toString(rank / ranksPerNode));
			env.put("GROUP_WORLD_SIZE", Integer.toString(nodes(worldSize, ranksPerNode)));
			env.put("ROLE_RANK", Integer.toString(rank));
			env.put("ROLE_WORLD_SIZE", Integer.toString(worldSize));
			env.put("MASTER_ADDR", "127.0.0.1");
			env.put("MASTER_PORT", "29500");
			return env;
		}
	},

	/**
	 * One {@code srun --nodes=N --ntasks-per-node=K} step: the task's own variables and the step's,
	 * as Slurm sets them, with no {@code LOCAL_RANK} (Slurm has none).
	 */
	SRUN("slurm") {
		@Override
		String runId(String jobId) {
			return jobId + ".0";
		}

		@Override
		public Map<String, String> variables(String jobId, int rank, int worldSize, int ranksPerNode) {
			int nodes = nodes(worldSize, ranksPerNode);
			String tasksPerNode = ranksPerNode + "(x" + nodes + ")";
			Map<String, String> env = new LinkedHashMap<>();
			env.put("SLURM_JOB_ID", jobId);
			env.put("SLURM_JOBID", jobId);
			env.put("SLURM_JOB_NAME", "lens-e2e");
			env.put("SLURM_JOB_NUM_NODES", Integer.toString(nodes));
			env.put("SLURM_NNODES", Integer.toString(nodes));
			env.put("SLURM_JOB_NODELIST", "node[01-0" + nodes + "]");
			env.put("SLURM_NTASKS", Integer.toString(worldSize));
			env.put("SLURM_NPROCS", Integer.toString(worldSize));
			env.put("SLURM_TASKS_PER_NODE", tasksPerNode);
			env.put("SLURM_STEP_ID", "0");
			env.put("SLURM_STEPID", "0");
			env.put("SLURM_STEP_NUM_NODES", Integer.toString(nodes));
			env.put("SLURM_STEP_NUM_TASKS", Integer.toString(worldSize));
			env.put("SLURM_STEP_TASKS_PER_NODE", tasksPerNode);
			env.put("SLURM_STEP_NODELIST", "node[01-0" + nodes + "]");
			env.put("SLURM_PROCID", Integer.toString(rank));
			env.put("SLURM_LOCALID", Integer.toString(rank % ranksPerNode));
			env.put("SLURM_NODEID", Integer.toString(rank / ranksPerNode));
			env.put("SLURMD_NODENAME", "node0" + (rank / ranksPerNode + 1));
			return env;
		}
	};

	private final String detectedAs;

	Launcher(String detectedAs) {
		this.detectedAs = detectedAs;
	}

	/** The launcher name Lens reports for these variables, as in {@code /actuator/lens}. */
	public String detectedAs() {
		return this.detectedAs;
	}

	/**
	 * The run id Lens takes from these variables: the launcher's job identity.
	 * @param jobId the job's id given to {@link #variables}
	 */
	abstract String runId(String jobId);

	/**
	 * The launcher's variables for one rank.
	 * @param jobId the job's id ({@code TORCHELASTIC_RUN_ID} or {@code SLURM_JOB_ID})
	 */
	public abstract Map<String, String> variables(String jobId, int rank, int worldSize, int ranksPerNode);

	private static int nodes(int worldSize, int ranksPerNode) {
		return (worldSize + ranksPerNode - 1) / ranksPerNode;
	}

}
