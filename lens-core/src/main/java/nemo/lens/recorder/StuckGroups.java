package nemo.lens.recorder;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The ranks of a job grouped by the innermost span each was still in at its dump, the odd ones
 * first: after a hang most ranks wait in the same collective ({@code barrier}) for the few stuck
 * elsewhere ({@code allreduce}), and those few are the ones to look at. The most common group
 * comes last; the others before it, the smallest first, then the one open longest.
 */
final class StuckGroups {

	private StuckGroups() {
	}

	/**
	 * Groups the ranks; empty when no dump holds an open span.
	 * @param dumps the latest dump of each rank
	 * @return the groups, the odd ones first and the most common last
	 */
	static List<Group> of(List<RankDump> dumps) {
		if (dumps.stream().allMatch((dump) -> dump.stuckIn() == null)) {
			return List.of();
		}
		Map<String, List<RankDump>> bySpan = new LinkedHashMap<>();
		dumps.stream()
			.sorted(Comparator.comparing((RankDump dump) -> Objects.toString(spanName(dump), "")))
			.forEach((dump) -> bySpan.computeIfAbsent(spanName(dump), (name) -> new ArrayList<>()).add(dump));
		List<Group> groups = new ArrayList<>();
		bySpan.forEach((span, ranks) -> groups.add(new Group(span, List.copyOf(ranks), false)));
		Group common = groups.stream().max(Comparator.comparingInt((Group group) -> group.ranks().size())).orElseThrow();
		List<Group> ordered = new ArrayList<>(groups.stream()
			.filter((group) -> group != common)
			.map((group) -> new Group(group.span(), group.ranks(), true))
			.sorted(Comparator.comparingInt((Group group) -> group.ranks().size())
				.thenComparing(Comparator.comparing(Group::longestOpen).reversed()))
			.toList());
		ordered.add(common);
		return List.copyOf(ordered);
	}

	private static String spanName(RankDump dump) {
		return (dump.stuckIn() != null) ? dump.stuckIn().name() : null;
	}

	/**
	 * Ranks in the same innermost open span.
	 *
	 * @param span the span's name, or {@code null} for the ranks that were in none
	 * @param ranks their dumps, by rank
	 * @param odd whether the group is not the most common one
	 */
	record Group(String span, List<RankDump> ranks, boolean odd) {

		/** The longest any of its ranks had been in the span at its dump; zero for no span. */
		Duration longestOpen() {
			return this.ranks.stream()
				.filter((dump) -> dump.stuckIn() != null)
				.map((dump) -> dump.stuckIn().openFor())
				.max(Comparator.naturalOrder())
				.orElse(Duration.ZERO);
		}

	}

}
