package nemo.lens.recorder;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.data.DelegatingSpanData;
import io.opentelemetry.sdk.trace.data.SpanData;

/**
 * The spans a rank has started and not ended, as a dump shows them: each an OTLP span that ends at
 * the dump's time, marked {@value #ATTRIBUTE}, its parent intact, so that a reader sees the chain
 * ({@code train.step > allreduce}) the rank is inside. At most a bound of them, the oldest kept:
 * the outer spans of a chain started first, and a rank that leaks spans must not make its dumps
 * grow without end.
 */
final class OpenSpans {

	/** The boolean attribute that marks a span still open at the dump. */
	static final String ATTRIBUTE = "nemo.span.open";

	private static final AttributeKey<Boolean> OPEN = AttributeKey.booleanKey(ATTRIBUTE);

	private OpenSpans() {
	}

	/**
	 * The open spans as a dump holds them, oldest first.
	 * @param open spans started and not ended (those that ended meanwhile are left out)
	 * @param dumpNanos the dump's time, the end of each, in epoch nanoseconds
	 * @param limit how many at most; the oldest are kept
	 * @return the spans
	 */
	static List<SpanData> at(Collection<ReadableSpan> open, long dumpNanos, int limit) {
		List<SpanData> oldestFirst = new ArrayList<>(open.size());
		for (ReadableSpan span : open) {
			SpanData data = span.toSpanData();
			if (!data.hasEnded()) {
				oldestFirst.add(data);
			}
		}
		oldestFirst.sort(Comparator.comparingLong(SpanData::getStartEpochNanos));
		return oldestFirst.stream()
			.limit(limit)
			.<SpanData>map((span) -> new OpenSpan(span, Math.max(dumpNanos, span.getStartEpochNanos())))
			.toList();
	}

	/** An open span as the dump shows it: ended at the dump, marked open. */
	private static final class OpenSpan extends DelegatingSpanData {

		private final long endNanos;

		private final Attributes attributes;

		OpenSpan(SpanData span, long endNanos) {
			super(span);
			this.endNanos = endNanos;
			this.attributes = span.getAttributes().toBuilder().put(OPEN, true).build();
		}

		@Override
		public long getEndEpochNanos() {
			return this.endNanos;
		}

		@Override
		public boolean hasEnded() {
			return true;
		}

		@Override
		public Attributes getAttributes() {
			return this.attributes;
		}

		@Override
		public int getTotalAttributeCount() {
			return super.getTotalAttributeCount() + 1;
		}

	}

}
