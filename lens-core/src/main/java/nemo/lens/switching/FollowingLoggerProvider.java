package nemo.lens.switching;

import io.opentelemetry.api.logs.Logger;
import io.opentelemetry.api.logs.LoggerBuilder;
import io.opentelemetry.api.logs.LoggerProvider;

/**
 * Hands out loggers (the log appenders' bridge) that follow the switches of their
 * {@link SwitchableTelemetry}.
 */
final class FollowingLoggerProvider implements LoggerProvider {

	private final SwitchableTelemetry owner;

	FollowingLoggerProvider(SwitchableTelemetry owner) {
		this.owner = owner;
	}

	@Override
	public LoggerBuilder loggerBuilder(String instrumentationScopeName) {
		return new Builder(new InstrumentationScope(instrumentationScopeName, null, null));
	}

	private final class Builder implements LoggerBuilder {

		private InstrumentationScope scope;

		Builder(InstrumentationScope scope) {
			this.scope = scope;
		}

		@Override
		public LoggerBuilder setSchemaUrl(String schemaUrl) {
			this.scope = this.scope.withSchemaUrl(schemaUrl);
			return this;
		}

		@Override
		public LoggerBuilder setInstrumentationVersion(String instrumentationScopeVersion) {
			this.scope = this.scope.withVersion(instrumentationScopeVersion);
			return this;
		}

		@Override
		public Logger build() {
			Followed<Logger> followed = new Followed<>(FollowingLoggerProvider.this.owner, this.scope::logger);
			return () -> followed.get().logRecordBuilder();
		}

	}

}
