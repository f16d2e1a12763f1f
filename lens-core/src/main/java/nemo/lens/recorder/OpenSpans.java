package nemo.lens.recorder;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.data.DelegatingSpanData;
import io.opentelemetry.sdk.trace.data.SpanData;
import nemo.lens.sdk.ExportingTelemetry;

/**
 * The spans a rank has started and not ended, as a dump shows them: each an OTLP span that ends at
 * the dump's time, marked {@value #ATTRIBUTE}, its parent intact, so that a reader sees the chain
 * ({@code train.step > allreduce}) the rank is inside. At most a bound of them, the oldest kept:
 * the outer spans of a chain started first, and a rank that leaks spans must not make its dumps
 * grow without end.
 * <p>
 * An HTTP server span that Spring Boot names only when it ends ({@value #UNNAMED} while it is open)
 * is named by its method and route, or path, as it will be named ({@code GET /orders/{id}}). The
 * spans open at the rank's end (the exit dump) are marked {@code nemo.span.truncated=true} too, as
 * the exporting SDK marks the spans it ends at shutdown.
 */
final class OpenSpans {

	/** The boolean attribute that marks a span still open at the dump. */
	static final String ATTRIBUTE = "nemo.span.open";

	private static final AttributeKey<Boolean> OPEN = AttributeKey.booleanKey(ATTRIBUTE);

	private static final AttributeKey<Boolean> TRUNCATED = AttributeKey.booleanKey(ExportingTelemetry.TRUNCATED_ATTRIBUTE);

	/** The name the SDK gives a span started without one: Boot's server spans, until they end. */
	static final String UNNAMED = "<unspecified span name>";

	/** The method, then the route or path, each under its current and its older semantic name. */
	private static final List<AttributeKey<String>> METHOD = List.of(AttributeKey.stringKey("http.request.method"),
			AttributeKey.stringKey("http.method"));

	private static final List<AttributeKey<String>> ROUTE = List.of(AttributeKey.stringKey("http.route"),
			AttributeKey.stringKey("url.path"), AttributeKey.stringKey("http.target"));

	private OpenSpans() {
	}

	/**
	 * The open spans as a dump holds them, oldest first.
	 * @param open spans started and not ended (those that ended meanwhile are left out)
	 * @param dumpNanos the dump's time, the end of each, in epoch nanoseconds
	 * @param limit how many at most; the oldest are kept
	 * @param truncated whether the rank ends with them open: each is marked truncated too
	 * @return the spans
	 */
	static List<SpanData> at(Collection<ReadableSpan> open, long dumpNanos, int limit, boolean truncated) {
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
			.<SpanData>map((span) -> new OpenSpan(span, Math.max(dumpNanos, span.getStartEpochNanos()), truncated))
			.toList();
	}

	/**
	 * The name of an open span: its own, or for a server span not named yet, its method and route
	 * (or path), when it carries them.
	 * @param name the span's name now
	 * @param attributes reads one of its attributes, {@code null} when absent
	 * @return the name to show
	 */
	static String name(String name, Function<AttributeKey<String>, String> attributes) {
		if (!UNNAMED.equals(name) && !name.isBlank()) {
			return name;
		}
		String method = first(METHOD, attributes);
		if (method == null) {
			return name;
		}
		String route = first(ROUTE, attributes);
		return (route != null) ? method + " " + route : method;
	}

	private static String first(List<AttributeKey<String>> keys, Function<AttributeKey<String>, String> attributes) {
		for (AttributeKey<String> key : keys) {
			String value = attributes.apply(key);
			if (value != null && !value.isBlank()) {
				return value;
			}
		}
		return null;
	}

	/** An open span as the dump shows it: ended at the dump, marked open, named. */
	private static final class OpenSpan extends DelegatingSpanData {

		private final long endNanos;

		private final Attributes attributes;

		private final String name;

		/** The attributes the dump adds: open, and truncated at the end. */
		private final int added;

		OpenSpan(SpanData span, long endNanos, boolean truncated) {
			super(span);
			this.endNanos = endNanos;
			AttributesBuilder marked = span.getAttributes().toBuilder().put(OPEN, true);
			this.attributes = (truncated ? marked.put(TRUNCATED, true) : marked).build();
			this.name = OpenSpans.name(span.getName(), span.getAttributes()::get);
			this.added = truncated ? 2 : 1;
		}

		@Override
		public String getName() {
			return this.name;
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
			return super.getTotalAttributeCount() + this.added;
		}

	}

}
