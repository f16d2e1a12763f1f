package nemo.lens.autoconfigure.boot;

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
 * Spring Boot's own OpenTelemetry SDK as a door: it pushes all three signals. It is recorded when
 * the rank's doors are made, whether this door's auto-configuration ran or not, and only where
 * Boot's SDK is on the class path.
 */
public final class BootOpenTelemetryDoor implements DoorDeclarations, DoorsAtStart {

	/** The door's name. */
	static final String NAME = "boot.opentelemetry";

	/** Spring Boot's OpenTelemetry SDK auto-configuration: 4.x, then 3.5. */
	private static final List<String> BOOT_OPENTELEMETRY_SDK = List.of(
			"org.springframework.boot.opentelemetry.autoconfigure.OpenTelemetrySdkAutoConfiguration",
			"org.springframework.boot.actuate.autoconfigure.opentelemetry.OpenTelemetryAutoConfiguration");

	BootOpenTelemetryDoor() {
	}

	/**
	 * Whether Spring Boot's OpenTelemetry SDK is on the class path, on any line.
	 * @param classLoader the application's class loader
	 * @return whether Boot's SDK auto-configuration is present
	 */
	public static boolean isOnClassPath(ClassLoader classLoader) {
		return BOOT_OPENTELEMETRY_SDK.stream().anyMatch((type) -> ClassFiles.present(type, classLoader));
	}

	@Override
	public List<DoorDeclaration> doors() {
		return List.of(DoorDeclaration.push(NAME, EnumSet.allOf(Signal.class)));
	}

	/**
	 * Spring Boot's SDK follows the decision only where Lens deferred its pipeline and took its
	 * place; where the door's configuration did not run (Lens disabled, the door opted out), Boot's
	 * SDK runs as configured, and the door says so.
	 */
	@Override
	public void recordAtStart(TelemetryDoors doors, ListableBeanFactory beanFactory, ClassLoader classLoader) {
		if (!isOnClassPath(classLoader)) {
			return;
		}
		if (beanFactory.containsBeanDefinition(BootOpenTelemetryDoorAutoConfiguration.DEFERRAL_BEAN)) {
			doors.open(NAME);
		}
		else {
			doors.leftAsConfigured(NAME);
		}
	}

}
