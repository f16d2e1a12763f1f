package nemo.lens.sdk;

import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.TracerBuilder;
import io.opentelemetry.api.trace.TracerProvider;

/**
 * Hands out tracers that follow the switches of their {@link SwitchableTelemetry}.
 */
final class FollowingTracerProvider implements TracerProvider {

	private final SwitchableTelemetry owner;

	FollowingTracerProvider(SwitchableTelemetry owner) {
		this.owner = owner;
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
		Followed<Tracer> followed = new Followed<>(this.owner, scope::tracer);
		return (spanName) -> followed.get().spanBuilder(spanName);
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
