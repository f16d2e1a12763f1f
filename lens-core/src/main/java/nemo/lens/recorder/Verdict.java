package nemo.lens.recorder;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What is wrong with the job, in a few sentences, before any table: at 3 a.m. with 512 ranks the
 * first screen must be the answer. First the ranks stuck in another span than the rest, with the
 * span, the step around it and how long it has been open, then where the rest wait
 * ({@code rank 5 stuck in allreduce (train.step 17) for 45 s; 7 ranks wait in barrier (train.step 17)});
 * then the slow ranks ({@link Stragglers}), ranks at different steps, the ranks without a dump
 * (told apart: "did not dump" where every rank was asked, "not stalled" where only stalled ranks
 * dumped), and the attempt read.
 */
final class Verdict {

	/** Odd groups named one by one; the rest are counted. */
	private static final int NAMED_GROUPS = 3;

	/** Ranks named where each is in a different span, or slow; the rest are counted. */
	private static final int NAMED_RANKS = 4;

	/** Reasons that say a rank was asked to dump, so every live rank should have. */
	private static final Set<String> ASKED = Set.of(DumpReason.CONTROL.value(), DumpReason.REQUEST.value(),
			DumpReason.EXIT.value());

	private final List<StuckGroups.Group> stuck;

	private final Map<Long, List<Integer>> steps;

	private final List<Integer> missing;

	private final String missingWhy;

	private final Stragglers stragglers;

	private final int attempt;

	private final int setAside;

	private final List<String> lines;

	private Verdict(List<RankDump> dumps, List<StuckGroups.Group> stuck, List<Integer> missing,
			Stragglers stragglers, int attempt, int setAside) {
		this.stuck = stuck;
		this.steps = steps(dumps);
		this.missing = missing;
		this.missingWhy = missingWhy(dumps);
		this.stragglers = stragglers;
		this.attempt = attempt;
		this.setAside = setAside;
		this.lines = lines(dumps.isEmpty());
	}

	/**
	 * The verdict on a report's dumps.
	 * @param report the report
	 * @return its verdict
	 */
	static Verdict of(DumpSet report) {
		return new Verdict(report.dumps(), report.stuck(), report.missing(), report.stragglers(), report.attempt(),
				report.setAside());
	}

	/** The sentences, one a line, the most telling first. */
	List<String> lines() {
		return this.lines;
	}

	/** The groups by innermost open span, the odd ones first. */
	List<StuckGroups.Group> stuck() {
		return this.stuck;
	}

	/** The ranks by the step they are in, where they are not all in one; empty otherwise. */
	Map<Long, List<Integer>> steps() {
		return (this.steps.size() > 1) ? this.steps : Map.of();
	}

	/** The ranks below the world size without a dump. */
	List<Integer> missing() {
		return this.missing;
	}

	/** Why those ranks have none: {@code did not dump}, {@code not stalled} or {@code left no dump}. */
	String missingWhy() {
		return this.missingWhy;
	}

	Stragglers stragglers() {
		return this.stragglers;
	}

	/** The attempt read: the latest in the directory. */
	int attempt() {
		return this.attempt;
	}

	/** Dumps of earlier attempts left out. */
	int setAside() {
		return this.setAside;
	}

	private List<String> lines(boolean noDumps) {
		List<String> lines = new ArrayList<>();
		if (noDumps) {
			lines.add("no dump to read.");
			return lines;
		}
		if (!this.stuck.isEmpty()) {
			lines.add(stuckSentence() + ".");
		}
		String slow = slowSentence();
		if (slow != null) {
			lines.add(slow + ".");
		}
		if (this.stuck.isEmpty()) {
			lines.add("no rank is stuck: no dump holds an open span.");
		}
		if (!steps().isEmpty()) {
			lines.add(stepsSentence() + ".");
		}
		if (!this.missing.isEmpty()) {
			lines.add(RankRanges.named(this.missing) + " " + this.missingWhy + ".");
		}
		if (this.attempt > 0 || this.setAside > 0) {
			lines.add("attempt " + this.attempt + " read, the latest"
					+ ((this.setAside > 0) ? " (" + this.setAside + " dump" + ((this.setAside == 1) ? "" : "s")
							+ " of earlier attempts set aside)" : "")
					+ ".");
		}
		return List.copyOf(lines);
	}

