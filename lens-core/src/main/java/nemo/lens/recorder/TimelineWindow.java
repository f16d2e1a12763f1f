package nemo.lens.recorder;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The time the report's page shows: from the median rank's start of its last {@value #STEPS_SHOWN}
 * steps (or of the spans it is still in, where they started earlier) to the latest dump, so that
 * the lanes show the steps before a hang, and the hang.
 *
 * @param start the window's start, in nanoseconds since the epoch
 * @param end its end, the latest dump's moment
 */
record TimelineWindow(long start, long end) {

	/** The steps a lane shows before the dump, by the median rank. */
	static final int STEPS_SHOWN = 5;

	/** The finished spans a rank without steps shows. */
	private static final int SPANS_SHOWN = 50;

	/**
	 * The window of a job's dumps.
	 * @param dumps the dumps
	 * @param stepSpan the step span's name, or {@code null}
	 * @return the window
	 */
	static TimelineWindow of(List<RankDump> dumps, String stepSpan) {
		long end = windowEnd(dumps);
		return new TimelineWindow(windowStart(dumps, stepSpan, end), end);
	}

	/** Where a time falls on an axis of that width. */
	double x(long nanos, double width) {
		return (nanos - this.start) * width / Math.max(1, this.end - this.start);
	}

	/** The latest dump's moment, else the latest end of a span. */
	private static long windowEnd(List<RankDump> dumps) {
		long end = -1;
		for (RankDump dump : dumps) {
			end = Math.max(end, dump.timeNanos());
			for (DumpSpan span : dump.open()) {
				end = Math.max(end, span.end());
			}
			if (!dump.finished().isEmpty()) {
				end = Math.max(end, dump.finished().get(dump.finished().size() - 1).end());
			}
		}
		return Math.max(end, 1);
	}

	/**
	 * The median rank's start of its last {@value #STEPS_SHOWN} steps, or of the spans it is still
	 * in where they started earlier: what the lanes show is the steps before the hang, and the hang.
	 */
	private static long windowStart(List<RankDump> dumps, String stepSpan, long end) {
		List<Long> starts = new ArrayList<>();
		for (RankDump dump : dumps) {
			long start = Long.MAX_VALUE;
			for (DumpSpan span : dump.open()) {
				if (span.start() >= 0) {
					start = Math.min(start, span.start());
				}
			}
			List<DumpSpan> steps = new ArrayList<>();
			for (DumpSpan span : dump.finished()) {
				if (span.name().equals(stepSpan)) {
					steps.add(span);
				}
			}
			steps.sort(Comparator.comparingLong(DumpSpan::end));
			if (!steps.isEmpty()) {
				start = Math.min(start, steps.get(Math.max(0, steps.size() - STEPS_SHOWN)).start());
			}
			else if (!dump.finished().isEmpty()) {
				start = Math.min(start, dump.finished().get(Math.max(0, dump.finished().size() - SPANS_SHOWN)).start());
			}
			if (start != Long.MAX_VALUE && start >= 0) {
				starts.add(start);
			}
		}
		if (starts.isEmpty()) {
			return end - 1_000_000_000L;
		}
		starts.sort(Comparator.naturalOrder());
		long start = starts.get(starts.size() / 2);
		// A little room before the first span, and never an empty window.
		long length = Math.max(1_000_000L, end - start);
		return end - length - length / 50;
	}

	/** A tick every 1, 2 or 5 times a power of ten of nanoseconds (from a millisecond), at most ten on the axis. */
	long tick() {
		long length = Math.max(1, this.end - this.start);
		for (long base = 1_000_000L;; base *= 10) {
			for (long times : new long[] { 1, 2, 5 }) {
				if (length / (base * times) <= 10) {
					return base * times;
				}
			}
		}
	}

}
