package nemo.lens.switching;

import java.util.function.Function;

import io.opentelemetry.api.OpenTelemetry;

/**
 * One object (a tracer, a logger, an instrument) resolved from the current target of a
 * {@link SwitchableTelemetry}, again each time the target changed.
 *
 * @param <T> the type of the object
 */
final class Followed<T> {

	private final CurrentTarget current;

	private final Function<OpenTelemetry, T> resolve;

	/**
	 * Not volatile: a thread that sees a stale value resolves again, and the value it reads is
	 * immutable; the one volatile read per call is the current target.
	 */
	private Resolved<T> resolved;

	Followed(CurrentTarget current, Function<OpenTelemetry, T> resolve) {
		this.current = current;
		this.resolve = resolve;
	}

	T get() {
		return getFor(this.current.get());
	}

	/**
	 * The object on a given target: a callback moved to a new target by a switch registers the
	 * very observers its measurements will then record into.
	 */
	T getFor(OpenTelemetry target) {
		Resolved<T> resolved = this.resolved;
		if (resolved == null || resolved.target != target) {
			resolved = new Resolved<>(target, this.resolve.apply(target));
			this.resolved = resolved;
		}
		return resolved.value;
	}

	private record Resolved<T>(OpenTelemetry target, T value) {

	}

}
