package nemo.lens.switching;


import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.logs.LoggerProvider;
import io.opentelemetry.api.metrics.MeterProvider;
import io.opentelemetry.api.trace.TracerProvider;
import io.opentelemetry.context.propagation.ContextPropagators;

/**
 * Telemetry whose target can change while the process runs: a rank switched on or off at run time
 * keeps the {@code OpenTelemetry} it handed out. Tracers and loggers obtained before a switch follow
 * it (each resolves its delegate again once the target changed, as the specification's
 * {@code TracerConfig.enabled} asks of tracers already handed out), and so do the instruments of
 * meters obtained before it: a synchronous instrument is built again on the new target the first time
 * it records there, an asynchronous one has its callback registered there. Propagators are the target's at the time they are asked for.
 * Where the OpenTelemetry API on the class path has {@code isEnabled} on tracers, synchronous
 * instruments and loggers, theirs answer as the target's own would: not enabled on a silent rank.
 * A process that never switches pays a volatile read per span, log record or measurement over its
 * target.
 */
public final class SwitchableTelemetry implements OpenTelemetry {

	private final CurrentTarget current;

	private final TracerProvider tracerProvider;

	private final MeterProvider meterProvider;

	private final LoggerProvider loggerProvider;

	/**
	 * Starts on a target.
	 * @param target the telemetry to use until the first switch
	 */
	public SwitchableTelemetry(OpenTelemetry target) {
		this.current = new CurrentTarget(target);
		this.tracerProvider = new FollowingTracerProvider(this.current);
		this.meterProvider = new FollowingMeterProvider(this.current);
		this.loggerProvider = new FollowingLoggerProvider(this.current);
	}

	/**
	 * Sends everything obtained from this telemetry to another target from now on.
	 * @param target the new target
	 */
	public void switchTo(OpenTelemetry target) {
		this.current.switchTo(target);
	}

	/**
	 * The telemetry this one delegates to now.
	 * @return the target
	 */
	public OpenTelemetry target() {
		return this.current.get();
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
		return this.current.get().getPropagators();
	}

	@Override
	public String toString() {
		return "SwitchableTelemetry{target=" + this.current.get() + "}";
	}

}
