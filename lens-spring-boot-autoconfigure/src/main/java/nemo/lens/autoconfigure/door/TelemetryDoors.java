package nemo.lens.autoconfigure.door;

import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;

import nemo.lens.Signal;
import nemo.lens.TelemetryHandle;

/**
 * The telemetry doors found in this application context and what the rank's decision makes of
 * each, now. A door carries one or more signals ({@link DoorGates#signalsOf(String)}) and follows
 * the decision of each: a door is {@code exporting} when it sends at least one of them, and
 * {@link #signalStates(String)} says which. The decision can change while the rank runs (an
 * override); a door that follows such a change is recorded as switchable, and one that cannot
 * (it was built for the decision at start-up) shows {@code restart-required} for each signal whose
 * decision changed, never a state it does not have. Door integrations ask {@link #open(String)} as
 * they meet a door; the endpoint and the start-up log read {@link #states()}.
 */
public final class TelemetryDoors {

	/** NeMo Lens's own SDK, the door the decision is made for. */
	public static final String LENS_SDK = "lens.sdk";

	private final TelemetryHandle handle;

	private final boolean enabled;

	private final DoorGates gates;

	private final Map<String, Door> found = new ConcurrentSkipListMap<>();

	/**
	 * Creates the doors of a rank.
	 * @param handle what the rank decided
	 * @param gates which doors follow the decision
	 */
	public TelemetryDoors(TelemetryHandle handle, DoorGates gates) {
		this.handle = handle;
		this.enabled = handle.config().enabled();
		this.gates = gates;
		if (this.enabled) {
			this.found.put(LENS_SDK, new Door(true, true, exportedNow(LENS_SDK)));
		}
	}

	/**
	 * Records a door that follows the decision as it changes, and says what it must do now: with
	 * Lens disabled or the door opted out it stays as configured.
	 * @param door the door name, such as {@code micrometer.otlp}
	 * @return the door's state
	 */
	public DoorState open(String door) {
		return open(door, true);
	}

	/**
	 * Records a door and says what it must do now.
	 * @param door the door name
	 * @param switchable whether the door follows a change of the decision while the rank runs
	 * @return the door's state
	 */
	public DoorState open(String door, boolean switchable) {
		this.found.put(door, new Door(this.enabled && this.gates.isGated(door), switchable, exportedNow(door)));
		return stateOf(door);
	}

	/**
	 * Records a door that stays as other code configured it although its gate is on, because that
	 * code holds it (such as a {@code GlobalOpenTelemetry} set before Lens decided).
	 * @param door the door name
	 */
	public void leftAsConfigured(String door) {
		this.found.put(door, new Door(false, false, Set.of()));
	}

	/**
	 * Runs an action each time the signals the rank exports change while it runs, for a door that
	 * is switched from outside the Lens SDK (a Micrometer registry).
	 * @param listener the action
	 */
	public void onSwitch(Runnable listener) {
		this.handle.onSwitch(listener);
	}

	/**
	 * Whether this rank exports at least one signal now.
	 * @return whether exporting
	 */
	public boolean isExporting() {
		return this.handle.isExporting();
	}

	/**
	 * The doors met so far and their states now, sorted by name.
	 * @return door name to state
	 */
	public Map<String, DoorState> states() {
		Map<String, DoorState> states = new TreeMap<>();
		this.found.keySet().forEach((door) -> states.put(door, stateOf(door)));
		return Collections.unmodifiableMap(states);
	}

	/**
	 * The names of the doors in one state now, sorted.
	 * @param state the state
	 * @return the door names
	 */
	public List<String> named(DoorState state) {
		return states().entrySet().stream().filter((door) -> door.getValue() == state).map(Map.Entry::getKey).toList();
	}

	/**
	 * What a door does now, without recording it: for a door whose integration reports its state
	 * only once it knows what the door does.
	 * @param door the door name
	 * @return the door's state
	 */
	public DoorState stateOf(String door) {
		Map<Signal, DoorState> signals = signalStatesOf(door);
		if (signals.containsValue(DoorState.UNGATED)) {
			return DoorState.UNGATED;
		}
		if (signals.containsValue(DoorState.RESTART_REQUIRED)) {
			return DoorState.RESTART_REQUIRED;
		}
		return signals.containsValue(DoorState.EXPORTING) ? DoorState.EXPORTING : DoorState.SILENCED;
	}

	/**
	 * What a door does now with one signal it carries, without recording it.
	 * @param door the door name
	 * @param signal the signal
	 * @return the door's state for the signal
	 */
	public DoorState stateOf(String door, Signal signal) {
		Door recorded = this.found.get(door);
		boolean follows = (recorded != null) ? recorded.follows() : this.enabled && this.gates.isGated(door);
		if (!follows) {
			return DoorState.UNGATED;
		}
		boolean exporting = this.handle.isExporting(signal);
		if (recorded != null && !recorded.switchable() && exporting != recorded.atStart().contains(signal)) {
			return DoorState.RESTART_REQUIRED;
		}
		return exporting ? DoorState.EXPORTING : DoorState.SILENCED;
	}

	/**
	 * The state now of each signal a recorded door carries, in the order of {@link Signal}.
	 * @param door the door name
	 * @return signal to state; empty when the door was not met
	 */
	public Map<Signal, DoorState> signalStates(String door) {
		return this.found.containsKey(door) ? signalStatesOf(door) : Map.of();
	}

	private Map<Signal, DoorState> signalStatesOf(String door) {
		Map<Signal, DoorState> signals = new LinkedHashMap<>();
		for (Signal signal : this.gates.signalsOf(door)) {
			signals.put(signal, stateOf(door, signal));
		}
		return Collections.unmodifiableMap(signals);
	}

	private Set<Signal> exportedNow(String door) {
		Set<Signal> exported = EnumSet.noneOf(Signal.class);
		for (Signal signal : this.gates.signalsOf(door)) {
			if (this.handle.isExporting(signal)) {
				exported.add(signal);
			}
		}
		return exported;
	}

	/**
	 * A door as recorded.
	 *
	 * @param follows whether it follows the decision (gated, Lens enabled, not held by other code)
	 * @param switchable whether it follows a change of the decision while the rank runs
	 * @param atStart the signals it exported when it was recorded
	 */
	private record Door(boolean follows, boolean switchable, Set<Signal> atStart) {

	}

}
