package nemo.lens.autoconfigure.global;

import java.util.EnumSet;
import java.util.List;

import nemo.lens.Signal;
import nemo.lens.autoconfigure.door.DoorDeclaration;
import nemo.lens.autoconfigure.door.DoorDeclarations;

/**
 * {@code GlobalOpenTelemetry} as a door, for libraries that find their telemetry there: it carries
 * all three signals, pushed by whichever SDK it holds.
 */
final class GlobalOpenTelemetryDoor implements DoorDeclarations {

	/** The door's name. */
	static final String NAME = "global.opentelemetry";

	@Override
	public List<DoorDeclaration> doors() {
		return List.of(DoorDeclaration.push(NAME, EnumSet.allOf(Signal.class)));
	}

}
