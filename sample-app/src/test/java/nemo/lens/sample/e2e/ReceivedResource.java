package nemo.lens.sample.e2e;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The resource that sent a batch: one process, and in a Lens job one rank. Values are decoded from
 * OTLP {@code AnyValue}s: {@link String}, {@link Long}, {@link Double}, {@link Boolean},
 * {@code byte[]}, {@link java.util.List} or {@link Map}.
 *
 * @param attributes the resource attributes, in the order they arrived
 */
public record ReceivedResource(Map<String, Object> attributes) {

	static final String RANK = "dl.rank";

	public ReceivedResource {
		attributes = OtlpDecoder.unmodifiable(attributes);
	}

	/**
	 * The {@code dl.rank} attribute. Lens sends it as an integer; a rank sent as a string (for
	 * example through {@code OTEL_RESOURCE_ATTRIBUTES}) is deliberately not read as one, so a test
	 * notices that the rank resource was not applied.
	 */
	public OptionalLong rank() {
		return (this.attributes.get(RANK) instanceof Long rank) ? OptionalLong.of(rank) : OptionalLong.empty();
	}

	/** The {@code service.name} attribute, or {@code null}. */
	public String serviceName() {
		return string("service.name");
	}

	/** The {@code service.instance.id} attribute, or {@code null}. */
	public String serviceInstanceId() {
		return string("service.instance.id");
	}

	/** Any attribute by key, empty when absent. */
	public Optional<Object> attribute(String key) {
		return Optional.ofNullable(this.attributes.get(key));
	}

	private String string(String key) {
		return (this.attributes.get(key) instanceof String value) ? value : null;
	}

}
