package nemo.lens.sample.e2e;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One span as it arrived over OTLP, with the resource that sent it. Ids are lower-case hex, as the
 * W3C trace context writes them; a root span has an empty {@code parentSpanId}.
 *
 * @param resource the sending resource
 * @param scopeName the instrumentation scope's name
 * @param name the span name
 * @param traceId 32 hex characters
 * @param spanId 16 hex characters
 * @param parentSpanId 16 hex characters, or empty for a root span
 * @param startEpochNanos start time
 * @param endEpochNanos end time
 * @param attributes the span attributes, decoded as for {@link ReceivedResource}
 */
public record ReceivedSpan(ReceivedResource resource, String scopeName, String name, String traceId, String spanId,
		String parentSpanId, long startEpochNanos, long endEpochNanos, Map<String, Object> attributes) {

	public ReceivedSpan {
		attributes = OtlpDecoder.unmodifiable(attributes);
	}

	/** The sending resource's {@code dl.rank}. */
	public OptionalLong rank() {
		return this.resource.rank();
	}

	/** A span attribute by key, such as {@code nemo.span.truncated}; empty when absent. */
	public Optional<Object> attribute(String key) {
		return Optional.ofNullable(this.attributes.get(key));
	}

}
