package nemo.lens.autoconfigure.door;

import org.springframework.beans.factory.ListableBeanFactory;

/**
 * An integration whose doors are recorded once the rank's doors are made, before any of its beans
 * runs (such as a door whose integration may not run at all, and which is then reported as
 * configured by the user); most doors are recorded as they are met and need none. Kept apart from
 * {@link DoorDeclarations}, which the gates read before the doors exist.
 */
public interface DoorsAtStart {

	/**
	 * Records the integration's doors.
	 * @param doors the rank's doors
	 * @param beanFactory the application's bean definitions
	 * @param classLoader the application's class loader
	 */
	void recordAtStart(TelemetryDoors doors, ListableBeanFactory beanFactory, ClassLoader classLoader);

}
