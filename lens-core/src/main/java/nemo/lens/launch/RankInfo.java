package nemo.lens.launch;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.function.Function;

import nemo.lens.env.SystemEnvironment;

/**
 * Who this process is in its job: its rank, the world size, its local rank on the node and the
 * launcher that said so, together with the variables each value came from.
 * <p>
 * Built once at start-up by {@link #detect(Function)}, which reads the variables that torchrun,
 * Slurm, MPI, Kubernetes and the other launchers of the README's "Launchers recognised" table
 * set. All values come from one launcher; explicit settings ({@value #RANK_VARIABLE},
 * {@value #WORLD_SIZE_VARIABLE}, {@value #LOCAL_RANK_VARIABLE}) come first; when nothing is
 * found the process is rank 0 of a world of 1, reported with launcher {@value #DEFAULT_LAUNCHER}.
 * Partial or contradictory variables are errors, never guesses.
 * <p>
 * Explicit settings are all or nothing: {@value #RANK_VARIABLE} needs {@value #WORLD_SIZE_VARIABLE},
 * and {@value #LOCAL_RANK_VARIABLE} is read only with both. {@value #WORLD_SIZE_VARIABLE} alone
 * completes a scheduler that gives a rank but no world size (Indexed Job, StatefulSet, PMIx, LSF
 * {@code blaunch}, Volcano), which otherwise fails; beside a launcher with its own world size it
 * must agree with it. Launchers with no usable rank (the {@code sbatch} script, Spark executors)
 * are not detected and leave the default.
 */
public final class RankInfo {

	/** The explicit rank, which takes precedence over every launcher; needs {@value #WORLD_SIZE_VARIABLE}. */
	public static final String RANK_VARIABLE = LauncherVariables.EXPLICIT_RANK;

	/**
	 * The explicit world size: with {@value #RANK_VARIABLE} it overrides every launcher; alone it
	 * completes a scheduler that gives a rank but no world size.
	 */
	public static final String WORLD_SIZE_VARIABLE = LauncherVariables.EXPLICIT_WORLD_SIZE;

	/** The explicit local rank, read only together with {@value #RANK_VARIABLE}. */
	public static final String LOCAL_RANK_VARIABLE = LauncherVariables.EXPLICIT_LOCAL_RANK;

	/** The three explicit settings, in the order above. */
	public static final List<String> EXPLICIT_VARIABLES = List.of(RANK_VARIABLE, WORLD_SIZE_VARIABLE,
			LOCAL_RANK_VARIABLE);

	/** The launcher name of values taken from the explicit settings. */
	public static final String PROPERTIES_LAUNCHER = RankDetector.PROPERTIES_LAUNCHER;

	/** The launcher name when no launcher was found: rank 0 of a world of 1. */
	public static final String DEFAULT_LAUNCHER = RankDetector.DEFAULT_LAUNCHER;

	private final int rank;

	private final int worldSize;

	private final Integer localRank;

	private final Integer localWorldSize;

	private final Integer nodeRank;

	private final String launcher;

	private final Map<String, String> sources;

	private RankInfo(LauncherValues values) {
		this.rank = values.rank();
		this.worldSize = values.worldSize();
		this.localRank = values.localRank();
		this.localWorldSize = values.localWorldSize();
		this.nodeRank = values.nodeRank();
		this.launcher = values.launcher();
		this.sources = Collections.unmodifiableMap(new LinkedHashMap<>(values.sources()));
	}

	/**
	 * Detects the rank of this process from its environment variables.
	 * @return what the process environment says
	 * @throws IllegalArgumentException when the variables are invalid, partial or contradictory
	 */
	public static RankInfo detect() {
		return detect(SystemEnvironment.LOOKUP);
	}

	/**
	 * Detects the rank from a map of environment variables.
	 * @param env the variables by name
	 * @return what the variables say
	 * @throws IllegalArgumentException when the variables are invalid, partial or contradictory
	 */
	public static RankInfo detect(Map<String, String> env) {
		Objects.requireNonNull(env, "env must not be null");
		return detect(env::get);
	}

	/**
	 * Detects the rank from variables looked up one name at a time, for sources that cannot list
	 * their entries (such as a Spring {@code Environment}). Only the names of known launcher
	 * variables are ever asked for.
	 * @param lookup returns a variable's value, or {@code null} when it is unset; a blank value
	 * counts as unset
	 * @return what the variables say
	 * @throws IllegalArgumentException when the variables are invalid, partial or contradictory
	 */
	public static RankInfo detect(Function<String, String> lookup) {
		return new RankInfo(RankDetector.detect(new LauncherVariables(lookup)));
	}

