package nemo.lens.launch;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The identity of the job a process belongs to, as the launcher that gave its rank exports it:
 * one value that every rank of one job shares and two jobs running at once never do, such as
 * torchrun's {@code TORCHELASTIC_RUN_ID} or a Slurm step's {@code SLURM_JOB_ID.SLURM_STEP_ID}.
 * NeMo Lens takes the run id from it when none is set.
 * <p>
 * Read only from the launcher {@link RankInfo#launcher()} names, never from another one present
 * in the environment: an {@code mpirun} inside an {@code sbatch} allocation sees the allocation's
 * {@code SLURM_JOB_ID}, which two {@code mpirun}s started side by side in it would share. A blank
 * value and the placeholder {@code none} (torchrun's when no rendezvous id was given) count as
 * unset. Launchers without a job identity in their variables (most pod- and node-level
 * schedulers, where the downward API can give {@code NEMO_LENS_RUN_ID} instead) have none.
 */
public final class JobIdentity {

	/** The placeholder torchrun exports when no {@code --rdzv-id} was given. */
	private static final String PLACEHOLDER = "none";

	private static final String SLURM_JOB_ID = "SLURM_JOB_ID";

	private static final String SLURM_STEP_ID = "SLURM_STEP_ID";

	/**
	 * The variables that name the job, by launcher, first set one wins. Checked on real launchers
	 * where they install (Open MPI 4.1, MPICH 4.0's Hydra, Slurm 22.05); the others from their
	 * manuals.
	 */
	private static final Map<String, List<String>> VARIABLES = Map.of(
			"torchrun", List.of("TORCHELASTIC_RUN_ID"),
			"openmpi", List.of("PMIX_NAMESPACE", "OMPI_MCA_ess_base_jobid"),
			"flux", List.of("FLUX_JOB_ID"),
			"pmix", List.of("PMIX_NAMESPACE"));

	private final String value;

	private final String source;

	private JobIdentity(String value, String source) {
		this.value = value;
		this.source = source;
	}

	/**
	 * Reads the job identity of the launcher that gave {@code rankInfo}.
	 * @param rankInfo who this process is, and from which launcher
	 * @param lookup returns a variable's value, or {@code null} when it is unset
	 * @return the job identity, or empty when that launcher gives none
	 */
	public static Optional<JobIdentity> of(RankInfo rankInfo, Function<String, String> lookup) {
		Objects.requireNonNull(rankInfo, "rankInfo must not be null");
		LauncherVariables variables = new LauncherVariables(lookup);
		if (rankInfo.launcher().equals("slurm")) {
			return slurmStep(variables);
		}
		for (String name : VARIABLES.getOrDefault(rankInfo.launcher(), List.of())) {
			String value = value(variables, name);
			if (value != null) {
				return Optional.of(new JobIdentity(value, name));
			}
		}
		return Optional.empty();
	}

	/**
	 * The launchers that export a job identity, and its variables in the order they are tried.
	 * @return variable names by launcher name
	 */
	static Map<String, List<String>> variables() {
		return Map.copyOf(VARIABLES);
	}

	/**
	 * A step's tasks share {@code SLURM_JOB_ID}; so do two steps running side by side in one job,
	 * which the step id tells apart.
	 */
	private static Optional<JobIdentity> slurmStep(LauncherVariables variables) {
		String job = value(variables, SLURM_JOB_ID);
		if (job == null) {
			return Optional.empty();
		}
		String step = value(variables, SLURM_STEP_ID);
		if (step == null) {
			return Optional.of(new JobIdentity(job, SLURM_JOB_ID));
		}
		return Optional.of(new JobIdentity(job + "." + step, SLURM_JOB_ID + "." + SLURM_STEP_ID));
	}

	private static String value(LauncherVariables variables, String name) {
		String value = variables.get(name);
		return (value == null || value.toLowerCase(Locale.ROOT).equals(PLACEHOLDER)) ? null : value;
	}

	/**
	 * Returns the value all ranks of the job share.
	 * @return the job's identity, trimmed
	 */
	public String value() {
		return this.value;
	}

	/**
	 * Returns the variables the value came from, such as {@code TORCHELASTIC_RUN_ID} or
	 * {@code SLURM_JOB_ID.SLURM_STEP_ID}.
	 * @return the source
	 */
	public String source() {
		return this.source;
	}

	@Override
	public boolean equals(Object other) {
		return (other instanceof JobIdentity that) && this.value.equals(that.value) && this.source.equals(that.source);
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.value, this.source);
	}

	@Override
	public String toString() {
		return this.value + " (" + this.source + ")";
	}

}
