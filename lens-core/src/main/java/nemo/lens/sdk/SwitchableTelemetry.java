package nemo.lens.sdk;

import java.util.Objects;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.logs.LoggerProvider;
import io.opentelemetry.api.metrics.MeterProvider;
import io.opentelemetry.api.trace.TracerProvider;
import io.opentelemetry.context.propagation.ContextPropagators;

/**
 * Telemetry whose target can change while the process runs: a rank switched on or off at run time
 * keeps the {@code OpenTelemetry} it handed out. Tracers and loggers obtained before a switch follow
 * it (each resolves its delegate again once the target changed, as the specification's
 * {@code TracerConfig.enabled} asks of tracers already handed out); a meter follows for the
 * instruments built after the switch. Propagators are the target's at the time they are asked for.
 * A process that never switches pays a volatile read per span or log record over its target.
 */
public final class SwitchableTelemetry implements OpenTelemetry {

	private volatile OpenTelemetry target;

	/**
	 * Whether the target traces nothing: read alone on the span path of a silent rank, which then
	 * goes straight to the no-op tracer.
	 */
	private volatile boolean tracesOff;

	private final TracerProvider tracerProvider = new FollowingTracerProvider(this);

	private final MeterProvider meterProvider = new FollowingMeterProvider(this);

	private final LoggerProvider loggerProvider = new FollowingLoggerProvider(this);

	/**
	 * Starts on a target.
	 * @param target the telemetry to use until the first switch
	 */
	public SwitchableTelemetry(OpenTelemetry target) {
		switchTo(target);
	}

	/**
	 * Sends everything obtained from this telemetry to another target from now on.
	 * @param target the new target
	 */
	public void switchTo(OpenTelemetry target) {
		Objects.requireNonNull(target, "target must not be null");
		// A span that starts during a switch may go to either side; neither is left half-built.
		this.tracesOff = false;
		this.target = target;
		this.tracesOff = target.getTracerProvider() == TracerProvider.noop();
	}

	/** Whether the target traces nothing now. */
	boolean tracesOff() {
		return this.tracesOff;
	}

	/**
	 * The telemetry this one delegates to now.
	 * @return the target
	 */
	public OpenTelemetry target() {
		return this.target;
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
		return this.target.getPropagators();
	}

	@Override
	public String toString() {
		return "SwitchableTelemetry{target=" + this.target + "}";
	}

}
