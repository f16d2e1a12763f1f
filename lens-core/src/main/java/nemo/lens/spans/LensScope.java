package nemo.lens.spans;

import java.io.PrintWriter;
import java.io.StringWriter;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import nemo.lens.env.Redaction;

/**
 * A started helper span, current until closed: close it with try-with-resources. Closing ends the
 * span and restores the context that was current before. In a disabled group or on a silent rank
 * it is one shared instance whose span is {@link Span#getInvalid()} and whose methods do nothing.
 * <p>
 * A try-with-resources block cannot see the exception that leaves it: call
 * {@link #recordException(Throwable)} in a {@code catch}, or use
 * {@link LensSpanBuilder#run(Runnable)} / {@link LensSpanBuilder#call(java.util.function.Supplier)},
 * which do.
 */
public final class LensScope implements AutoCloseable {

	private static final AttributeKey<String> EXCEPTION_TYPE = AttributeKey.stringKey("exception.type");

	private static final AttributeKey<String> EXCEPTION_MESSAGE = AttributeKey.stringKey("exception.message");

	private static final AttributeKey<String> EXCEPTION_STACKTRACE = AttributeKey.stringKey("exception.stacktrace");

	static final LensScope NOOP = new LensScope(Span.getInvalid(), Scope.noop(), AttributeRules.DEFAULT);

	private final Span span;

	private final Scope scope;

	private final AttributeRules rules;

	LensScope(Span span, Scope scope, AttributeRules rules) {
		this.span = span;
		this.scope = scope;
		this.rules = rules;
	}

	/**
	 * The span: the started one, or {@link Span#getInvalid()} when nothing is recorded.
	 * @return the span
	 */
	public Span span() {
		return this.span;
	}

	/**
	 * Whether this span records (its group is enabled and this rank exports). Build costly
	 * attributes only when it does.
	 * @return whether recording
	 */
	public boolean isRecording() {
		return this != NOOP;
	}

	/**
	 * Sets an attribute by {@link AttributeRules}.
	 * @param key the key
	 * @param value the value, of any type
	 * @return this scope
	 */
	public LensScope attribute(String key, Object value) {
		if (this != NOOP) {
			this.rules.set(this.span, key, value);
		}
		return this;
	}

	/**
	 * Sets a whole-number attribute.
	 * @param key the key
	 * @param value the value
	 * @return this scope
	 */
	public LensScope attribute(String key, long value) {
		if (this != NOOP && key != null) {
			this.span.setAttribute(key, value);
		}
		return this;
	}

	/**
	 * Records an exception as an event and sets the span's status to {@link StatusCode#ERROR}, as
	 * Python's {@code managed_span} does. Its message and stack trace are redacted first
	 * ({@link Redaction}): an exception often names the URL it failed on, credentials included.
	 * @param exception the exception
	 * @return this scope
	 */
	public LensScope recordException(Throwable exception) {
		if (this != NOOP && exception != null) {
			StringWriter stackTrace = new StringWriter();
			exception.printStackTrace(new PrintWriter(stackTrace));
			String message = Redaction.redact(exception.getMessage());
			AttributesBuilder event = Attributes.builder()
				.put(EXCEPTION_TYPE, exception.getClass().getName())
				.put(EXCEPTION_STACKTRACE, Redaction.redact(stackTrace.toString()));
			if (message != null) {
				event.put(EXCEPTION_MESSAGE, message);
			}
			this.span.addEvent("exception", event.build());
			this.span.setStatus(StatusCode.ERROR, (message != null) ? message : exception.getClass().getName());
		}
		return this;
	}

	/**
	 * Ends the span and restores the previous context.
	 */
	@Override
	public void close() {
		if (this != NOOP) {
			this.scope.close();
			this.span.end();
		}
	}

}
