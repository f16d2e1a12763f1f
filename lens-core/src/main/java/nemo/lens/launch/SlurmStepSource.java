package nemo.lens.launch;

/**
 * A task started by {@code srun}. Recognised only by {@code SLURM_STEP_NUM_TASKS}, which Slurm
 * sets for a job step and not for the batch script: the script and everything it forks read
 * {@code SLURM_PROCID=0}, which is not a rank. The local world size is this node's entry of
 * {@code SLURM_STEP_TASKS_PER_NODE}.
 */
final class SlurmStepSource implements LauncherSource {

	static final String TASKS_PER_NODE = "SLURM_STEP_TASKS_PER_NODE";

	static final String NODE_ID = "SLURM_NODEID";

	private static final VariableSet STEP = VariableSet.launcher("slurm")
		.layer(Layer.OUTER)
		.whenAllSet("SLURM_STEP_NUM_TASKS")
		.rank("SLURM_PROCID")
		.worldSize("SLURM_STEP_NUM_TASKS")
		.localRank("SLURM_LOCALID")
		.nodeRank(NODE_ID)
		.build();

	@Override
	public String launcher() {
		return STEP.launcher();
	}

	@Override
	public Layer layer() {
		return STEP.layer();
	}

	@Override
	public boolean isPresent(LauncherVariables variables) {
		return STEP.isPresent(variables);
	}

	@Override
	public LauncherValues read(LauncherVariables variables) {
		LauncherValues info = STEP.readInto(variables);
		if (variables.isSet(TASKS_PER_NODE) && variables.isSet(NODE_ID)) {
			int tasks = SlurmTasksPerNode.onNode(TASKS_PER_NODE, variables.get(TASKS_PER_NODE), NODE_ID,
					variables.index(NODE_ID));
			info.localWorldSize(tasks, TASKS_PER_NODE + "[" + NODE_ID + "]");
		}
		return info.checked();
	}

	@Override
	public String toString() {
		return launcher();
	}

}
