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
 * The telemetry doors found in this application context and what the rank's decision made of
 * each. A door carries one or more signals ({@link DoorGates#signalsOf(String)}) and follows the
 * decision of each: a door is {@code exporting} when it sends at least one of them, and
 * {@link #signalStates(String)} says which. Door integrations ask {@link #open(String)} as they
 * meet a door; the endpoint and the start-up log read {@link #states()}.
 */
public final class TelemetryDoors {

	/** NeMo Lens's own SDK, the door the decision is made for. */
	public static final String LENS_SDK = "lens.sdk";

	private final boolean enabled;

	private final boolean exporting;

	private final Set<Signal> exportedSignals;

	private final DoorGates gates;

	private final Map<String, DoorState> found = new ConcurrentSkipListMap<>();

	/**
	 * Creates the doors of a rank.
	 * @param handle what the rank decided
	 * @param gates which doors follow the decision
	 */
	public TelemetryDoors(TelemetryHandle handle, DoorGates gates) {
		this.enabled = handle.config().enabled();
		this.exporting = handle.isExporting();
		Set<Signal> exported = EnumSet.noneOf(Signal.class);
		for (Signal signal : Signal.values()) {
			if (handle.isExporting(signal)) {
				exported.add(signal);
			}
		}
		this.exportedSignals = Collections.unmodifiableSet(exported);
		this.gates = gates;
		if (this.enabled) {
			this.found.put(LENS_SDK, this.exporting ? DoorState.EXPORTING : DoorState.SILENCED);
		}
	}

	/**
	 * Records a door and says what it must do: with Lens disabled or the door opted out it stays
	 * as configured, otherwise it follows the rank's decision.
	 * @param door the door name, such as {@code micrometer.otlp}
	 * @return the door's state
	 */
	public DoorState open(String door) {
		DoorState state = stateOf(door);
		this.found.put(door, state);
		return state;
	}

	/**
	 * Records a door that stays as other code configured it although its gate is on, because that
	 * code holds it (such as a {@code GlobalOpenTelemetry} set before Lens decided).
	 * @param door the door name
	 */
	public void leftAsConfigured(String door) {
		this.found.put(door, DoorState.UNGATED);
	}

	/**
	 * Whether this rank exports at least one signal.
	 * @return whether exporting
	 */
	public boolean isExporting() {
		return this.exporting;
	}

	/**
	 * The doors met so far and their states, sorted by name.
	 * @return door name to state
	 */
	public Map<String, DoorState> states() {
		return Collections.unmodifiableMap(new TreeMap<>(this.found));
	}

	/**
	 * The names of the doors in one state, sorted.
	 * @param state the state
	 * @return the door names
	 */
	public List<String> named(DoorState state) {
		return this.found.entrySet().stream().filter((door) -> door.getValue() == state).map(Map.Entry::getKey).toList();
	}

	/**
	 * What a door must do, without recording it: for a door whose integration reports its state
	 * only once it knows what the door does.
	 * @param door the door name
	 * @return the state the door must take
	 */
	public DoorState stateOf(String door) {
		if (!this.enabled || !this.gates.isGated(door)) {
			return DoorState.UNGATED;
		}
		return DoorGates.signalsOf(door).stream().anyMatch(this.exportedSignals::contains) ? DoorState.EXPORTING
				: DoorState.SILENCED;
	}

	/**
	 * What a door must do with one signal it carries, without recording it.
	 * @param door the door name
	 * @param signal the signal
	 * @return the state the door must take for the signal
	 */
	public DoorState stateOf(String door, Signal signal) {
		if (!this.enabled || !this.gates.isGated(door)) {
			return DoorState.UNGATED;
		}
		return this.exportedSignals.contains(signal) ? DoorState.EXPORTING : DoorState.SILENCED;
	}

	/**
	 * The state of each signal a recorded door carries, in the order of {@link Signal}: a door left
	 * as configured is ungated for every signal.
	 * @param door the door name
	 * @return signal to state; empty when the door was not met
	 */
	public Map<Signal, DoorState> signalStates(String door) {
		DoorState state = this.found.get(door);
		if (state == null) {
			return Map.of();
		}
		Map<Signal, DoorState> signals = new LinkedHashMap<>();
		for (Signal signal : DoorGates.signalsOf(door)) {
			signals.put(signal, (state == DoorState.UNGATED) ? DoorState.UNGATED : stateOf(door, signal));
		}
		return Collections.unmodifiableMap(signals);
	}

}
