package nemo.lens.recorder;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.common.KeyValue;
import io.opentelemetry.api.common.Value;
import io.opentelemetry.api.common.ValueType;
import io.opentelemetry.api.logs.Severity;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.sdk.common.InstrumentationScopeInfo;
import io.opentelemetry.sdk.logs.data.Body;
import io.opentelemetry.sdk.logs.data.LogRecordData;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.data.DelegatingSpanData;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.data.StatusData;
import nemo.lens.env.Redaction;

/**
 * What a dump holds, with the redaction Lens applies to what it logs ({@link Redaction}): a dump
 * lands on shared scratch space, and spans carry what the application put on them, such as a
 * database URL with its password, and the resource carries what the environment put in it
 * ({@code OTEL_RESOURCE_ATTRIBUTES}, {@code OTEL_SERVICE_NAME}). Resource attributes, span and
 * event names, attribute values (of spans, events and links, among them
 * {@code exception.message} and {@code exception.stacktrace}), status messages, and log record
 * bodies (structured ones included), event names and attributes lose what {@link Redaction#redact}
 * removes; an array of strings is judged as a whole ({@code ["--password", "..."]}), and an
 * attribute or a body's entry whose key names a credential ({@code db.password}) keeps its key and
 * loses its whole value.
 */
final class DumpRedaction {

	private DumpRedaction() {
	}

	/** A recorded span, redacted, under the dump's resource (redacted by {@link #resource}). */
	static SpanData span(SpanData span, Resource resource) {
		return new RedactedSpan(span, resource);
	}

	/**
	 * Recorded log records, redacted, each under the resource it was emitted with, redacted once
	 * for all the records that share it.
	 */
	static List<LogRecordData> logRecords(List<LogRecordData> records) {
		Map<Resource, Resource> redacted = new IdentityHashMap<>();
		return records.stream()
			.map((record) -> (LogRecordData) new RedactedLogRecord(record,
					redacted.computeIfAbsent(record.getResource(), DumpRedaction::resource)))
			.toList();
	}

	/** A resource with its attributes redacted, as any other attributes. */
	static Resource resource(Resource resource) {
		Attributes attributes = attributes(resource.getAttributes());
		return (attributes == resource.getAttributes()) ? resource
				: Resource.create(attributes, resource.getSchemaUrl());
	}

	static Attributes attributes(Attributes attributes) {
		if (attributes.isEmpty()) {
			return attributes;
		}
		AttributesBuilder redacted = Attributes.builder();
		attributes.forEach((key, value) -> put(redacted, key, value));
		return redacted.build();
	}

	/**
	 * A log body, structured ones included: a string redacted, an array of strings judged as a
	 * whole ({@link Redaction#redactValues}), the value under a key that names a credential withheld
	 * whole at any depth of a key-value list, other values as they are.
	 */
	@SuppressWarnings("unchecked")
	private static Value<?> value(Value<?> value) {
		return switch (value.getType()) {
			case STRING -> Value.of(Redaction.redact((String) value.getValue()));
			case ARRAY -> array((List<Value<?>>) value.getValue());
			case KEY_VALUE_LIST -> Value.of(((List<KeyValue>) value.getValue()).stream()
				.map((entry) -> KeyValue.of(entry.getKey(),
						Redaction.isCredentialKey(entry.getKey()) ? Value.of(Redaction.REDACTED) : value(entry.getValue())))
				.toArray(KeyValue[]::new));
			default -> value;
		};
	}

	private static Value<?> array(List<Value<?>> values) {
		if (values.stream().allMatch((element) -> element.getType() == ValueType.STRING)) {
			return Value.of(Redaction.redactValues(values.stream().map((element) -> (String) element.getValue()).toList())
				.stream()
				.map(Value::of)
				.toArray(Value[]::new));
		}
		return Value.of(values.stream().map(DumpRedaction::value).toArray(Value[]::new));
	}

	@SuppressWarnings("unchecked")
	private static void put(AttributesBuilder redacted, AttributeKey<?> key, Object value) {
		if (Redaction.isCredentialKey(key.getKey())) {
			redacted.put(AttributeKey.stringKey(key.getKey()), Redaction.REDACTED);
			return;
		}
		switch (key.getType()) {
			case STRING -> redacted.put((AttributeKey<String>) key, Redaction.redact((String) value));
			case STRING_ARRAY -> redacted.put((AttributeKey<List<String>>) key, Redaction.redactValues((List<String>) value));
			default -> redacted.put((AttributeKey<Object>) key, value);
		}
	}

	private static final class RedactedSpan extends DelegatingSpanData {

		private final Resource resource;

		RedactedSpan(SpanData span, Resource resource) {
			super(span);
			this.resource = resource;
		}

		@Override
		public Resource getResource() {
			return this.resource;
		}

		@Override
		public String getName() {
			return Redaction.redact(super.getName());
		}

		@Override
		public Attributes getAttributes() {
			return attributes(super.getAttributes());
		}

		@Override
		public List<EventData> getEvents() {
			return super.getEvents()
				.stream()
				.map((event) -> EventData.create(event.getEpochNanos(), Redaction.redact(event.getName()),
						attributes(event.getAttributes()),
						event.getTotalAttributeCount()))
				.toList();
		}

		@Override
		public List<LinkData> getLinks() {
			return super.getLinks()
				.stream()
				.map((link) -> LinkData.create(link.getSpanContext(), attributes(link.getAttributes()),
						link.getTotalAttributeCount()))
				.toList();
		}

		@Override
		public StatusData getStatus() {
			StatusData status = super.getStatus();
			String description = status.getDescription();
			return (description == null || description.isEmpty()) ? status
					: StatusData.create(status.getStatusCode(), Redaction.redact(description));
		}

	}

	private static final class RedactedLogRecord implements LogRecordData {

		private final LogRecordData record;

		private final Resource resource;

		RedactedLogRecord(LogRecordData record, Resource resource) {
			this.record = record;
			this.resource = resource;
		}

		@Override
		public Resource getResource() {
			return this.resource;
		}

		@Override
		public InstrumentationScopeInfo getInstrumentationScopeInfo() {
			return this.record.getInstrumentationScopeInfo();
		}

		@Override
		public long getTimestampEpochNanos() {
			return this.record.getTimestampEpochNanos();
		}

		@Override
		public long getObservedTimestampEpochNanos() {
			return this.record.getObservedTimestampEpochNanos();
		}

		@Override
		public SpanContext getSpanContext() {
			return this.record.getSpanContext();
		}

		@Override
		public Severity getSeverity() {
			return this.record.getSeverity();
		}

		@Override
		public String getSeverityText() {
			return this.record.getSeverityText();
		}

		@Override
		@Deprecated
		@SuppressWarnings("deprecation")
		public Body getBody() {
			Body body = this.record.getBody();
			return (body.getType() == Body.Type.STRING) ? Body.string(Redaction.redact(body.asString())) : body;
		}

		@Override
		public Value<?> getBodyValue() {
			Value<?> body = this.record.getBodyValue();
			return (body != null) ? value(body) : null;
		}

		@Override
		public Attributes getAttributes() {
			return attributes(this.record.getAttributes());
		}

		@Override
		public int getTotalAttributeCount() {
			return this.record.getTotalAttributeCount();
		}

		/** The event name, where the SDK has one (it is a default method of newer SDKs only). */
		public String getEventName() {
			return Redaction.redact(this.record.getEventName());
		}

	}

}
