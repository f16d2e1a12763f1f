package nemo.lens.switching;

import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.metrics.BatchCallback;
import io.opentelemetry.api.metrics.ObservableDoubleCounter;
import io.opentelemetry.api.metrics.ObservableDoubleGauge;
import io.opentelemetry.api.metrics.ObservableDoubleUpDownCounter;
import io.opentelemetry.api.metrics.ObservableLongCounter;
import io.opentelemetry.api.metrics.ObservableLongGauge;
import io.opentelemetry.api.metrics.ObservableLongUpDownCounter;

/**
 * An asynchronous instrument's callback (or a batch callback) registered on the target of a
 * {@link SwitchableTelemetry}, and registered again on each new target by a switch, so that a gauge
 * built while the rank was silent is observed once it exports. Closing it unregisters it for good.
 */
final class FollowingObservation implements ObservableLongCounter, ObservableDoubleCounter,
		ObservableLongUpDownCounter, ObservableDoubleUpDownCounter, ObservableLongGauge, ObservableDoubleGauge,
		BatchCallback {

	private static final Logger logger = Logger.getLogger(FollowingObservation.class.getName());

	private final CurrentTarget current;

	private final Function<OpenTelemetry, AutoCloseable> register;

	/** Guarded by the current target's observation lock. */
	private AutoCloseable registration;

	FollowingObservation(CurrentTarget current, Function<OpenTelemetry, AutoCloseable> register) {
		this.current = current;
		this.register = register;
	}

	/** Leaves the target it was registered on, and registers on {@code target}. */
	void moveTo(OpenTelemetry target) {
		unregister();
		this.registration = this.register.apply(target);
	}

	/** Unregisters from the target it is registered on, if any. */
	void unregister() {
		AutoCloseable registration = this.registration;
		this.registration = null;
		if (registration != null) {
			try {
				registration.close();
			}
			catch (Exception ex) {
				// The SDK it was registered on may be shut down already: nothing is left to release.
				logger.log(Level.FINE, "Could not unregister a callback from the telemetry switched away from", ex);
			}
		}
	}

	@Override
	public void close() {
		this.current.stopObserving(this);
	}

}
