package nemo.lens.autoconfigure.instrumentation;

import java.util.EnumSet;
import java.util.List;

import nemo.lens.Signal;
import nemo.lens.autoconfigure.door.DoorDeclaration;
import nemo.lens.autoconfigure.door.DoorDeclarations;
import nemo.lens.autoconfigure.door.DoorsAtStart;
import nemo.lens.autoconfigure.door.TelemetryDoors;
import nemo.lens.autoconfigure.silent.ClassFiles;

import org.springframework.beans.factory.ListableBeanFactory;

/**
 * The OpenTelemetry instrumentation Spring Boot starter's own SDK as a door: it pushes all three
 * signals. It is recorded as its SDK is built ({@link StarterSdkGate}), or, on a rank silent for
 * life whose handle took the SDK's place ({@link SilentRankStarterAutoConfiguration}), when the
 * doors are made, as silenced.
 */
public final class OpenTelemetryStarterDoor implements DoorDeclarations, DoorsAtStart {

	/** The door's name. */
	public static final String NAME = "otel.starter";

	/**
	 * The starter's SDK auto-configuration, whose presence marks the starter on the class path. Kept
	 * here, at the bottom of the package, so that the auto-configurations and the gate import the
	 * door and the door imports none of them.
	 */
	static final String STARTER = "io.opentelemetry.instrumentation.spring.autoconfigure.OpenTelemetryAutoConfiguration";

	/**
	 * The bean of {@link SilentRankStarterAutoConfiguration}, which exists only where the starter's
	 * SDK was never built.
	 */
	static final String SILENT_RANK_BEAN = "lensSilentRankOpenTelemetry";

	static final DoorDeclaration DOOR = DoorDeclaration.push(NAME, EnumSet.allOf(Signal.class));

	OpenTelemetryStarterDoor() {
	}

	/**
	 * Whether the instrumentation starter is on the class path.
	 * @param classLoader the application's class loader
	 * @return whether its SDK auto-configuration is present
	 */
	public static boolean isOnClassPath(ClassLoader classLoader) {
		return ClassFiles.present(STARTER, classLoader);
	}

	@Override
	public List<DoorDeclaration> doors() {
		return List.of(DOOR);
	}

	@Override
	public void recordAtStart(TelemetryDoors doors, ListableBeanFactory beanFactory, ClassLoader classLoader) {
		if (beanFactory.containsBeanDefinition(SILENT_RANK_BEAN)) {
			doors.open(NAME, false);
		}
	}

}
