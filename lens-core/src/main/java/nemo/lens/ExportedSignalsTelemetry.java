package nemo.lens;

import java.util.Set;

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
final class ExportedSignalsTelemetry implements OpenTelemetry {

	private final TracerProvider tracerProvider;

	private final MeterProvider meterProvider;

	private final LoggerProvider loggerProvider;

	private final ContextPropagators propagators;

	ExportedSignalsTelemetry(OpenTelemetry sdk, Set<Signal> exported) {
		this(sdk, exported, TracerProvider.noop(), LoggerProvider.noop());
	}

	/**
	 * @param silentTraces the tracer provider where traces are not exported: the no-op one, or a
	 * flight recorder's
	 * @param silentLogs the logger provider where logs are not exported: the no-op one, or a flight
	 * recorder's
	 */
	ExportedSignalsTelemetry(OpenTelemetry sdk, Set<Signal> exported, TracerProvider silentTraces,
			LoggerProvider silentLogs) {
		this.tracerProvider = exported.contains(Signal.TRACES) ? sdk.getTracerProvider() : silentTraces;
		this.meterProvider = exported.contains(Signal.METRICS) ? sdk.getMeterProvider() : MeterProvider.noop();
		this.loggerProvider = exported.contains(Signal.LOGS) ? sdk.getLogsBridge() : silentLogs;
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
