package nemo.lens.autoconfigure.door;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

import nemo.lens.Signal;

/**
 * One telemetry door as the integration that gates it declares it: its name, which is also its
 * gate switch's key ({@code nemo.lens.gate.<name>}), the signals it carries, and how its data
 * leaves. A door that pushes is gated unless opted out; one that a collector pulls (a scrape
 * endpoint) is left alone unless opted in, since the collector chooses whom it scrapes.
 *
 * @param name the door name, such as {@code micrometer.otlp}
 * @param signals the signals it carries, in the order of {@link Signal}
 * @param pulled whether a collector pulls its data rather than the door pushing it
 */
public record DoorDeclaration(String name, Set<Signal> signals, boolean pulled) {

	/**
	 * Creates a declaration.
	 * @param name the door name
	 * @param signals the signals it carries, at least one
	 * @param pulled whether a collector pulls its data
	 */
	public DoorDeclaration {
		if (signals.isEmpty()) {
			throw new IllegalArgumentException("The door " + name + " carries no signal");
		}
		signals = Collections.unmodifiableSet(EnumSet.copyOf(signals));
	}

	/**
	 * A door that pushes its data: it follows the decision unless opted out.
	 * @param name the door name
	 * @param signals the signals it carries
	 * @return the declaration
	 */
	public static DoorDeclaration push(String name, Set<Signal> signals) {
		return new DoorDeclaration(name, signals, false);
	}

	/**
	 * A door whose data a collector pulls: it is left alone unless opted in.
	 * @param name the door name
	 * @param signals the signals it carries
	 * @return the declaration
	 */
	public static DoorDeclaration pull(String name, Set<Signal> signals) {
		return new DoorDeclaration(name, signals, true);
	}

}
