package nemo.lens.launch;

import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The run id of a process and where it came from: the configured one, else the job identity of
 * the launcher that gave the rank, else 12 random hex characters, which no other rank shares.
 */
public final class RunId {

	/** The source of a run id drawn at random because nothing shared was found. */
	public static final String RANDOM = "random";

	/** The source of a run id set in the configuration (a property or the builder). */
	public static final String SETTING = "nemo.lens.run-id";

	/** The source of a run id set by this variable. */
	public static final String VARIABLE = "NEMO_LENS_RUN_ID";

	private final String value;

	private final String source;

	private RunId(String value, String source) {
		this.value = value;
		this.source = source;
	}

	/**
	 * Resolves the run id.
	 * @param configured the run id set in the settings, which wins; empty for none
	 * @param rankInfo who the caller said this process is, or {@code null} to detect it from
	 * {@code environment} (used only when it gives the same rank and world size as the call)
	 * @param rank the rank the call decides for
	 * @param worldSize the world size the call decides for
	 * @param environment looks variables up
	 * @param warnings told, once, when the launcher's variables cannot be read for a shared run id
	 * @return the run id and its source
	 */
	public static RunId resolve(String configured, RankInfo rankInfo, int rank, int worldSize,
			Function<String, String> environment, Consumer<String> warnings) {
		if (!configured.isEmpty()) {
			String variable = environment.apply(VARIABLE);
			boolean fromVariable = variable != null && variable.trim().equals(configured);
			return new RunId(configured, fromVariable ? VARIABLE : SETTING);
		}
		RankInfo launcher = (rankInfo != null) ? rankInfo : detect(environment, rank, worldSize, warnings);
		if (launcher != null) {
			JobIdentity job = JobIdentity.of(launcher, environment).orElse(null);
			if (job != null) {
				return new RunId(job.value(), job.source());
			}
		}
		return new RunId(UUID.randomUUID().toString().replace("-", "").substring(0, 12), RANDOM);
	}

	/**
	 * The launcher of this process, when the rank the call was given is the one it says: a rank
	 * the caller found some other way must not take another launcher's job id. Launcher variables
	 * that cannot be read are said out loud: each rank would draw a run id of its own, and the
	 * job's trace would split by rank.
	 */
	private static RankInfo detect(Function<String, String> environment, int rank, int worldSize,
			Consumer<String> warnings) {
		try {
			RankInfo detected = RankInfo.detect(environment);
			return (detected.rank() == rank && detected.worldSize() == worldSize) ? detected : null;
		}
		catch (IllegalArgumentException ex) {
			warnings.accept("NeMo Lens could not read the launcher's variables for a run id all ranks share ("
					+ ex.getMessage() + "); this rank uses a random one. Fix the variable named, or set "
					+ VARIABLE + " to the same value on every rank.");
			return null;
		}
	}

	/**
	 * The run id.
	 * @return the run id
	 */
	public String value() {
		return this.value;
	}

	/**
	 * Where the run id came from: a setting, a variable, or {@code random}.
	 * @return the source
	 */
	public String source() {
		return this.source;
	}

}
