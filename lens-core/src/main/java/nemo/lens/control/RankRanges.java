package nemo.lens.control;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The ranks a control file's {@code ranks} key names, held as sorted, merged ranges
 * ({@code 0,731,1000-1003} is three ranges): its memory grows with the number of entries written,
 * which the file's size bounds, never with the span a range covers, so {@code 0-999999} costs what
 * {@code 7} costs.
 */
public final class RankRanges {

	/** No rank. */
	public static final RankRanges NONE = new RankRanges(new int[0], new int[0]);

	/** The first rank of each range, ascending; the ranges neither overlap nor touch. */
	private final int[] firsts;

	/** The last rank of each range, inclusive. */
	private final int[] lasts;

	private RankRanges(int[] firsts, int[] lasts) {
		this.firsts = firsts;
		this.lasts = lasts;
	}

	/**
	 * Reads a list of ranks and ranges such as {@code 0,731,1000-1003}; blank entries are skipped.
	 * @param spec the list
	 * @param worldSize the job's world size: every rank named must be below it
	 * @return the ranks
	 * @throws IllegalArgumentException naming the entry, when one is no rank or range of ranks, or
	 * names a rank at or past the world size (naming the rank and the world size)
	 */
	public static RankRanges parse(String spec, int worldSize) {
		List<int[]> ranges = new ArrayList<>();
		for (String part : spec.split(",")) {
			String entry = part.trim();
			if (entry.isEmpty()) {
				continue;
			}
			int dash = entry.indexOf('-', 1);
			int first = rank(entry, (dash < 0) ? entry : entry.substring(0, dash));
			int last = (dash < 0) ? first : rank(entry, entry.substring(dash + 1));
			if (last < first) {
				throw new IllegalArgumentException("ranks '" + spec + "': '" + entry + "' is no range of ranks");
			}
			if (last >= worldSize) {
				throw new IllegalArgumentException("ranks '" + spec + "': rank " + last + " (in '" + entry
						+ "') is not below the world size " + worldSize);
			}
			ranges.add(new int[] { first, last });
		}
		ranges.sort((one, other) -> Integer.compare(one[0], other[0]));
		List<int[]> merged = new ArrayList<>();
		for (int[] range : ranges) {
			int[] previous = merged.isEmpty() ? null : merged.get(merged.size() - 1);
			if (previous != null && (long) range[0] <= (long) previous[1] + 1) {
				previous[1] = Math.max(previous[1], range[1]);
			}
			else {
				merged.add(range.clone());
			}
		}
		return new RankRanges(merged.stream().mapToInt((range) -> range[0]).toArray(),
				merged.stream().mapToInt((range) -> range[1]).toArray());
	}

	private static int rank(String entry, String number) {
		try {
			int rank = Integer.parseInt(number.trim());
			if (rank >= 0) {
				return rank;
			}
		}
		catch (NumberFormatException ex) {
			// reported below
		}
		throw new IllegalArgumentException("ranks: '" + entry + "' is no rank or range of ranks (such as 0,731,1000-1003)");
	}

	/**
	 * Whether a rank is named.
	 * @param rank the rank
	 * @return whether one of the ranges holds it
	 */
	public boolean contains(int rank) {
		int index = Arrays.binarySearch(this.firsts, rank);
		if (index >= 0) {
			return true;
		}
		int before = -index - 2;
		return before >= 0 && rank <= this.lasts[before];
	}

	/**
	 * Whether no rank is named.
	 * @return whether there is no range
	 */
	public boolean isEmpty() {
		return this.firsts.length == 0;
	}

	/**
	 * How many ranges are held, after merging those that overlap or touch.
	 * @return the number of ranges
	 */
	public int ranges() {
		return this.firsts.length;
	}

	@Override
	public boolean equals(Object other) {
		return other instanceof RankRanges ranges && Arrays.equals(this.firsts, ranges.firsts)
				&& Arrays.equals(this.lasts, ranges.lasts);
	}

	@Override
	public int hashCode() {
		return 31 * Arrays.hashCode(this.firsts) + Arrays.hashCode(this.lasts);
	}

	/** The ranges as a spec, {@code 0,731,1000-1003}. */
	@Override
	public String toString() {
		StringBuilder spec = new StringBuilder();
		for (int i = 0; i < this.firsts.length; i++) {
			spec.append((i > 0) ? "," : "").append(this.firsts[i]);
			if (this.lasts[i] != this.firsts[i]) {
				spec.append('-').append(this.lasts[i]);
			}
		}
		return spec.toString();
	}

}
