package nemo.lens.sdk;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;

/**
 * Which attempt of a job a rank belongs to: a launcher that restarts a failed job keeps its job id
 * ({@code TORCHELASTIC_RUN_ID}, {@code SLURM_JOB_ID}, so the run id) and counts its restarts
 * ({@code TORCHELASTIC_RESTART_COUNT}, Slurm's {@code SLURM_RESTART_COUNT} after a requeue), the
 * first one set; 0 when neither is. The rank's resource carries it as {@value #ATTRIBUTE}, and with
 * {@code attribute-names} {@code nv} or {@code both} the ids NeMo Lens gives a job and each of its
 * runs: {@value #JOB_UUID}, the same across restarts, and {@value #RUN_UUID}, one per attempt. Both
 * are derived from the run id, by every rank alike with no communication: the run id itself where
 * it is a UUID, else a name-based UUID of it (and of it and the attempt).
 *
 * @param jobId the run id, shared by every attempt of the job
 * @param attempt the attempt, 0 for the first
 */
public record RunAttempt(String jobId, int attempt) {

	/** The resource attribute that carries the attempt. */
	public static final String ATTRIBUTE = "nemo.run.attempt";

	/** The id of the job, the same across its restarts, under NeMo Lens's name. */
	public static final String JOB_UUID = "nv.dl.job.uuid";

	/** The id of one attempt of the job, under NeMo Lens's name. */
	public static final String RUN_UUID = "nv.dl.run.uuid";

	/** The launchers' restart counts, the first set one wins. */
	static final List<String> VARIABLES = List.of("TORCHELASTIC_RESTART_COUNT", "SLURM_RESTART_COUNT");

	/**
	 * The attempt of this process, from the launchers' restart counts.
	 * @param runId the run id
	 * @param environment looks up a variable, {@code null} when unset
	 * @return the attempt
	 * @throws IllegalArgumentException when a restart count is set but is no integer of 0 or more,
	 * naming the variable and its value
	 */
	public static RunAttempt of(String runId, Function<String, String> environment) {
		for (String variable : VARIABLES) {
			String value = environment.apply(variable);
			if (value != null && !value.isBlank()) {
				return new RunAttempt(runId, count(variable, value.trim()));
			}
		}
		return new RunAttempt(runId, 0);
	}

	private static int count(String variable, String value) {
		try {
			int count = Integer.parseInt(value);
			if (count >= 0) {
				return count;
			}
		}
		catch (NumberFormatException ex) {
			// Said below, with the variable's name.
		}
		throw new IllegalArgumentException("Invalid value for " + variable + ": '" + value
				+ "'. Expected a restart count, an integer of 0 or more.");
	}

	/**
	 * The job's id, the same for every attempt: the run id where it is a UUID, else a name-based
	 * UUID of it.
	 * @return the UUID, as text
	 */
	public String jobUuid() {
		try {
			return UUID.fromString(this.jobId).toString();
		}
		catch (IllegalArgumentException ex) {
			return nameBased(this.jobId);
		}
	}

	/**
	 * This attempt's id: a name-based UUID of the job's id and the attempt.
	 * @return the UUID, as text
	 */
	public String runUuid() {
		return nameBased(jobUuid() + "/attempt/" + this.attempt);
	}

	private static String nameBased(String name) {
		return UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8)).toString();
	}

}
