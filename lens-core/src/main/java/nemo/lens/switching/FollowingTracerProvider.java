package nemo.lens.switching;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.TracerBuilder;
import io.opentelemetry.api.trace.TracerProvider;

/**
 * Hands out tracers that follow the switches of their {@link SwitchableTelemetry}.
 */
final class FollowingTracerProvider implements TracerProvider {

	private final CurrentTarget current;

	FollowingTracerProvider(CurrentTarget current) {
		this.current = current;
	}

	@Override
	public Tracer get(String instrumentationScopeName) {
		return tracer(new InstrumentationScope(instrumentationScopeName, null, null));
	}

	@Override
	public Tracer get(String instrumentationScopeName, String instrumentationScopeVersion) {
		return tracer(new InstrumentationScope(instrumentationScopeName, instrumentationScopeVersion, null));
	}

	@Override
	public TracerBuilder tracerBuilder(String instrumentationScopeName) {
		return new Builder(new InstrumentationScope(instrumentationScopeName, null, null));
	}

	private Tracer tracer(InstrumentationScope scope) {
		return new FollowingTracer(this.current, scope);
	}

	/**
	 * A tracer that resolves its delegate again when the target changed: per span, a volatile read
	 * and a comparison, so that a span on a rank that never switches costs next to what it costs on
	 * the target's own tracer; where the target traces nothing, one volatile read and the no-op
	 * tracer. {@code isEnabled()} has no {@code @Override}: the API the library is compiled against
	 * has no such method, and newer ones add it as a default method that this one overrides.
	 */
	private static final class FollowingTracer implements Tracer {

		private static final Tracer NO_OP = TracerProvider.noop().get("nemo.lens");

		private static final EnabledQuestion ENABLED = EnabledQuestion.of(Tracer.class);

		private final CurrentTarget current;

		private final InstrumentationScope scope;

		/** Not volatile: a stale pair is resolved again, and a pair is immutable. */
		private Resolved resolved;

		FollowingTracer(CurrentTarget current, InstrumentationScope scope) {
			this.current = current;
			this.scope = scope;
		}

		@Override
		public SpanBuilder spanBuilder(String spanName) {
			if (this.current.tracesOff()) {
				return NO_OP.spanBuilder(spanName);
			}
			return delegate().spanBuilder(spanName);
		}

		/**
		 * Whether the target's tracer would record a span: instrumentation that asks first skips
		 * building a span's attributes on a silent rank, for the price of one volatile read.
		 * @return what the target's tracer answers
		 */
		public boolean isEnabled() {
			if (this.current.tracesOff()) {
				return false;
			}
			return ENABLED.ask(delegate());
		}

		private Tracer delegate() {
			OpenTelemetry target = this.current.get();
			Resolved resolved = this.resolved;
			if (resolved == null || resolved.target != target) {
				resolved = new Resolved(target, this.scope.tracer(target));
				this.resolved = resolved;
			}
			return resolved.tracer;
		}

		private record Resolved(OpenTelemetry target, Tracer tracer) {

		}

	}

	private final class Builder implements TracerBuilder {

		private InstrumentationScope scope;

		Builder(InstrumentationScope scope) {
			this.scope = scope;
		}

		@Override
		public TracerBuilder setSchemaUrl(String schemaUrl) {
			this.scope = this.scope.withSchemaUrl(schemaUrl);
			return this;
		}

		@Override
		public TracerBuilder setInstrumentationVersion(String instrumentationScopeVersion) {
			this.scope = this.scope.withVersion(instrumentationScopeVersion);
			return this;
		}

		@Override
		public Tracer build() {
			return tracer(this.scope);
		}

	}

}
