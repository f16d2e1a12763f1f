package nemo.lens.recorder;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Ranks as an operator reads them: {@code rank 5}, {@code ranks 1, 3}, {@code ranks 0-511, 513-1023};
 * a list of 1,024 ranks stays one line.
 */
final class RankRanges {

	/** Ranges written before the rest is only counted. */
	private static final int MAX_RANGES = 12;

	private RankRanges() {
	}

	/** {@code rank 5} or {@code ranks 0-4, 6}. */
	static String named(List<Integer> ranks) {
		return ((ranks.size() == 1) ? "rank " : "ranks ") + listed(ranks);
	}

	/** {@code 5} or {@code 0-4, 6}; past a dozen ranges, the rest counted. */
	static String listed(List<Integer> ranks) {
		List<String> ranges = new ArrayList<>();
		Integer first = null;
		Integer last = null;
		for (int rank : new TreeSet<>(ranks)) {
			if (last != null && rank == last + 1) {
				last = rank;
				continue;
			}
			if (first != null) {
				ranges.add(range(first, last));
			}
			first = rank;
			last = rank;
		}
		if (first != null) {
			ranges.add(range(first, last));
		}
		if (ranges.size() <= MAX_RANGES) {
			return String.join(", ", ranges);
		}
		return String.join(", ", ranges.subList(0, MAX_RANGES)) + ", ... (" + ranks.size() + " ranks)";
	}

	private static String range(int first, int last) {
		if (first == last) {
			return String.valueOf(first);
		}
		return first + ((last == first + 1) ? ", " : "-") + last;
	}

}
