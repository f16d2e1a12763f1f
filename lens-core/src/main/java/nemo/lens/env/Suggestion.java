package nemo.lens.env;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The "did you mean" of an error about a name that is not known (a strategy, a control file's
 * key): the known name nearest to it, where hyphens and underscores, and upper and lower case,
 * count as the same, so that {@code first-rank-per-node} suggests {@code first_rank_per_node}.
 * That forgiveness is the suggestion's only: the name itself still has to match exactly, as the
 * Python library matches it. A name too far from every known one gets no suggestion, rather than
 * a guess that would mislead.
 */
public final class Suggestion {

	private Suggestion() {
	}

	/**
	 * The text to add to an error about a name that is not known.
	 * @param name the name as given
	 * @param known the known names
	 * @return {@code "; did you mean first_rank_per_node?"}, or empty when no known name is near
	 */
	public static String didYouMean(String name, Collection<String> known) {
		return nearest(name, known).map((nearest) -> "; did you mean " + nearest + "?").orElse("");
	}

	/**
	 * The known name nearest to one that is not known, when it is near enough to suggest.
	 * @param name the name as given
	 * @param known the known names
	 * @return the nearest known name, the first by sort order of those equally near; empty when
	 * none is near
	 */
	public static Optional<String> nearest(String name, Collection<String> known) {
		String given = loose(name);
		String best = null;
		int bestDistance = Integer.MAX_VALUE;
		for (String candidate : new TreeSet<>(known)) {
			int distance = UnknownVariables.distance(given, loose(candidate));
			if (distance < bestDistance) {
				best = candidate;
				bestDistance = distance;
			}
		}
		// A third of the name may be wrong (at least two letters): `rank` suggests `ranks`, `bogus` nothing.
		boolean near = best != null && bestDistance <= Math.max(2, given.length() / 3);
		return near ? Optional.of(best) : Optional.empty();
	}

	private static String loose(String name) {
		return (name != null) ? name.trim().toLowerCase(Locale.ROOT).replace('-', '_') : "";
	}

}
