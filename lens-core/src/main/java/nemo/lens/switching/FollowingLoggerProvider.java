package nemo.lens.switching;

import io.opentelemetry.api.logs.LogRecordBuilder;
import io.opentelemetry.api.logs.Logger;
import io.opentelemetry.api.logs.LoggerBuilder;
import io.opentelemetry.api.logs.LoggerProvider;
import io.opentelemetry.api.logs.Severity;
import io.opentelemetry.context.Context;

/**
 * Hands out loggers (the log appenders' bridge) that follow the switches of their
 * {@link SwitchableTelemetry}.
 */
final class FollowingLoggerProvider implements LoggerProvider {

	private final CurrentTarget current;

	FollowingLoggerProvider(CurrentTarget current) {
		this.current = current;
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
			return new FollowingLogger(new Followed<>(FollowingLoggerProvider.this.current, this.scope::logger));
		}

	}

	/**
	 * A logger that hands out the log record builders of the target's logger in force. Its
	 * {@code isEnabled} methods have no {@code @Override}: the API the library is compiled against
	 * has none, and newer ones add them as default methods that these override.
	 *
	 * @param logger the target's logger, resolved again after a switch
	 */
	private record FollowingLogger(Followed<Logger> logger) implements Logger {

		private static final EnabledQuestion ENABLED = EnabledQuestion.of(Logger.class, Severity.class);

		private static final EnabledQuestion ENABLED_IN_CONTEXT = EnabledQuestion.of(Logger.class, Severity.class,
				Context.class);

		@Override
		public LogRecordBuilder logRecordBuilder() {
			return this.logger.get().logRecordBuilder();
		}

		/**
		 * Whether the target's logger would emit a record of this severity in the current context;
		 * passed on as it is asked, as the target's logger may answer it otherwise than its context
		 * variant.
		 * @param severity the record's severity
		 * @return what the target's logger answers
		 */
		public boolean isEnabled(Severity severity) {
			return ENABLED.ask(this.logger.get(), severity);
		}

		/**
		 * Whether the target's logger would emit a record of this severity in this context.
		 * @param severity the record's severity
		 * @param context the context the record would be emitted in
		 * @return what the target's logger answers
		 */
		public boolean isEnabled(Severity severity, Context context) {
			return ENABLED_IN_CONTEXT.ask(this.logger.get(), severity, context);
		}

	}

}
