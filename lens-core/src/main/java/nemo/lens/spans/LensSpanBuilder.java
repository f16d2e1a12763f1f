package nemo.lens.spans;

import java.util.Objects;
import java.util.function.Supplier;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;

/**
 * One helper span before it starts, from {@code TelemetryHandle.span(name)}:
 * <pre>{@code
 * try (LensScope scope = handle.span("train.step").group(SpanGroups.STEP).attribute("dl.step", i).start()) {
 *     ...
 * }
 * handle.span("checkpoint.save").group(SpanGroups.CHECKPOINT).run(() -> save());
 * }</pre>
 * A span without a group is always emitted on an exporting rank (Python's {@code span_cm}); with
 * a group it is emitted only while the group is enabled ({@code managed_span}). When it is not
 * emitted, on a silent rank or in a disabled group, no OpenTelemetry object is touched: the
 * setters return at once and {@link #start()} returns one shared no-op scope, leaving the current
 * context (and so propagation) as it was.
 * <p>
 * With the job trace on, a span started while no span is current is parented on the job's
 * context ({@link JobTrace}). Not thread-safe: build and start it on one thread.
 */
public final class LensSpanBuilder {

	private final LensSpans spans;

	private final String name;

	private boolean active;

	private SpanBuilder builder;

	private long stageStep = -1;

	LensSpanBuilder(LensSpans spans, String name) {
		this.spans = spans;
		this.name = Objects.requireNonNull(name, "name must not be null");
		this.active = spans.recording();
	}

	/**
	 * Puts the span in a group; it is emitted only while the group is enabled, checked now.
	 * @param group the group name, such as {@link SpanGroups#STEP}
	 * @return this builder
	 */
	public LensSpanBuilder group(String group) {
		this.active = this.active && this.spans.groups().isEnabled(group);
		return this;
	}

	/**
	 * Whether the span will be emitted: this rank exports and the group is enabled.
	 * @return whether enabled
	 */
	public boolean isEnabled() {
		return this.active;
	}

	/**
	 * Sets an attribute by {@link AttributeRules} (null-safe, bounded, redacted).
	 * @param key the key
	 * @param value the value, of any type
	 * @return this builder
	 */
	public LensSpanBuilder attribute(String key, Object value) {
		if (this.active) {
			this.spans.rules().set(otel(), key, value);
		}
		return this;
	}

	/**
	 * Sets a whole-number attribute (no boxing).
	 * @param key the key
	 * @param value the value
	 * @return this builder
	 */
	public LensSpanBuilder attribute(String key, long value) {
		if (this.active && key != null) {
			otel().setAttribute(key, value);
		}
		return this;
	}

	/**
	 * Sets a floating-point attribute (no boxing).
	 * @param key the key
	 * @param value the value
	 * @return this builder
	 */
	public LensSpanBuilder attribute(String key, double value) {
		if (this.active && key != null) {
			otel().setAttribute(key, value);
		}
		return this;
	}

	/**
	 * Sets a boolean attribute (no boxing).
	 * @param key the key
	 * @param value the value
	 * @return this builder
	 */
	public LensSpanBuilder attribute(String key, boolean value) {
		if (this.active && key != null) {
			otel().setAttribute(key, value);
		}
		return this;
	}

	/**
	 * Sets the span kind.
	 * @param kind the kind
	 * @return this builder
	 */
	public LensSpanBuilder kind(SpanKind kind) {
		if (this.active) {
			otel().setSpanKind(kind);
		}
		return this;
	}

	/**
	 * Links the span to another span, related but not its parent.
	 * @param context the linked span's context; ignored when invalid
	 * @return this builder
	 */
	public LensSpanBuilder link(SpanContext context) {
		if (this.active && context != null && context.isValid()) {
			otel().addLink(context);
		}
		return this;
	}

	/**
	 * Marks the span as step {@code step} of this rank's stage: with the job trace on and no span
	 * current, it is parented on {@link JobTrace#stage(int, long)} of this rank, which is what the
	 * next stage links to with {@link #linkToRank(int, long)}.
	 * @param step the step
	 * @return this builder
	 */
	public LensSpanBuilder stage(long step) {
		this.stageStep = step;
		return this;
	}

	/**
	 * Links the span to step {@code step} of another rank (a pipeline stage to the stage before
	 * it), through {@link JobTrace#stage(int, long)}; the link carries {@code dl.rank} and
	 * {@code dl.step}. Needs the job trace; without it nothing is linked.
	 * @param rank the other rank
	 * @param step its step
	 * @return this builder
	 */
	public LensSpanBuilder linkToRank(int rank, long step) {
		JobTrace jobTrace = this.spans.jobTrace();
		if (this.active && jobTrace != null) {
			AttributesBuilder attributes = Attributes.builder();
			this.spans.names().put("dl.rank", (long) rank, attributes::put);
			this.spans.names().put("dl.step", step, attributes::put);
			otel().addLink(jobTrace.stage(rank, step), attributes.build());
		}
		return this;
	}

	/**
	 * Starts the span and makes it current until the scope closes.
	 * @return the scope; the shared no-op scope when the span is not emitted
	 */
	public LensScope start() {
		if (!this.active) {
			return LensScope.NOOP;
		}
		SpanBuilder builder = otel();
		JobTrace jobTrace = this.spans.jobTrace();
		if (jobTrace != null && !Span.current().getSpanContext().isValid()) {
			builder.setParent((this.stageStep >= 0)
					? jobTrace.context().with(Span.wrap(jobTrace.stage(this.spans.rank(), this.stageStep)))
					: jobTrace.context());
		}
		Span span = builder.startSpan();
		return new LensScope(span, span.makeCurrent(), this.spans.rules());
	}

	/**
	 * Runs a body in the span; an exception that leaves it is recorded, sets status ERROR, and is
	 * rethrown.
	 * @param body the body
	 */
	public void run(Runnable body) {
		if (!this.active) {
			body.run();
			return;
		}
		try (LensScope scope = start()) {
			try {
				body.run();
			}
			catch (RuntimeException | Error ex) {
				scope.recordException(ex);
				throw ex;
			}
		}
	}

	/**
	 * Computes a value in the span; an exception that leaves it is recorded, sets status ERROR,
	 * and is rethrown.
	 * @param <T> the value type
	 * @param body the body
	 * @return what the body returned
	 */
	public <T> T call(Supplier<T> body) {
		if (!this.active) {
			return body.get();
		}
		try (LensScope scope = start()) {
			try {
				return body.get();
			}
			catch (RuntimeException | Error ex) {
				scope.recordException(ex);
				throw ex;
			}
		}
	}

	private SpanBuilder otel() {
		SpanBuilder builder = this.builder;
		if (builder == null) {
			builder = this.spans.tracer().spanBuilder(this.name);
			this.builder = builder;
		}
		return builder;
	}

}