	private String stuckSentence() {
		StuckGroups.Group common = this.stuck.get(this.stuck.size() - 1);
		if (this.stuck.size() == 1) {
			int ranks = common.ranks().size();
			return ((ranks == 1) ? "rank " + common.ranks().get(0).rank() : "all " + ranks + " ranks") + " stuck in "
					+ where(common) + " for " + ((ranks == 1) ? "" : "up to ") + duration(common.longestOpen());
		}
		if (this.stuck.stream().allMatch((group) -> group.ranks().size() == 1)) {
			List<RankDump> byAge = this.stuck.stream()
				.map((group) -> group.ranks().get(0))
				.sorted(Comparator.comparing((RankDump dump) -> (dump.stuckIn() != null) ? dump.stuckIn().openFor()
						: Duration.ZERO).reversed().thenComparingInt(RankDump::rank))
				.toList();
			List<String> each = new ArrayList<>();
			byAge.stream().limit(NAMED_RANKS).forEach((dump) -> each.add("rank " + dump.rank() + " "
					+ ((dump.stuckIn() != null) ? "in " + where(dump.stuckIn()) + " for " + duration(dump.stuckIn().openFor())
							: "in no open span")));
			String more = (byAge.size() > NAMED_RANKS) ? ", and " + (byAge.size() - NAMED_RANKS) + " more" : "";
			return "each rank stuck in a different span: " + String.join(", ", each) + more;
		}
		List<String> parts = new ArrayList<>();
		List<StuckGroups.Group> odd = this.stuck.subList(0, this.stuck.size() - 1);
		odd.stream().limit(NAMED_GROUPS).forEach((group) -> parts.add(odd(group)));
		if (odd.size() > NAMED_GROUPS) {
			List<StuckGroups.Group> rest = odd.subList(NAMED_GROUPS, odd.size());
			parts.add(rest.stream().mapToInt((group) -> group.ranks().size()).sum() + " more ranks in " + rest.size()
					+ " other spans");
		}
		int ranks = common.ranks().size();
		String who = (ranks == 1) ? "rank " + common.ranks().get(0).rank() : ranks + " ranks";
		parts.add((common.span() != null) ? who + ((ranks == 1) ? " waits in " : " wait in ") + where(common)
				: who + ((ranks == 1) ? " holds" : " hold") + " no open span");
		return String.join("; ", parts);
	}

	private static String odd(StuckGroups.Group group) {
		List<Integer> ranks = ranks(group);
		if (group.span() == null) {
			return RankRanges.named(ranks) + ((ranks.size() == 1) ? " holds" : " hold") + " no open span";
		}
		return RankRanges.named(ranks) + " stuck in " + where(group) + " for " + ((ranks.size() == 1) ? "" : "up to ")
				+ duration(group.longestOpen());
	}

	/** {@code allreduce (train.step 17)}: the span and the step its ranks are in, the most common one. */
	private static String where(StuckGroups.Group group) {
		Map<String, Integer> steps = new LinkedHashMap<>();
		group.ranks().forEach((dump) -> {
			String step = (dump.stuckIn() != null) ? dump.stuckIn().stepText() : null;
			steps.merge(Objects.toString(step, ""), 1, Integer::sum);
		});
		String step = steps.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse("");
		return group.span() + (step.isEmpty() ? "" : " (" + step + ")");
	}

	private static String where(RankDump.OpenSpan span) {
		return span.name() + ((span.stepText() != null) ? " (" + span.stepText() + ")" : "");
	}

