package nemo.lens.switching;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.logs.LoggerProvider;
import io.opentelemetry.api.metrics.MeterProvider;
import io.opentelemetry.api.trace.TracerProvider;
import io.opentelemetry.context.propagation.ContextPropagators;

/**
 * The telemetry of a rank that exports some signals and not others: the provider of the SDK that
 * exports each signal, a silent one for the rest, so that a span on a rank that sends only metrics
 * costs what a no-op span costs (unless the flight recorder records it). Propagation is an SDK's,
 * as on every rank.
 */
public final class ExportedSignalsTelemetry implements OpenTelemetry {

	private final TracerProvider tracerProvider;

	private final MeterProvider meterProvider;

	private final LoggerProvider loggerProvider;

	private final ContextPropagators propagators;

	/**
	 * Routes each signal to its own provider: each signal may be served by an SDK of its own.
	 * @param tracerProvider where tracers come from
	 * @param meterProvider where meters come from
	 * @param loggerProvider where loggers come from
	 * @param propagators the propagators
	 */
	public ExportedSignalsTelemetry(TracerProvider tracerProvider, MeterProvider meterProvider,
			LoggerProvider loggerProvider, ContextPropagators propagators) {
		this.tracerProvider = tracerProvider;
		this.meterProvider = meterProvider;
		this.loggerProvider = loggerProvider;
		this.propagators = propagators;
	}

	@Override
	public TracerProvider getTracerProvider() {
		return this.tracerProvider;
	}

	@Override
	public MeterProvider getMeterProvider() {
		return this.meterProvider;
	}

	@Override
	public LoggerProvider getLogsBridge() {
		return this.loggerProvider;
	}

	@Override
	public ContextPropagators getPropagators() {
		return this.propagators;
	}

	@Override
	public String toString() {
		return "ExportedSignalsTelemetry{tracerProvider=" + this.tracerProvider + ", meterProvider="
				+ this.meterProvider + ", loggerProvider=" + this.loggerProvider + "}";
	}

}
