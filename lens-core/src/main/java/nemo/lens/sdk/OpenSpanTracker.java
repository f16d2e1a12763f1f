package nemo.lens.sdk;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;

import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SpanProcessor;

/**
 * Keeps the books on an exporting rank's spans: which have started and not ended, so that
 * shutdown can end them, marked {@value #TRUNCATED_ATTRIBUTE}, instead of losing long-lived spans
 * at exit (as NeMo Lens 0.2.0 does); and how many sampled spans ended, which the delivery ledger
 * compares with what reached the collector. A recording SDK keeps the same books, so that a flight
 * recorder dump shows the spans a rank is still in ({@link #openSpans()}), read off the span path.
 * <p>
 * It sits on every span of an exporting rank (and of a recording one), so it must cost far less than the span itself: a
 * concurrent hash set allocated a node and cost about 55 ns per span (the benchmarks' exporting
 * rank was 25-45% slower than the SDK alone). Spans live instead in a fixed table of slots indexed
 * by their span id, probed over a short window, with no allocation. What a span still pays, about
 * 20 ns of its thread's CPU, is a third the SDK calling one more processor and reading the id, and
 * the rest the compare-and-set that claims the slot with the collector's barrier on storing a new
 * object into an old table (a plain store cost as much; see BENCHMARKS.md, 2026-12-07).
 * <p>
 * The table is all it holds, so a span an application never ends costs at most a slot: a span
 * whose window is full is not tracked, only counted ({@link #untrackedSpans()}), and the spans of
 * that window are held weakly from then on, so that those nobody else holds (abandoned, never to
 * end) are collected and their slots taken again. A million spans never ended leave at most a
 * table of spans behind, not a million (before, a set took the spans of a full window, and kept
 * every leaked span: 250,000 of them took 197 MB).
 */
final class OpenSpanTracker implements SpanProcessor {

	static final String TRUNCATED_ATTRIBUTE = "nemo.span.truncated";

	/**
	 * How many spans open at once a tracker follows at most, the ceiling docs/flight-recorder.md
	 * states: as many as the flight recorder's ring holds by default, so that spans never ended cost
	 * at worst what a full ring costs; and a table small enough to stay in the cache (one of 4,096
	 * slots cost a span about 5 ns more, 2026-12-07).
	 */
	static final int DEFAULT_SLOTS = 2048;

	private static final int PROBES = 8;

	private static final int HOME_DIGITS = 4;

	/**
	 * Each slot is empty, holds a span, or holds one {@link Weakened}: a span of a window found
	 * full, which stays tracked while something else holds it.
	 */
	private final AtomicReferenceArray<Object> slots;

	private final int mask;

	/**
	 * Sampled spans ended while in slot {@code i}: written only by the thread ending the span that
	 * holds the slot, before it frees the slot, so the slot's own handover (a compare-and-set to
	 * claim it, a release store to free it) orders every write and no atomic is needed here.
	 */
	private final long[] endedInSlot;

	/** Sampled spans ended outside the table: those that found their window full. */
	private final LongAdder endedElsewhere = new LongAdder();

	/** Spans that found their window full, and were not tracked. */
	private final LongAdder untracked = new LongAdder();

	OpenSpanTracker() {
		this(DEFAULT_SLOTS);
	}

	/**
	 * Creates a tracker with a table of the given size.
	 * @param slots a power of two
	 */
	OpenSpanTracker(int slots) {
		if (Integer.bitCount(slots) != 1 || slots < PROBES) {
			throw new IllegalArgumentException("slots must be a power of two of at least " + PROBES + ", got " + slots);
		}
		this.slots = new AtomicReferenceArray<>(slots);
		this.endedInSlot = new long[slots];
		this.mask = slots - 1;
	}

	@Override
	public void onStart(Context parentContext, ReadWriteSpan span) {
		int home = home(span);
		for (int probe = 0; probe < PROBES; probe++) {
			int index = (home + probe) & this.mask;
			Object held = this.slots.get(index);
			if ((held == null || isCollected(held)) && this.slots.compareAndSet(index, held, span)) {
				return;
			}
		}
		this.untracked.increment();
		weaken(home);
	}

	/**
	 * Holds the spans of a full window weakly: an abandoned span is then collected and its slot
	 * taken by a later span, while a span its application still holds stays tracked. A span that
	 * ends meanwhile frees its slot as usual; the compare-and-set never replaces another span.
	 */
	private void weaken(int home) {
		for (int probe = 0; probe < PROBES; probe++) {
			int index = (home + probe) & this.mask;
			Object held = this.slots.get(index);
			if (held instanceof ReadWriteSpan span) {
				this.slots.compareAndSet(index, span, new Weakened(span));
			}
		}
	}