	private String slowSentence() {
		List<Stragglers.Pace> slow = this.stragglers.slow();
		Stragglers.Pace fastest = this.stragglers.fastest();
		if (slow.isEmpty() || fastest == null) {
			return null;
		}
		String against = " against " + duration(fastest.medianNanos()) + " on the fastest (rank " + fastest.rank() + ")";
		String step = this.stragglers.stepSpan();
		if (slow.size() == 1) {
			Stragglers.Pace pace = slow.get(0);
			return "rank " + pace.rank() + " slow: " + step + " median " + duration(pace.medianNanos()) + against
					+ ", score " + score(pace.score());
		}
		List<String> each = new ArrayList<>();
		slow.stream().limit(NAMED_RANKS).forEach((pace) -> each.add(duration(pace.medianNanos()) + " (rank "
				+ pace.rank() + ", score " + score(pace.score()) + ")"));
		String more = (slow.size() > NAMED_RANKS) ? ", and " + (slow.size() - NAMED_RANKS) + " more" : "";
		return RankRanges.named(slow.stream().map(Stragglers.Pace::rank).toList()) + " slow: " + step + " medians "
				+ String.join(", ", each) + more + against;
	}

	/** {@code rank 5 at step 17, the others at 18}. */
	private String stepsSentence() {
		Map.Entry<Long, List<Integer>> common = this.steps.entrySet()
			.stream()
			.max(Comparator.comparingInt((Map.Entry<Long, List<Integer>> entry) -> entry.getValue().size()))
			.orElseThrow();
		List<String> parts = new ArrayList<>();
		this.steps.entrySet()
			.stream()
			.filter((entry) -> entry != common)
			.sorted(Comparator.comparingInt((Map.Entry<Long, List<Integer>> entry) -> entry.getValue().size())
				.thenComparing(Map.Entry::getKey))
			.limit(NAMED_GROUPS)
			.forEach((entry) -> parts.add(RankRanges.named(entry.getValue()) + " at step " + entry.getKey()));
		if (this.steps.size() - 1 > NAMED_GROUPS) {
			parts.add("others at " + (this.steps.size() - 1 - NAMED_GROUPS) + " more steps");
		}
		parts.add("the others at " + common.getKey());
		return String.join(", ", parts);
	}

	/** The ranks by the step of the span they are stuck in, where it carries one. */
	private static Map<Long, List<Integer>> steps(List<RankDump> dumps) {
		Map<Long, List<Integer>> steps = new LinkedHashMap<>();
		for (RankDump dump : dumps) {
			if (dump.stuckIn() != null && dump.stuckIn().step() != null) {
				steps.computeIfAbsent(dump.stuckIn().step(), (step) -> new ArrayList<>()).add(dump.rank());
			}
		}
		return steps;
	}

	/**
	 * A rank without a dump "did not dump" where every rank was asked (a dump by the control file,
	 * the endpoint or at exit is in the directory), is "not stalled" where only stalled ranks
	 * dumped, and "left no dump" otherwise.
	 */
	private static String missingWhy(List<RankDump> dumps) {
		if (dumps.stream().anyMatch((dump) -> ASKED.contains(dump.reason()))) {
			return "did not dump";
		}
		if (!dumps.isEmpty() && dumps.stream().allMatch((dump) -> DumpReason.STALL.value().equals(dump.reason()))) {
			return "not stalled";
		}
		return "left no dump";
	}

	private static List<Integer> ranks(StuckGroups.Group group) {
		return group.ranks().stream().map(RankDump::rank).toList();
	}

	private static String score(double score) {
		return String.format(Locale.ROOT, "%.2f", score);
	}

	/** {@code 2.3 s} under ten seconds, {@code 45 s} under two minutes, {@code 12 min 5 s} after. */
	static String duration(Duration duration) {
		long millis = duration.toMillis();
		if (millis < 10_000) {
			return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
		}
		long seconds = Math.round(millis / 1000.0);
		if (seconds < 120) {
			return seconds + " s";
		}
		if (seconds < 7_200) {
			return (seconds / 60) + " min " + (seconds % 60) + " s";
		}
		return (seconds / 3_600) + " h " + ((seconds % 3_600) / 60) + " min";
	}

	/** A step's median: {@code 850 ms} under a second, {@code 2.00 s} after. */
	static String duration(long nanos) {
		if (nanos < 1_000_000_000L) {
			return String.format(Locale.ROOT, "%.0f ms", nanos / 1e6);
		}
		return String.format(Locale.ROOT, "%.2f s", nanos / 1e9);
	}

}
