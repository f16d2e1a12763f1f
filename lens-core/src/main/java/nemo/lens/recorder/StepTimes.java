package nemo.lens.recorder;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.sdk.trace.ReadableSpan;
import nemo.lens.env.Redaction;
import nemo.lens.sdk.RankAttributeNames;

/**
 * A rank's own step times, from the finished spans its flight recorder holds: the step span is the
 * most frequent top-level span (no parent, or a parent in another process), the one a training
 * loop opens once a step; its median over the steps held, and the last one. What a server or an
 * operator compares across ranks to see a slow one without asking every rank for a dump. Read
 * from the ring when asked, with no copy of a span: nothing is added to the span path.
 *
 * @param span the step span's name
 * @param steps how many of them the recorder holds
 * @param median their median duration
 * @param last the duration of the last one to end
 * @param lastStep the {@code dl.step} of the last one, or {@code null} when it carries none
 */
public record StepTimes(String span, int steps, Duration median, Duration last, Long lastStep) {

	/**
	 * The step times of the spans a ring holds.
	 * @param ring the ring
	 * @return the step times, or {@code null} when it holds no top-level span
	 */
	static StepTimes of(SpanRing ring) {
		List<ReadableSpan> topLevel = new ArrayList<>();
		ring.forEachHeld((span) -> {
			SpanContext parent = span.getParentSpanContext();
			if (!parent.isValid() || parent.isRemote()) {
				topLevel.add(span);
			}
		});
		if (topLevel.isEmpty()) {
			return null;
		}
		Map<String, Integer> counts = new HashMap<>();
		String step = null;
		// Oldest first: of names as frequent, the one that ended last wins.
		for (ReadableSpan span : topLevel) {
			int count = counts.merge(span.getName(), 1, Integer::sum);
			if (step == null || count >= counts.get(step)) {
				step = span.getName();
			}
		}
		List<Long> durations = new ArrayList<>();
		ReadableSpan last = null;
		for (ReadableSpan span : topLevel) {
			if (span.getName().equals(step)) {
				durations.add(span.getLatencyNanos());
				last = span;
			}
		}
		List<Long> sorted = new ArrayList<>(durations);
		sorted.sort(null);
		int middle = sorted.size() / 2;
		long median = (sorted.size() % 2 == 1) ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
		ReadableSpan lastSpan = last;
		Long lastStep = RankAttributeNames.read("dl.step", (name) -> lastSpan.getAttribute(AttributeKey.longKey(name)));
		return new StepTimes(Redaction.redact(step), durations.size(), Duration.ofNanos(median),
				Duration.ofNanos(durations.get(durations.size() - 1)), lastStep);
	}

	/**
	 * The step times in a line: {@code train.step: median 1.234 s of 12, last 1.301 s (step 17)}.
	 * @return the line
	 */
	public String describe() {
		return this.span + ": median " + seconds(this.median) + " of " + this.steps + ", last " + seconds(this.last)
				+ ((this.lastStep != null) ? " (step " + this.lastStep + ")" : "");
	}

	private static String seconds(Duration duration) {
		return String.format(Locale.ROOT, "%.3f s", duration.toNanos() / 1e9);
	}

}
