package nemo.lens.sample.e2e;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One log record as it arrived over OTLP, with the resource that sent it.
 *
 * @param resource the sending resource
 * @param scopeName the instrumentation scope's name
 * @param severityText the severity text, possibly empty
 * @param body the body: a string body as it is, any other value as {@link String#valueOf} of its
 * decoded form
 * @param traceId 32 hex characters, or empty outside a span
 * @param spanId 16 hex characters, or empty outside a span
 * @param attributes the record attributes, decoded as for {@link ReceivedResource}
 */
public record ReceivedLogRecord(ReceivedResource resource, String scopeName, String severityText, String body,
		String traceId, String spanId, Map<String, Object> attributes) {

	public ReceivedLogRecord {
		attributes = OtlpDecoder.unmodifiable(attributes);
	}

	/** The sending resource's {@code dl.rank}. */
	public OptionalLong rank() {
		return this.resource.rank();
	}

	/** A record attribute by key; empty when absent. */
	public Optional<Object> attribute(String key) {
		return Optional.ofNullable(this.attributes.get(key));
	}

}
