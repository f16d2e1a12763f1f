package nemo.lens.launch;

/**
 * A scheduler that gives each process an index but exports no world size (a Kubernetes Indexed
 * Job, a StatefulSet, PMIx, LSF's {@code blaunch}, Volcano). The world size must then be set
 * explicitly with {@value RankInfo#WORLD_SIZE_VARIABLE}; without it detection fails rather than
 * guess.
 */
final class RankOnlySource implements LauncherSource {

	private final String launcher;

	private final String indexVariable;

	private final boolean oneBased;

	private final boolean indexIsNode;

	private final String worldSizeMeaning;

	/**
	 * @param launcher the launcher name
	 * @param indexVariable the variable holding the index
	 * @param oneBased whether the index starts at 1 and is converted to a rank by subtracting 1
	 * @param indexIsNode whether the index is also the node (pod) rank
	 * @param worldSizeMeaning what the world size counts, for the error message
	 */
	RankOnlySource(String launcher, String indexVariable, boolean oneBased, boolean indexIsNode,
			String worldSizeMeaning) {
		this.launcher = launcher;
		this.indexVariable = indexVariable;
		this.oneBased = oneBased;
		this.indexIsNode = indexIsNode;
		this.worldSizeMeaning = worldSizeMeaning;
	}

	@Override
	public String launcher() {
		return this.launcher;
	}

	@Override
	public Layer layer() {
		return Layer.OUTER;
	}

	@Override
	public boolean isPresent(LauncherVariables variables) {
		return variables.isSet(this.indexVariable);
	}

	@Override
	public LauncherValues read(LauncherVariables variables) {
		int index = variables.index(this.indexVariable);
		if (this.oneBased && index == 0) {
			throw new IllegalArgumentException("Invalid value for " + this.indexVariable + ": '0'. Expected a task id, which counts from 1.");
		}
		if (!variables.isSet(LauncherVariables.EXPLICIT_WORLD_SIZE)) {
			throw new IllegalArgumentException(variables.show(this.indexVariable) + " gives a rank (" + this.launcher
					+ ") but no world size. Set " + LauncherVariables.EXPLICIT_WORLD_SIZE + " to "
					+ this.worldSizeMeaning + ".");
		}
		int rank = this.oneBased ? index - 1 : index;
		String rankSource = this.oneBased ? this.indexVariable + " - 1" : this.indexVariable;
		LauncherValues info = new LauncherValues(this.launcher).rank(rank, rankSource)
			.worldSize(variables.count(LauncherVariables.EXPLICIT_WORLD_SIZE), LauncherVariables.EXPLICIT_WORLD_SIZE);
		if (this.indexIsNode) {
			info.nodeRank(rank, rankSource);
		}
		return info.checked();
	}

	@Override
	public String toString() {
		return this.launcher;
	}

}
