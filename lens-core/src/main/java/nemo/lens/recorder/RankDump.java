package nemo.lens.recorder;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one rank's dump says, read back from its OTLP JSON ({@link DumpReading}): who wrote it (from
 * the resource, else the file name), why and in which attempt, its spans, its last finished span,
 * and the innermost span it was still in with the step around it.
 *
 * @param file the dump
 * @param rank the rank
 * @param worldSize the world size, or {@code -1} when the dump holds no resource (a dump of an
 * empty ring written before dumps carried their resource)
 * @param runId the run id, or {@code null}
 * @param reason why the dump was written ({@code nemo.dump.reason}), or {@code null} when it does
 * not say
 * @param attempt the attempt of the job it belongs to, 0 when the dump does not say
 * @param time the dump's moment: from its name, else the end of its latest span, else {@code null}
 * @param dropped how many spans were dropped before the oldest held, or {@code -1} when unknown
 * @param finished the finished spans, oldest first as the ring held them
 * @param open the spans still open at the dump
 * @param lastSpanName the name of the span that ended last, or {@code null} when there is none
 * @param lastSpanEnd when it ended, or {@code null}
 * @param stuckIn the innermost span still open at the dump, or {@code null} when none was
 */
record RankDump(Path file, int rank, int worldSize, String runId, String reason, int attempt, Instant time,
		long dropped, List<DumpSpan> finished, List<DumpSpan> open, String lastSpanName, Instant lastSpanEnd,
		OpenSpan stuckIn) {

	/**
	 * Reads a dump: the first request of the file (a dump holds one line of spans).
	 * @throws IOException when the file cannot be read or is no OTLP JSON
	 */
	static RankDump read(Path file) throws IOException {
		return DumpReading.read(file);
	}

	static RankDump of(DumpReading.Header header, List<DumpSpan> spans) {
		List<DumpSpan> finished = new ArrayList<>(spans.size());
		List<DumpSpan> open = new ArrayList<>();
		DumpSpan last = null;
		long latestEnd = -1;
		for (DumpSpan span : spans) {
			latestEnd = Math.max(latestEnd, span.end());
			if (span.open()) {
				open.add(span);
				continue;
			}
			finished.add(span);
			if (span.start() >= 0 && (last == null || span.end() >= last.end())) {
				last = span;
			}
		}
		Instant time = (header.time() != null) ? header.time()
				: (latestEnd >= 0) ? Instant.ofEpochSecond(0, latestEnd) : null;
		return new RankDump(header.file(), header.rank(), header.worldSize(), header.runId(), header.reason(),
				header.attempt(), time, header.dropped(), List.copyOf(finished), List.copyOf(open),
				(last != null) ? last.name() : null, (last != null) ? Instant.ofEpochSecond(0, last.end()) : null,
				innermost(open));
	}

	/** How many finished spans the dump holds. */
	int spans() {
		return this.finished.size();
	}

	/** The dump's moment in nanoseconds since the epoch, or {@code -1} when unknown. */
	long timeNanos() {
		return (this.time != null) ? this.time.getEpochSecond() * 1_000_000_000L + this.time.getNano() : -1;
	}

	/**
	 * The innermost open span: of the open spans that are no other open span's parent (the ends of
	 * the chains the rank's threads are in), the one open longest, as a thread stuck in it is; a
	 * thread that still works opens and ends young spans. Its step is the nearest span of its chain
	 * that carries {@code dl.step}, else the outermost span of the chain.
	 */
	private static OpenSpan innermost(List<DumpSpan> open) {
		Set<Long> parents = new HashSet<>();
		Map<Long, DumpSpan> byId = new HashMap<>();
		open.forEach((span) -> {
			parents.add(span.parent());
			byId.put(span.id(), span);
		});
		DumpSpan innermost = null;
		for (DumpSpan span : open) {
			if (parents.contains(span.id()) || span.start() < 0) {
				continue;
			}
			if (innermost == null || span.nanos() > innermost.nanos()) {
				innermost = span;
			}
		}
		if (innermost == null) {
			return null;
		}
		DumpSpan stepSpan = null;
		DumpSpan outermost = innermost;
		// Bounded by the spans held, so that ids that loop (a broken file) cannot hold the report.
		DumpSpan span = innermost;
		for (int hops = 0; span != null && hops <= open.size(); hops++) {
			if (stepSpan == null && span.hasStep()) {
				stepSpan = span;
			}
			outermost = span;
			span = byId.get(span.parent());
		}
		if (stepSpan == null && outermost != innermost) {
			stepSpan = outermost;
		}
		return new OpenSpan(innermost.name(), Duration.ofNanos(innermost.nanos()),
				(stepSpan != null) ? stepSpan.name() : null,
				(stepSpan != null && stepSpan.hasStep()) ? stepSpan.step() : null);
	}

	/**
	 * A span still open at a dump.
	 *
	 * @param name its name
	 * @param openFor how long it had been open at the dump
	 * @param stepSpan the name of the step around it ({@code train.step}), or {@code null}
	 * @param step the step's number ({@code dl.step}), or {@code null} when it carries none
	 */
	record OpenSpan(String name, Duration openFor, String stepSpan, Long step) {

		/** The step around the span: {@code train.step 17}, {@code train.step}, or {@code null}. */
		String stepText() {
			if (this.stepSpan == null) {
				return null;
			}
			return (this.step != null) ? this.stepSpan + " " + this.step : this.stepSpan;
		}

	}

}
