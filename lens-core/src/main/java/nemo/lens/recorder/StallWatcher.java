package nemo.lens.recorder;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.trace.ReadableSpan;
import nemo.lens.env.Redaction;
import nemo.lens.sdk.RankAttributeNames;

/**
 * Notices that a rank hangs and has it dump itself: a span open longer than the stall timeout
 * asks for one dump, which shows every span open then; those spans never ask again, so a hung
 * step ({@code train.step > allreduce}) writes one dump, and a later stall writes its own. The dump
 * is told what the rank is stuck in, as an operator reads it in the log:
 * {@code 20 s in train.step > allreduce (step 17)}, the chain of open spans down to the innermost
 * stalled one, its age, and the {@code dl.step} one of them carries.
 * <p>
 * One daemon thread that wakes every half timeout and reads the books the SDKs already keep on
 * their open spans: nothing is added to the span path, and a stall is dumped at most one and a
 * half timeouts after its span started.
 */
final class StallWatcher {

	private static final Logger logger = Logger.getLogger(StallWatcher.class.getName());

	private final Duration timeout;

	private final Supplier<List<ReadableSpan>> openSpans;

	private final Predicate<String> dump;

	/** The spans open at the last stall dump, still open: they ask for no other; the watcher's. */
	private final Set<String> shown = new HashSet<>();

	private volatile Stall stall;

	private volatile Thread thread;

	/**
	 * @param timeout how long a span may stay open
	 * @param openSpans the spans open now
	 * @param dump writes a stall dump, given what the rank is stuck in
	 * ({@code 20 s in train.step > allreduce (step 17)}); {@code false} when it was held back, to be
	 * asked again
	 */
	StallWatcher(Duration timeout, Supplier<List<ReadableSpan>> openSpans, Predicate<String> dump) {
		this.timeout = timeout;
		this.openSpans = openSpans;
		this.dump = dump;
	}

	/** Starts the watcher's thread. */
	void start() {
		Thread watcher = new Thread(this::watch, "nemo-lens-stall-watcher");
		watcher.setDaemon(true);
		this.thread = watcher;
		watcher.start();
	}

	/**
	 * Stops the watcher's thread, waiting for a dump under way at most the timeout.
	 * @param timeout the longest wait
	 */
	void stop(Duration timeout) {
		Thread watcher = this.thread;
		this.thread = null;
		if (watcher == null) {
			return;
		}
		watcher.interrupt();
		try {
			watcher.join(Math.max(1, timeout.toMillis()));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/** How long the thread sleeps between two looks: half the timeout. */
	Duration wakeInterval() {
		return this.timeout.dividedBy(2).isZero() ? Duration.ofMillis(1) : this.timeout.dividedBy(2);
	}

	private void watch() {
		long interval = Math.max(1, wakeInterval().toMillis());
		while (this.thread == Thread.currentThread()) {
			try {
				Thread.sleep(interval);
			}
			catch (InterruptedException ex) {
				return;
			}
			try {
				check();
			}
			catch (RuntimeException ex) {
				logger.log(Level.FINE, "NeMo Lens: the stall watcher could not look at the open spans", ex);
			}
		}
	}

	/**
	 * Looks at the spans open now: the innermost one open longer than the timeout is the stall the
	 * status shows, and a stalled span not shown by an earlier stall dump asks for a dump.
	 */
	synchronized void check() {
		long timeoutNanos = this.timeout.toNanos();
		Map<String, ReadableSpan> open = new HashMap<>();
		List<Aged> stalled = new ArrayList<>();
		Set<String> stalledParents = new HashSet<>();
		boolean unshown = false;
		for (ReadableSpan span : this.openSpans.get()) {
			long age = span.getLatencyNanos();
			String id = span.getSpanContext().getSpanId();
			if (span.hasEnded()) {
				continue;
			}
			open.put(id, span);
			if (age >= timeoutNanos) {
				unshown |= !this.shown.contains(id);
				stalled.add(new Aged(span, age));
				stalledParents.add(span.getParentSpanContext().getSpanId());
			}
		}
		Aged innermost = innermost(stalled, stalledParents);
		this.shown.retainAll(open.keySet());
		this.stall = (innermost != null) ? Stall.of(innermost.span()) : null;
		if (unshown && innermost != null && this.dump.test(stuckIn(innermost.span(), innermost.age(), open))) {
			this.shown.addAll(open.keySet());
		}
	}

	/**
	 * The innermost of the chain the rank is in: a stalled span that no other stalled span is a
	 * child of, and of several (spans of other threads) the one that started last. The chain and
	 * not the age tells a span from its parent: ages are read one after the other, and a child that
	 * started microseconds after its parent reads as old as it when the watcher's thread is held up
	 * between the two reads. A child starts after its parent, so stalled spans always have such a
	 * leaf; {@code null} only when none stalled.
	 */
	private static Aged innermost(List<Aged> stalled, Set<String> stalledParents) {
		Aged innermost = null;
		for (Aged candidate : stalled) {
			if (!stalledParents.contains(candidate.span().getSpanContext().getSpanId())
					&& (innermost == null || candidate.age() < innermost.age())) {
				innermost = candidate;
			}
		}
		return innermost;
	}

	/** A span and its age when the watcher read it. */
	private record Aged(ReadableSpan span, long age) {
	}

	/**
	 * What the rank is stuck in, in words: {@code 20 s in train.step > allreduce (step 17)}, the
	 * innermost stalled span's age and its chain of open ancestors, outermost first, with the step
	 * the nearest of them carries.
	 */
	static String stuckIn(ReadableSpan innermost, long ageNanos, Map<String, ReadableSpan> open) {
		Deque<String> chain = new ArrayDeque<>();
		Object step = null;
		Set<String> seen = new HashSet<>();
		for (ReadableSpan span = innermost; span != null && seen.add(span.getSpanContext().getSpanId());
				span = open.get(span.getParentSpanContext().getSpanId())) {
			chain.addFirst(OpenSpans.name(span.getName(), span::getAttribute));
			if (step == null) {
				step = step(span);
			}
		}
		return Redaction.redact(age(ageNanos) + " in " + String.join(" > ", chain)
				+ ((step != null) ? " (step " + step + ")" : ""));
	}

	/** The span's {@code dl.step} (or {@code nv.dl.step}), a number or text, or {@code null}. */
	private static Object step(ReadableSpan span) {
		Object step = RankAttributeNames.read("dl.step", (name) -> span.getAttribute(AttributeKey.longKey(name)));
		return (step != null) ? step
				: RankAttributeNames.read("dl.step", (name) -> span.getAttribute(AttributeKey.stringKey(name)));
	}

	/** {@code 20 s}, or {@code 750 ms} below a second. */
	private static String age(long nanos) {
		long millis = nanos / 1_000_000;
		return (millis < 1000) ? millis + " ms" : (millis / 1000) + " s";
	}

	/**
	 * The stall now, if any.
	 * @return the innermost span open longer than the timeout at the last look, or {@code null}
	 */
	Stall stall() {
		return this.stall;
	}

	/**
	 * A span open longer than the stall timeout.
	 *
	 * @param since when it started
	 * @param spanName its name, redacted
	 */
	record Stall(Instant since, String spanName) {

		static Stall of(ReadableSpan span) {
			// One copy of one span a look, off the span path: the start time is not read otherwise.
			return new Stall(Instant.ofEpochSecond(0, span.toSpanData().getStartEpochNanos()),
					Redaction.redact(span.getName()));
		}

	}

}
