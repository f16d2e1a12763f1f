package nemo.lens.switching;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.logs.LoggerProvider;
import io.opentelemetry.api.metrics.MeterProvider;
import io.opentelemetry.api.trace.TracerProvider;
import io.opentelemetry.context.propagation.ContextPropagators;

/**
 * The telemetry of a rank that exports some signals and not others: the SDK's provider for each
 * exported signal, the no-op one for the rest, so that a span on a rank that sends only metrics
 * costs what a no-op span costs (unless the flight recorder records it). Propagation is the SDK's, as on every rank.
 */
public final class ExportedSignalsTelemetry implements OpenTelemetry {

	private final TracerProvider tracerProvider;

	private final MeterProvider meterProvider;

	private final LoggerProvider loggerProvider;

	private final ContextPropagators propagators;

	/**
	 * Routes each signal to the SDK or to the no-op provider.
	 * @param sdk the SDK that exports
	 * @param traces whether the SDK's tracer provider serves
	 * @param metrics whether the SDK's meter provider serves
	 * @param logs whether the SDK's logger provider serves
	 */
	public ExportedSignalsTelemetry(OpenTelemetry sdk, boolean traces, boolean metrics, boolean logs) {
		this(sdk, traces, metrics, logs, TracerProvider.noop(), LoggerProvider.noop());
	}

	/**
	 * Routes each signal to the SDK, or where it does not serve, to the given providers.
	 * @param sdk the SDK that exports
	 * @param traces whether the SDK's tracer provider serves
	 * @param metrics whether the SDK's meter provider serves
	 * @param logs whether the SDK's logger provider serves
	 * @param silentTraces the tracer provider where traces are not exported: the no-op one, or a
	 * flight recorder's
	 * @param silentLogs the logger provider where logs are not exported: the no-op one, or a flight
	 * recorder's
	 */
	public ExportedSignalsTelemetry(OpenTelemetry sdk, boolean traces, boolean metrics, boolean logs,
			TracerProvider silentTraces, LoggerProvider silentLogs) {
		this.tracerProvider = traces ? sdk.getTracerProvider() : silentTraces;
		this.meterProvider = metrics ? sdk.getMeterProvider() : MeterProvider.noop();
		this.loggerProvider = logs ? sdk.getLogsBridge() : silentLogs;
		this.propagators = sdk.getPropagators();
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
