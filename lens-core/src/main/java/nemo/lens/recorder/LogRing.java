package nemo.lens.recorder;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.List;

import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.logs.LogRecordProcessor;
import io.opentelemetry.sdk.logs.ReadWriteLogRecord;
import io.opentelemetry.sdk.logs.data.LogRecordData;

/**
 * The last log records of a rank that does not export logs, in a queue of fixed size: the oldest is
 * dropped first and the drops are counted. It is the one log record processor of a silent rank's
 * recording SDK, beside the {@link SpanRing}: no thread, no socket.
 * <p>
 * Unlike the span ring it takes a lock per record: a log record has been formatted, and often
 * written to a console, before it gets here, so the lock is a small part of its cost.
 */
public final class LogRing implements LogRecordProcessor {

	private final int capacity;

	private final ArrayDeque<LogRecordData> records;

	/** Guarded by {@code records}: dropped since the last drain. */
	private long dropped;

	/**
	 * Creates an empty ring.
	 * @param capacity how many log records it keeps; more than zero
	 */
	public LogRing(int capacity) {
		if (capacity <= 0) {
			throw new IllegalArgumentException("A log ring keeps at least one record, got " + capacity + ".");
		}
		this.capacity = capacity;
		this.records = new ArrayDeque<>(capacity);
	}

	@Override
	public void onEmit(Context context, ReadWriteLogRecord logRecord) {
		add(logRecord.toLogRecordData());
	}

	void add(LogRecordData record) {
		synchronized (this.records) {
			if (this.records.size() == this.capacity) {
				this.records.removeFirst();
				this.dropped++;
			}
			this.records.addLast(record);
		}
	}

	/**
	 * The log records held now, oldest first, without removing them.
	 * @return the records and the number dropped before the oldest
	 */
	public Contents snapshot() {
		synchronized (this.records) {
			return new Contents(List.copyOf(this.records), this.dropped);
		}
	}

	/**
	 * Removes and returns the log records held now, oldest first; the drop count starts again at zero.
	 * @return the records and the number dropped before the oldest
	 */
	public Contents drain() {
		synchronized (this.records) {
			Contents contents = new Contents(List.copyOf(this.records), this.dropped);
			this.records.clear();
			this.dropped = 0;
			return contents;
		}
	}

	/**
	 * How many log records the ring keeps at most.
	 * @return the capacity
	 */
	public int capacity() {
		return this.capacity;
	}

	@Override
	public CompletableResultCode shutdown() {
		return CompletableResultCode.ofSuccess();
	}

	@Override
	public String toString() {
		return "LogRing{capacity=" + this.capacity + "}";
	}

	/**
	 * What a ring held when it was read.
	 *
	 * @param records the log records, oldest first; unmodifiable
	 * @param dropped how many records were emitted before the oldest held (since the ring was last
	 * drained) and are no longer held
	 */
	public record Contents(List<LogRecordData> records, long dropped) {

		/** Nothing held, nothing dropped: what a rank that records no logs dumps. */
		public static final Contents EMPTY = new Contents(Collections.emptyList(), 0);

	}

}
