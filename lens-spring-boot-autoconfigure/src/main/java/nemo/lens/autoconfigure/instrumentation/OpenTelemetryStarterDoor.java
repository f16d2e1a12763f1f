package nemo.lens.autoconfigure.instrumentation;

import java.util.EnumSet;
import java.util.List;

import nemo.lens.Signal;
import nemo.lens.autoconfigure.door.DoorDeclaration;
import nemo.lens.autoconfigure.door.DoorDeclarations;

/**
 * The OpenTelemetry instrumentation Spring Boot starter's own SDK as a door: it pushes all three
 * signals.
 */
public final class OpenTelemetryStarterDoor implements DoorDeclarations {

	/** The door's name. */
	public static final String NAME = "otel.starter";

	static final DoorDeclaration DOOR = DoorDeclaration.push(NAME, EnumSet.allOf(Signal.class));

	OpenTelemetryStarterDoor() {
	}

	@Override
	public List<DoorDeclaration> doors() {
		return List.of(DOOR);
	}

}
