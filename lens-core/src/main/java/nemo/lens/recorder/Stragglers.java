package nemo.lens.recorder;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which rank is slow rather than stuck, from the finished spans in the dumps alone (no
 * communication between ranks): per rank, the median duration of its last {@value #LAST_STEPS}
 * step spans, and a relative score, the fastest rank's median over the rank's (1.0 for the fastest,
 * 0.5 for a rank whose steps take twice as long), as NVIDIA's resiliency extension scores a rank's
 * sections; the ranks under the threshold are slow. The step span is the one named, or else the
 * most frequent top-level span of the dumps (a span whose parent the dump does not hold).
 */
final class Stragglers {

	/** The steps per rank the median is taken over: its recent pace, not its warm-up. */
	static final int LAST_STEPS = 20;

	/** The score under which a rank is slow, by default (the resiliency extension's example). */
	static final double DEFAULT_SLOW_BELOW = 0.7;

	private final String stepSpan;

	private final double slowBelow;

	private final Map<Integer, Pace> paces;

	private Stragglers(String stepSpan, double slowBelow, Map<Integer, Pace> paces) {
		this.stepSpan = stepSpan;
		this.slowBelow = slowBelow;
		this.paces = paces;
	}

	/**
	 * Scores the ranks.
	 * @param dumps the latest dump of each rank
	 * @param stepSpan the step span's name, or {@code null} for the most frequent top-level span
	 * @param slowBelow the score under which a rank is slow
	 * @return the scores
	 */
	static Stragglers of(List<RankDump> dumps, String stepSpan, double slowBelow) {
		String step = (stepSpan != null) ? stepSpan : mostFrequentTopLevel(dumps);
		Map<Integer, Long> medians = new LinkedHashMap<>();
		Map<Integer, Integer> counts = new HashMap<>();
		if (step != null) {
			for (RankDump dump : dumps) {
				List<DumpSpan> steps = new ArrayList<>();
				for (DumpSpan span : dump.finished()) {
					if (span.name().equals(step)) {
						steps.add(span);
					}
				}
				if (steps.isEmpty()) {
					continue;
				}
				steps.sort(Comparator.comparingLong(DumpSpan::end));
				long[] last = steps.subList(Math.max(0, steps.size() - LAST_STEPS), steps.size())
					.stream()
					.mapToLong(DumpSpan::nanos)
					.sorted()
					.toArray();
				medians.put(dump.rank(), median(last));
				counts.put(dump.rank(), last.length);
			}
		}
		long fastest = medians.values().stream().mapToLong(Long::longValue).min().orElse(0);
		Map<Integer, Pace> paces = new LinkedHashMap<>();
		medians.forEach((rank, median) -> paces.put(rank,
				new Pace(rank, median, counts.get(rank), (median > 0) ? Math.min(1.0, (double) fastest / median) : 1.0)));
		return new Stragglers(step, slowBelow, paces);
	}

	private static long median(long[] sorted) {
		int middle = sorted.length / 2;
		return (sorted.length % 2 == 1) ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
	}

	/**
	 * The name of the most frequent finished root span, or where there is none, of the most frequent
	 * finished span whose parent its dump does not hold; ties by name.
	 */
	private static String mostFrequentTopLevel(List<RankDump> dumps) {
		Map<String, Integer> counts = new HashMap<>();
		for (RankDump dump : dumps) {
			for (DumpSpan span : dump.finished()) {
				if (span.parent() == 0) {
					counts.merge(span.name(), 1, Integer::sum);
				}
			}
		}
		if (!counts.isEmpty()) {
			return mostFrequent(counts);
		}
		for (RankDump dump : dumps) {
			Set<Long> ids = new HashSet<>();
			dump.finished().forEach((span) -> ids.add(span.id()));
			dump.open().forEach((span) -> ids.add(span.id()));
			for (DumpSpan span : dump.finished()) {
				if (span.parent() == 0 || !ids.contains(span.parent())) {
					counts.merge(span.name(), 1, Integer::sum);
				}
			}
		}
		return mostFrequent(counts);
	}

	private static String mostFrequent(Map<String, Integer> counts) {
		return counts.entrySet()
			.stream()
			.min(Comparator.comparing((Map.Entry<String, Integer> entry) -> -entry.getValue())
				.thenComparing(Map.Entry::getKey))
			.map(Map.Entry::getKey)
			.orElse(null);
	}

	/** The step span scored, or {@code null} when the dumps hold no finished span. */
	String stepSpan() {
		return this.stepSpan;
	}

	/** The score under which a rank is slow. */
	double slowBelow() {
		return this.slowBelow;
	}

	/** A rank's pace, or {@code null} when its dump holds no finished step. */
	Pace of(int rank) {
		return this.paces.get(rank);
	}

	/** The fastest rank's pace, or {@code null} when no rank holds a finished step. */
	Pace fastest() {
		return this.paces.values().stream().max(Comparator.comparingDouble(Pace::score)
				.thenComparing(Comparator.comparingInt(Pace::rank).reversed())).orElse(null);
	}

	/** The ranks under the threshold, the slowest first; none where fewer than two ranks are scored. */
	List<Pace> slow() {
		if (this.paces.size() < 2) {
			return List.of();
		}
		return this.paces.values()
			.stream()
			.filter((pace) -> pace.score() < this.slowBelow)
			.sorted(Comparator.comparingDouble(Pace::score).thenComparingInt(Pace::rank))
			.toList();
	}

	/**
	 * A rank's pace.
	 *
	 * @param rank the rank
	 * @param medianNanos the median duration of its last steps, in nanoseconds
	 * @param steps how many steps the median is taken over
	 * @param score the fastest rank's median over this one's, 1.0 for the fastest
	 */
	record Pace(int rank, long medianNanos, int steps, double score) {

	}

}
