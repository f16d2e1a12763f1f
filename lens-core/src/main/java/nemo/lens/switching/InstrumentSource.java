package nemo.lens.switching;

import java.util.function.Function;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.metrics.Meter;

/**
 * Where the instruments of one following meter come from: the meter of its scope on whatever the
 * {@link SwitchableTelemetry} targets, now or after a switch.
 *
 * @param current the target of the telemetry whose switches the instruments follow
 * @param scope the meter's instrumentation scope
 */
record InstrumentSource(CurrentTarget current, InstrumentationScope scope) {

	/** The meter of this scope on a target; the SDK hands out the same meter for the same scope. */
	Meter meter(OpenTelemetry target) {
		return this.scope.meter(target);
	}

	/** A synchronous instrument built on each target again, the first time it is used there. */
	<T> Followed<T> follow(Function<Meter, T> build) {
		return new Followed<>(this.current, (target) -> build.apply(meter(target)));
	}

	/** A callback registered on the target now, and moved to each new target by a switch. */
	FollowingObservation observe(Function<Meter, AutoCloseable> register) {
		return this.current.observe((target) -> register.apply(meter(target)));
	}

}
