package nemo.lens.switching;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

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

	private volatile OpenTelemetry target;

	/**
	 * Whether the target traces nothing: read alone on the span path of a silent rank, which then
	 * goes straight to the no-op tracer.
	 */
	private volatile boolean tracesOff;

	private final TracerProvider tracerProvider = new FollowingTracerProvider(this);

	private final MeterProvider meterProvider = new FollowingMeterProvider(this);

	private final LoggerProvider loggerProvider = new FollowingLoggerProvider(this);

	/** The callbacks of asynchronous instruments, moved to each new target; guarded by itself. */
	private final List<FollowingObservation> observations = new ArrayList<>();

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
		synchronized (this.observations) {
			// A span that starts during a switch may go to either side; neither is left half-built.
			this.tracesOff = false;
			this.target = target;
			this.tracesOff = target.getTracerProvider() == TracerProvider.noop();
			for (FollowingObservation observation : this.observations) {
				observation.moveTo(target);
			}
		}
	}

	/**
	 * Registers a callback on the target, and again on each new target until it is closed.
	 * @param register registers the callback on a target and returns how to unregister it
	 * @return the registration, which closes for good
	 */
	FollowingObservation observe(Function<OpenTelemetry, AutoCloseable> register) {
		FollowingObservation observation = new FollowingObservation(this, register);
		synchronized (this.observations) {
			observation.moveTo(this.target);
			this.observations.add(observation);
		}
		return observation;
	}

	void stopObserving(FollowingObservation observation) {
		synchronized (this.observations) {
			this.observations.remove(observation);
			observation.unregister();
		}
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
