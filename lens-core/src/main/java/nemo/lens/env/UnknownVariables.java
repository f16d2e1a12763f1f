package nemo.lens.env;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Finds variables that carry a NeMo Lens prefix but are no setting NeMo Lens reads, such as
 * {@code NEMO_LENS_EXPORT_STRATEGIE}, and names the nearest known one. A typo in a variable would
 * otherwise leave its setting at the default without a word. These are warnings, not errors: the
 * Python library, and other tools, may share the environment.
 */
public final class UnknownVariables {

	private UnknownVariables() {
	}

	/**
	 * One warning per variable that starts with {@code prefix_} and is not known, sorted by name.
	 * @param env the environment
	 * @param prefix the prefix, such as {@code NEMO_LENS}
	 * @param known the variables that are read
	 * @return the warnings, empty when every such variable is known
	 */
	public static List<String> warnings(Map<String, String> env, String prefix, Collection<String> known) {
		List<String> warnings = new ArrayList<>();
		for (String name : new TreeSet<>(env.keySet())) {
			if (name.startsWith(prefix + "_") && !known.contains(name)) {
				String nearest = nearest(name, known);
				warnings.add(name + " is set but is no NeMo Lens setting, so it is ignored"
						+ ((nearest != null) ? "; did you mean " + nearest + "?" : "."));
			}
		}
		return warnings;
	}

	/**
	 * The known name nearest to one that is not known, by edit distance; the first by sort order
	 * of those equally near. The same matching names a misspelt property.
	 * @param name the name that is not known
	 * @param known the known names
	 * @return the nearest known name, or {@code null} when none is known
	 */
	public static String nearest(String name, Collection<String> known) {
		String best = null;
		int bestDistance = Integer.MAX_VALUE;
		for (String candidate : new TreeSet<>(known)) {
			int distance = distance(name, candidate);
			if (distance < bestDistance) {
				best = candidate;
				bestDistance = distance;
			}
		}
		return best;
	}

	/** Levenshtein distance: insertions, deletions and substitutions. */
	static int distance(String a, String b) {
		int[] previous = new int[b.length() + 1];
		int[] current = new int[b.length() + 1];
		for (int j = 0; j <= b.length(); j++) {
			previous[j] = j;
		}
		for (int i = 1; i <= a.length(); i++) {
			current[0] = i;
			for (int j = 1; j <= b.length(); j++) {
				int substitution = previous[j - 1] + ((a.charAt(i - 1) == b.charAt(j - 1)) ? 0 : 1);
				current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
			}
			int[] swap = previous;
			previous = current;
			current = swap;
		}
		return previous[b.length()];
	}

}
