package nemo.lens.autoconfigure.door;

import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import nemo.lens.Signal;
import nemo.lens.autoconfigure.failure.LensStartupException;

/**
 * Which doors follow the rank's decision: {@code nemo.lens.gate.<door>} ({@code true} or
 * {@code false}, in any of the core's spellings) per door, for the doors that the door
 * integrations declare ({@link DoorDeclarations}). Push doors are gated unless opted out; pull
 * doors, where the collector chooses to scrape, are ungated unless opted in. Names and values are
 * checked at start-up, so a typo fails loudly instead of leaving a door open.
 */
public final class DoorGates {

	/** The property prefix of the gate switches. */
	public static final String PREFIX = "nemo.lens.gate";

	private static final Set<Signal> ALL_SIGNALS = Collections.unmodifiableSet(EnumSet.allOf(Signal.class));

	private final Map<String, DoorDeclaration> known;

	private final Map<String, Boolean> gates;

	private DoorGates(Map<String, DoorDeclaration> known, Map<String, Boolean> gates) {
		this.known = known;
		this.gates = Map.copyOf(gates);
	}

	/**
	 * Takes the gate switches, as bound from {@code nemo.lens.gate.*} (each value read by the core's
	 * boolean reading, like every other switch), for the doors the integrations declare.
	 * @param declared the integrations' doors
	 * @param settings door name to whether it follows the decision
	 * @return the gates
	 * @throws LensStartupException when a name is no declared door
	 */
	public static DoorGates of(Collection<DoorDeclarations> declared, Map<String, Boolean> settings) {
		Map<String, DoorDeclaration> known = new TreeMap<>();
		declared.forEach((declarations) -> declarations.doors().forEach((door) -> known.put(door.name(), door)));
		Map<String, Boolean> gates = new TreeMap<>();
		settings.forEach((rawName, gated) -> {
			String name = rawName.trim().toLowerCase(Locale.ROOT);
			if (!known.containsKey(name)) {
				throw new LensStartupException(
						PREFIX + "." + rawName + " names no telemetry door NeMo Lens can gate: '" + rawName + "'.",
						"Use one of " + known.keySet() + " after " + PREFIX + ".", null);
			}
			if (gated != null) {
				gates.put(name, gated);
			}
		});
		return new DoorGates(Collections.unmodifiableMap(known), gates);
	}

	/**
	 * Takes the gate switches for the doors declared on this class's class loader.
	 * @param settings door name to whether it follows the decision
	 * @return the gates
	 * @throws LensStartupException when a name is no declared door
	 */
	public static DoorGates of(Map<String, Boolean> settings) {
		return of(DoorDeclarations.load(DoorGates.class.getClassLoader()), settings);
	}

	/**
	 * Returns no switches: every door declared on this class's class loader at its default.
	 * @return the default gates
	 */
	public static DoorGates defaults() {
		return of(Map.of());
	}

	/**
	 * The signals a door carries, as its integration declares them; a door no integration declares
	 * carries all three, as the Lens SDK does.
	 * @param door the door name
	 * @return the signals, in the order of {@link Signal}
	 */
	public Set<Signal> signalsOf(String door) {
		DoorDeclaration declared = this.known.get(door);
		return (declared != null) ? declared.signals() : ALL_SIGNALS;
	}

	/**
	 * Whether a door follows the rank's decision: as switched, else unless a collector pulls it.
	 * @param door the door name
	 * @return whether gated
	 */
	public boolean isGated(String door) {
		DoorDeclaration declared = this.known.get(door);
		return this.gates.getOrDefault(door, declared == null || !declared.pulled());
	}

}
