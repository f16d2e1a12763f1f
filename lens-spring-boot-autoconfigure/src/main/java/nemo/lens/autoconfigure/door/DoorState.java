package nemo.lens.autoconfigure.door;

import java.util.Locale;

/**
 * What NeMo Lens made of one telemetry door of this process.
 */
public enum DoorState {

	/** The rank exports and the door sends what the user configured, stamped with the rank. */
	EXPORTING,

	/** The rank is silent and the door sends nothing: no exporter, no publishing thread. */
	SILENCED,

	/**
	 * Lens leaves the door as the user configured it: opted out, Lens is disabled, or other code
	 * held the door before Lens could gate it.
	 */
	UNGATED,

	/**
	 * The decision changed while the rank runs, and the door, built for the decision at start-up,
	 * cannot follow it without a restart: it still does what it did then.
	 */
	RESTART_REQUIRED;

	/**
	 * Whether a door in this state follows the rank's decision.
	 * @return {@code true} for exporting and silenced
	 */
	public boolean followsDecision() {
		return this == EXPORTING || this == SILENCED;
	}

	/**
	 * The state as the endpoint and the start-up log show it.
	 * @return the lower-case name, such as {@code silenced} or {@code restart-required}
	 */
	public String value() {
		return name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

}
