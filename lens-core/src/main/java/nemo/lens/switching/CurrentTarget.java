package nemo.lens.switching;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.TracerProvider;

/**
 * What a {@link SwitchableTelemetry} delegates to now, and the callbacks of asynchronous
 * instruments that move to each new target: the state that the tracers, meters, instruments and
 * loggers it hands out follow. A class of its own, below the telemetry, so that they read it
 * without importing back the telemetry that builds them.
 */
final class CurrentTarget {

	private volatile OpenTelemetry target;

	/**
	 * Whether the target traces nothing: read alone on the span path of a silent rank, which then
	 * goes straight to the no-op tracer.
	 */
	private volatile boolean tracesOff;

	/** The callbacks of asynchronous instruments, moved to each new target; guarded by itself. */
	private final List<FollowingObservation> observations = new ArrayList<>();

	CurrentTarget(OpenTelemetry target) {
		switchTo(target);
	}

	/** Sends everything that follows this target to another one from now on. */
	void switchTo(OpenTelemetry target) {
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

	/** The telemetry delegated to now. */
	OpenTelemetry get() {
		return this.target;
	}

}
