package nemo.lens.recorder;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Consumer;

import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.data.SpanData;

/**
 * The last finished spans of a rank, in a ring of fixed size: each sampled span that ends takes the
 * next slot, the oldest is dropped first, and the drops are counted. It is the one span processor of
 * a silent rank's recording SDK, in place of an exporter: no thread, no socket, no queue that grows.
 * <p>
 * The ring keeps the ended span itself and turns it into {@link SpanData} only when it is read, as
 * the SDK's batch processor does with its queue: an ended span no longer changes, and most recorded
 * spans are overwritten without ever being read, so copying each one as it ends (a lock, a wrapper,
 * a copy of its attributes) would cost every span for the few that are dumped.
 * <p>
 * Writers do not lock: a span takes a sequence number from one atomic counter and writes its slot,
 * tagged with that number, with a release compare-and-set that never replaces a later span (a
 * writer held up for a whole lap of the ring finds its slot taken, and its span counts as dropped;
 * a reader that misses the newest write reads the ring as it was a moment before). Readers ({@link #snapshot()},
 * {@link #drain()}) keep the spans whose slot still carries the number they expect, so a slot
 * overwritten while it is read is left out rather than reported twice or out of order. A span that ends while the ring is drained may be lost to the
 * drain; it is never handed over twice.
 */
public final class SpanRing implements SpanProcessor {

	private final int capacity;

	private final AtomicReferenceArray<Slot> slots;

	/** The sequence number of the next span. */
	private final AtomicLong next = new AtomicLong();

	/** The first sequence number not yet drained: spans before it were handed over. */
	private volatile long floor;

	/**
	 * Creates an empty ring.
	 * @param capacity how many spans it keeps; more than zero
	 */
	public SpanRing(int capacity) {
		if (capacity <= 0) {
			throw new IllegalArgumentException("A span ring keeps at least one span, got " + capacity + ".");
		}
		this.capacity = capacity;
		this.slots = new AtomicReferenceArray<>(capacity);
	}

	@Override
	public void onStart(Context parentContext, ReadWriteSpan span) {
	}

	@Override
	public boolean isStartRequired() {
		return false;
	}

	/** Keeps the span when it is sampled: what an exporting rank would have sent. */
	@Override
	public void onEnd(ReadableSpan span) {
		if (!span.getSpanContext().isSampled()) {
			return;
		}
		long sequence = this.next.getAndIncrement();
		int index = index(sequence);
		Slot slot = new Slot(sequence, span);
		Slot current = this.slots.getAcquire(index);
		while (current == null || current.sequence() < sequence) {
			Slot witness = this.slots.compareAndExchangeRelease(index, current, slot);
			if (witness == current) {
				return;
			}
			current = witness;
		}
		// A writer held up for a whole lap of the ring: a later span holds the slot and keeps it, and
		// this one counts as dropped.
	}

	@Override
	public boolean isEndRequired() {
		return true;
	}

	/**
	 * The spans held now, oldest first, without removing them.
	 * @return the spans and the number dropped before the oldest
	 */
	public Contents snapshot() {
		return read(this.next.get());
	}

	/**
	 * Removes and returns the spans held now, oldest first; the drop count starts again at zero.
	 * @return the spans and the number dropped before the oldest
	 */
	public synchronized Contents drain() {
		long end = this.next.get();
		Contents contents = read(end);
		this.floor = end;
		return contents;
	}

	/**
	 * How many spans the ring keeps at most.
	 * @return the capacity
	 */
	public int capacity() {
		return this.capacity;
	}

	private Contents read(long end) {
		List<SpanData> spans = new ArrayList<>();
		long dropped = visit(end, (span) -> spans.add(span.toSpanData()));
		return new Contents(Collections.unmodifiableList(spans), dropped);
	}

	/**
	 * How many spans the ring holds now and how many were dropped before the oldest, without
	 * reading the spans: what a status shows, at no cost per span held.
	 * @return the counts
	 */
	public Held held() {
		int[] held = new int[1];
		long dropped = visit(this.next.get(), (span) -> held[0]++);
		return new Held(held[0], dropped);
	}

	/**
	 * Hands each span held now to an action, oldest first, as it is, with no copy: for reading a
	 * few of its fields.
	 * @param action what to do with each span
	 */
	void forEachHeld(Consumer<ReadableSpan> action) {
		visit(this.next.get(), action);
	}

	/** Hands each span held below {@code end} to {@code held}, oldest first; returns the drops. */
	private long visit(long end, Consumer<ReadableSpan> held) {
		long floor = this.floor;
		long from = Math.max(floor, end - this.capacity);
		long overwritten = 0;
		for (long sequence = from; sequence < end; sequence++) {
			Slot slot = this.slots.get(index(sequence));
			if (slot == null || slot.sequence() < sequence) {
				// Its writer took the number but has not written yet: the span is not finished here.
				continue;
			}
			if (slot.sequence() == sequence) {
				held.accept(slot.span());
			}
			else {
				overwritten++;
			}
		}
		return (from - floor) + overwritten;
	}

	private int index(long sequence) {
		return (int) (sequence % this.capacity);
	}

	@Override
	public CompletableResultCode shutdown() {
		return CompletableResultCode.ofSuccess();
	}

	@Override
	public CompletableResultCode forceFlush() {
		return CompletableResultCode.ofSuccess();
	}

	@Override
	public String toString() {
		return "SpanRing{capacity=" + this.capacity + "}";
	}

	/**
	 * What a ring held when it was read.
	 *
	 * @param spans the spans, oldest first; unmodifiable
	 * @param dropped how many spans ended before the oldest held (since the ring was last drained)
	 * and are no longer held
	 */
	public record Contents(List<SpanData> spans, long dropped) {

	}

	/**
	 * How much a ring held when it was counted.
	 *
	 * @param spans how many spans it held
	 * @param dropped how many spans ended before the oldest held (since the ring was last drained)
	 */
	public record Held(int spans, long dropped) {

	}

	private record Slot(long sequence, ReadableSpan span) {

	}

}