	/** Whether a slot holds a span only weakly, and it has been collected: it never ends, and the slot is free. */
	private static boolean isCollected(Object held) {
		return held instanceof Weakened weak && weak.refersTo(null);
	}

	/** The span a slot holds, or {@code null}: the slot is empty, or its span was collected. */
	private static ReadWriteSpan span(Object held) {
		return (ReadWriteSpan) ((held instanceof Weakened weak) ? weak.get() : held);
	}

	@Override
	public boolean isStartRequired() {
		return true;
	}

	@Override
	public void onEnd(ReadableSpan span) {
		boolean sampled = span.getSpanContext().isSampled();
		int home = home(span);
		for (int probe = 0; probe < PROBES; probe++) {
			int index = (home + probe) & this.mask;
			Object held = this.slots.get(index);
			if (held == span || (held instanceof Weakened weak && weak.refersTo(span))) {
				if (sampled) {
					this.endedInSlot[index]++;
				}
				// A release store: it publishes the count to the next owner of the slot, a start
				// that still sees the span here only probes on, and shutdown skips ended spans.
				this.slots.setRelease(index, null);
				return;
			}
		}
		if (sampled) {
			this.endedElsewhere.increment();
		}
	}

	@Override
	public boolean isEndRequired() {
		return true;
	}

	/**
	 * The span's home slot, from the last four hex digits of its span id: random, already computed
	 * by the SDK, and cheaper to read than {@link System#identityHashCode}, which must install a
	 * hash in the header of every new span.
	 */
	private static int home(ReadableSpan span) {
		String spanId = span.getSpanContext().getSpanId();
		int home = 0;
		for (int index = Math.max(0, spanId.length() - HOME_DIGITS); index < spanId.length(); index++) {
			char digit = spanId.charAt(index);
			// The value of a hex digit without a branch: '0'-'9' are 0x30-0x39, 'a'-'f' 0x61-0x66.
			home = (home << 4) | ((digit & 0xF) + 9 * (digit >> 6));
		}
		return home;
	}

	/**
	 * Returns how many sampled spans have ended.
	 * @return the count
	 */
	long endedSampledSpans() {
		long ended = this.endedElsewhere.sum();
		for (int index = 0; index < this.endedInSlot.length; index++) {
			// Reading the slot first orders this read after the count written by its last owner.
			this.slots.get(index);
			ended += this.endedInSlot[index];
		}
		return ended;
	}

	/**
	 * Returns how many spans found their window of the table full and were not tracked: nothing
	 * ends them at shutdown and no dump shows them while they are open. Many mean many spans open
	 * at once, or spans an application never ends.
	 * @return the count
	 */
	long untrackedSpans() {
		return this.untracked.sum();
	}

	/**
	 * Whether a span started on this SDK has not ended yet: what a switch-off waits for before it
	 * closes the SDK, so that spans under way end whole.
	 * @return whether a span is open
	 */
	boolean hasOpenSpans() {
		for (int index = 0; index < this.slots.length(); index++) {
			ReadWriteSpan span = span(this.slots.get(index));
			if (span != null && !span.hasEnded()) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The sampled spans started on this SDK and not ended yet, in no particular order: what a flight
	 * recorder dump shows as the step a rank is in. A read of the table, off the span path.
	 * @return the open spans
	 */
	List<ReadableSpan> openSpans() {
		List<ReadableSpan> open = new ArrayList<>();
		for (int index = 0; index < this.slots.length(); index++) {
			ReadWriteSpan span = span(this.slots.get(index));
			if (span != null && !span.hasEnded() && span.getSpanContext().isSampled()) {
				open.add(span);
			}
		}
		return open;
	}

	/**
	 * Ends every span still open, marked truncated.
	 * @return how many spans were ended
	 */
	int endOpenSpans() {
		int ended = 0;
		for (int index = 0; index < this.slots.length(); index++) {
			// Left in place: ending the span frees its slot, so only a span's ender ever frees one.
			ReadWriteSpan span = span(this.slots.get(index));
			if (span != null && truncate(span)) {
				ended++;
			}
		}
		return ended;
	}

	private static boolean truncate(ReadWriteSpan span) {
		if (span.hasEnded()) {
			return false;
		}
		span.setAttribute(TRUNCATED_ATTRIBUTE, true);
		span.end();
		return true;
	}

	/** A span of a full window, held weakly: its slot is free again once it is collected. */
	private static final class Weakened extends WeakReference<ReadableSpan> {

		Weakened(ReadWriteSpan span) {
			super(span);
		}

	}

}
