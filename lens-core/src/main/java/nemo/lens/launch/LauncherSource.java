package nemo.lens.launch;

/**
 * One launcher or scheduler that can say who a process is: how to recognise it, and how to read
 * all of its values.
 */
interface LauncherSource {

	/**
	 * Returns the short launcher name reported by {@link RankInfo#launcher()}.
	 */
	String launcher();

	/**
	 * Returns the layer, which decides which other launchers must agree with this one.
	 */
	Layer layer();

	/**
	 * Tells whether the variables that mark this launcher are set.
	 */
	boolean isPresent(LauncherVariables variables);

	/**
	 * Reads every value this launcher gives; called only when {@link #isPresent} holds.
	 * @throws IllegalArgumentException when a value is invalid or a needed one is missing
	 */
	LauncherValues read(LauncherVariables variables);

	/**
	 * Where a launcher stands. Launchers of one layer describe the same processes, so two present
	 * at once must agree. Across layers, disagreement is the normal sign of nesting (torchrun
	 * started by srun, mpirun inside an allocation) and the inner, earlier launcher wins.
	 */
	enum Layer {

		/** Starts the ranks itself, one process each: torchrun, DeepSpeed, Horovod, torch-style sets. */
		PROCESS,

		/** An MPI launcher starting one process per rank. */
		MPI,

		/**
		 * Starts or hosts the launchers above: Slurm, Flux, PMI, pods and nodes. Never checked
		 * against anything.
		 */
		OUTER;

		boolean mustAgree() {
			return this != OUTER;
		}

	}

}
