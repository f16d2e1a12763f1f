package nemo.lens.autoconfigure.door;

import java.util.List;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.SmartInitializingSingleton;

/**
 * Logs, once every bean is built, which telemetry doors this rank silenced, so that an operator
 * reading a quiet rank's log sees why it is quiet.
 */
final class DoorReport implements SmartInitializingSingleton {

	private static final Log logger = LogFactory.getLog(DoorReport.class);

	private final TelemetryDoors doors;

	DoorReport(TelemetryDoors doors) {
		this.doors = doors;
	}

	@Override
	public void afterSingletonsInstantiated() {
		if (this.doors.states().isEmpty()) {
			return;
		}
		logger.info("NeMo Lens: doors " + part("exporting", DoorState.EXPORTING) + part("; silenced", DoorState.SILENCED)
				+ part("; ungated", DoorState.UNGATED));
	}

	private String part(String label, DoorState state) {
		List<String> names = this.doors.named(state);
		return label + " " + (names.isEmpty() ? "none" : String.join(", ", names));
	}

}
