package nemo.lens.switching;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.logs.LogRecordBuilder;
import io.opentelemetry.api.logs.Logger;
import io.opentelemetry.api.logs.LoggerBuilder;
import io.opentelemetry.api.logs.LoggerProvider;
import io.opentelemetry.api.logs.Severity;
import io.opentelemetry.api.metrics.MeterProvider;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.TracerBuilder;
import io.opentelemetry.api.trace.TracerProvider;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.ContextKey;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A tracer or logger handed out before a switch answers {@code isEnabled} as the target in force
 * answers it, so that instrumentation that asks before building a span's or a record's attributes
 * does no work on a silent rank. The API the library is compiled against has no such question;
 * these tests run where the API on the class path has it (Boot 4.1's) and are skipped elsewhere.
 */
class SwitchableTelemetryEnabledTests {

	private static final ContextKey<String> WANTED = ContextKey.named("wanted");

	private final OpenTelemetrySdk sdk = InMemorySdk.create();

	private final SwitchableTelemetry telemetry = new SwitchableTelemetry(OpenTelemetry.noop());

	private final Tracer tracer = this.telemetry.getTracer("library");

	private final Logger logger = this.telemetry.getLogsBridge().get("library");

	@AfterEach
	void close() {
		this.sdk.close();
	}

	private static ReflectedIsEnabled tracerEnabled() {
		return ReflectedIsEnabled.of(Tracer.class);
	}

	private static ReflectedIsEnabled loggerEnabled() {
		return ReflectedIsEnabled.of(Logger.class, Severity.class, Context.class);
	}

	@Test
	void aTracerOfASilentRankIsNotEnabled() {
		assertThat(tracerEnabled().ask(this.tracer)).isFalse();
	}

	@Test
	void aTracerIsEnabledOnceTheRankIsSwitchedToAnSdk() {
		ReflectedIsEnabled enabled = tracerEnabled();
		this.telemetry.switchTo(this.sdk);
		assertThat(enabled.ask(this.tracer)).isTrue();
	}

	@Test
	void aTracerIsNotEnabledOnceTheRankIsSwitchedBackToSilent() {
		ReflectedIsEnabled enabled = tracerEnabled();
		this.telemetry.switchTo(this.sdk);
		this.telemetry.switchTo(OpenTelemetry.noop());
		assertThat(enabled.ask(this.tracer)).isFalse();
	}

	@Test
	void aTracerAnswersWhatTheTargetsTracerAnswers() {
		ReflectedIsEnabled enabled = tracerEnabled();
		// Not the no-op provider, so only the target's own tracer can say that it is disabled.
		this.telemetry.switchTo(new Target(new DisabledTracer(), null));
		assertThat(enabled.ask(this.tracer)).isFalse();
	}

	@Test
	void aLoggerOfASilentRankIsNotEnabled() {
		assertThat(loggerEnabled().ask(this.logger, Severity.ERROR, Context.root())).isFalse();
	}

	@Test
	void aLoggerIsEnabledOnceTheRankIsSwitchedToAnSdk() {
		ReflectedIsEnabled enabled = loggerEnabled();
		this.telemetry.switchTo(this.sdk);
		assertThat(enabled.ask(this.logger, Severity.INFO, Context.root())).isTrue();
	}

	@Test
	void aLoggerIsNotEnabledOnceTheRankIsSwitchedBackToSilent() {
		ReflectedIsEnabled enabled = loggerEnabled();
		this.telemetry.switchTo(this.sdk);
		this.telemetry.switchTo(OpenTelemetry.noop());
		assertThat(enabled.ask(this.logger, Severity.INFO, Context.root())).isFalse();
	}

	@Test
	void aLoggerAsksTheTargetsLoggerAboutTheSeverityGiven() {
		ReflectedIsEnabled enabled = ReflectedIsEnabled.of(Logger.class, Severity.class);
		this.telemetry.switchTo(new Target(null, new ErrorsInWantedContextLogger()));
		Scope scope = Context.root().with(WANTED, "yes").makeCurrent();
		try {
			assertThat(enabled.ask(this.logger, Severity.ERROR)).isTrue();
			assertThat(enabled.ask(this.logger, Severity.INFO)).isFalse();
		}
		finally {
			scope.close();
		}
	}

	@Test
	void aLoggerAsksTheTargetsLoggerAboutTheContextGiven() {
		ReflectedIsEnabled enabled = loggerEnabled();
		this.telemetry.switchTo(new Target(null, new ErrorsInWantedContextLogger()));
		assertThat(enabled.ask(this.logger, Severity.ERROR, Context.root().with(WANTED, "yes"))).isTrue();
		assertThat(enabled.ask(this.logger, Severity.ERROR, Context.root())).isFalse();
	}

	/** A target with its own tracer or logger, neither of them the API's no-op. */
	private record Target(Tracer tracer, Logger logger) implements OpenTelemetry {

		@Override
		public TracerProvider getTracerProvider() {
			return new OneTracer(this.tracer);
		}

		@Override
		public MeterProvider getMeterProvider() {
			return MeterProvider.noop();
		}

		@Override
		public LoggerProvider getLogsBridge() {
			return new OneLogger(this.logger);
		}

		@Override
		public ContextPropagators getPropagators() {
			return ContextPropagators.noop();
		}

	}

	/** Hands out one tracer for every scope. */
	private record OneTracer(Tracer tracer) implements TracerProvider, TracerBuilder {

		@Override
		public Tracer get(String instrumentationScopeName) {
			return this.tracer;
		}

		@Override
		public Tracer get(String instrumentationScopeName, String instrumentationScopeVersion) {
			return this.tracer;
		}

		@Override
		public TracerBuilder tracerBuilder(String instrumentationScopeName) {
			return this;
		}

		@Override
		public TracerBuilder setSchemaUrl(String schemaUrl) {
			return this;
		}

		@Override
		public TracerBuilder setInstrumentationVersion(String instrumentationScopeVersion) {
			return this;
		}

		@Override
		public Tracer build() {
			return this.tracer;
		}

	}

	/** Hands out one logger for every scope. */
	private record OneLogger(Logger logger) implements LoggerProvider, LoggerBuilder {

		@Override
		public LoggerBuilder loggerBuilder(String instrumentationScopeName) {
			return this;
		}

		@Override
		public LoggerBuilder setSchemaUrl(String schemaUrl) {
			return this;
		}

		@Override
		public LoggerBuilder setInstrumentationVersion(String instrumentationScopeVersion) {
			return this;
		}

		@Override
		public Logger build() {
			return this.logger;
		}

	}

	/**
	 * A tracer that says it is disabled. Its {@code isEnabled} has no {@code @Override}: the API of
	 * the default line has no such method, newer ones call this one.
	 */
	private static final class DisabledTracer implements Tracer {

		@Override
		public SpanBuilder spanBuilder(String spanName) {
			return TracerProvider.noop().get("disabled").spanBuilder(spanName);
		}

		public boolean isEnabled() {
			return false;
		}

	}

	/** A logger enabled for errors in a context that wants them; no {@code @Override}, as above. */
	private static final class ErrorsInWantedContextLogger implements Logger {

		@Override
		public LogRecordBuilder logRecordBuilder() {
			return LoggerProvider.noop().get("errors").logRecordBuilder();
		}

		public boolean isEnabled(Severity severity, Context context) {
			return severity.getSeverityNumber() >= Severity.ERROR.getSeverityNumber() && context.get(WANTED) != null;
		}

	}

}