	/**
	 * Returns the rank of this process in its job.
	 * @return the rank, from 0 to {@code worldSize() - 1}
	 */
	public int rank() {
		return this.rank;
	}

	/**
	 * Returns the number of ranks in the job.
	 * @return the world size, 1 or more
	 */
	public int worldSize() {
		return this.worldSize;
	}

	/**
	 * Returns the rank of this process among the ranks of its node, where the launcher gives it.
	 * Node- and pod-level schedulers and bare PMI give none; then it is empty, like its siblings,
	 * and {@link #sources()} has no {@code localRank} entry. (The Python library reads a missing
	 * {@code LOCAL_RANK} as 0; {@code first_rank_per_node} does so explicitly.)
	 * @return the local rank, or empty when unknown
	 */
	public OptionalInt localRank() {
		return optional(this.localRank);
	}

	/**
	 * Returns the number of ranks on this node, where the launcher gives it.
	 * @return the local world size, or empty when unknown
	 */
	public OptionalInt localWorldSize() {
		return optional(this.localWorldSize);
	}

	/**
	 * Returns the index of this process's node (or pod) in the job, where the launcher gives it.
	 * @return the node rank, or empty when unknown
	 */
	public OptionalInt nodeRank() {
		return optional(this.nodeRank);
	}

	/**
	 * Returns the short name of the launcher the values came from, such as {@code torchrun},
	 * {@code slurm}, {@code openmpi}, {@value #PROPERTIES_LAUNCHER} or {@value #DEFAULT_LAUNCHER}.
	 * @return the launcher name
	 */
	public String launcher() {
		return this.launcher;
	}

	/**
	 * Returns where each known value came from, keyed {@code rank}, {@code worldSize},
	 * {@code localRank}, {@code localWorldSize} and {@code nodeRank}, each value naming the
	 * variables read (for example {@code SLURM_PROCID} or {@code SM_CURRENT_HOST in SM_HOSTS}). A
	 * value the launcher does not give, and every value of the default, has no entry.
	 * @return an unmodifiable map in the order above
	 */
	public Map<String, String> sources() {
		return this.sources;
	}

	/**
	 * Describes the values and their sources for a log line, for example
	 * {@code rank 3 of 8 (RANK, WORLD_SIZE), local rank 1 of 4 (LOCAL_RANK, LOCAL_WORLD_SIZE), node 0 (GROUP_RANK), launcher torchrun}.
	 * @return a one-line description
	 */
	public String describe() {
		if (this.sources.isEmpty()) {
			return "rank 0 of 1 (no launcher variables found), launcher " + this.launcher;
		}
		StringBuilder description = new StringBuilder();
		description.append("rank ").append(this.rank).append(" of ").append(this.worldSize);
		description.append(" (").append(this.sources.get("rank")).append(", ").append(this.sources.get("worldSize"));
		description.append("), local rank ");
		if (this.localRank == null) {
			description.append("unknown");
		}
		else {
			description.append(this.localRank);
			if (this.localWorldSize != null) {
				description.append(" of ").append(this.localWorldSize);
			}
			description.append(" (").append(this.sources.get("localRank"));
			if (this.localWorldSize != null) {
				description.append(", ").append(this.sources.get("localWorldSize"));
			}
			description.append(")");
		}
		if (this.nodeRank != null) {
			description.append(", node ").append(this.nodeRank).append(" (").append(this.sources.get("nodeRank")).append(")");
		}
		return description.append(", launcher ").append(this.launcher).toString();
	}

	@Override
	public boolean equals(Object other) {
		if (this == other) {
			return true;
		}
		if (!(other instanceof RankInfo that)) {
			return false;
		}
		return this.rank == that.rank && this.worldSize == that.worldSize
				&& Objects.equals(this.localRank, that.localRank)
				&& Objects.equals(this.localWorldSize, that.localWorldSize)
				&& Objects.equals(this.nodeRank, that.nodeRank) && this.launcher.equals(that.launcher)
				&& this.sources.equals(that.sources);
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.rank, this.worldSize, this.localRank, this.localWorldSize, this.nodeRank,
				this.launcher, this.sources);
	}

	@Override
	public String toString() {
		return describe();
	}

	private static OptionalInt optional(Integer value) {
		return (value != null) ? OptionalInt.of(value) : OptionalInt.empty();
	}

}
