package nemo.lens.launch;

import java.util.Objects;
import java.util.function.Function;

import nemo.lens.env.EnvironmentValues;

/**
 * The launcher variables of one process, read through a lookup by name. A blank value counts as
 * unset, as everywhere else in NeMo Lens; integers parse like Python's {@code int()}, and every
 * error names the variable and shows its value.
 */
final class LauncherVariables {

	/**
	 * The explicit rank, {@link RankInfo#RANK_VARIABLE}: declared here, below the sources that
	 * name the explicit settings, so that they do not import {@code RankInfo}.
	 */
	static final String EXPLICIT_RANK = "NEMO_LENS_RANK";

	/** The explicit world size, {@link RankInfo#WORLD_SIZE_VARIABLE}. */
	static final String EXPLICIT_WORLD_SIZE = "NEMO_LENS_WORLD_SIZE";

	/** The explicit local rank, {@link RankInfo#LOCAL_RANK_VARIABLE}. */
	static final String EXPLICIT_LOCAL_RANK = "NEMO_LENS_LOCAL_RANK";

	private final Function<String, String> lookup;

	LauncherVariables(Function<String, String> lookup) {
		this.lookup = Objects.requireNonNull(lookup, "lookup must not be null");
	}

	/**
	 * Returns the trimmed value, or {@code null} when the variable is unset or blank.
	 */
	String get(String name) {
		String value = this.lookup.apply(name);
		if (value == null || value.isBlank()) {
			return null;
		}
		return value.trim();
	}

	boolean isSet(String name) {
		return get(name) != null;
	}

	/**
	 * Reads a rank or an index: a set, non-negative integer.
	 */
	int index(String name) {
		int value = integer(name);
		if (value < 0) {
			throw new IllegalArgumentException("Invalid value for " + name + ": '" + get(name)
					+ "'. Expected a rank or index of 0 or more.");
		}
		return value;
	}

	/**
	 * Reads a number of processes or nodes: a set integer of 1 or more.
	 */
	int count(String name) {
		int value = integer(name);
		if (value < 1) {
			throw new IllegalArgumentException(
					"Invalid value for " + name + ": '" + get(name) + "'. Expected a size of 1 or more.");
		}
		return value;
	}

	/**
	 * Shows a variable as {@code NAME='value'} for error messages.
	 */
	String show(String name) {
		return name + "='" + get(name) + "'";
	}

	private int integer(String name) {
		String value = get(name);
		if (value == null) {
			throw new IllegalArgumentException(name + " is not set.");
		}
		return EnvironmentValues.parseInt(name, value);
	}

}
