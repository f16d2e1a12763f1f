package nemo.lens.autoconfigure.door;

import java.util.List;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationListener;
import org.springframework.context.event.ContextRefreshedEvent;

/**
 * Logs which telemetry doors this rank silenced, so that an operator reading a quiet rank's log
 * sees why it is quiet. Written once the context is refreshed, not when the singletons are: some
 * doors are recorded by a {@code SmartInitializingSingleton} of their own (the push registries a
 * switchable rank builds at its first switch-on), which may run after any other, so the line is
 * read from the same {@link TelemetryDoors} the endpoint reads once all of them have run.
 */
final class DoorReport implements ApplicationListener<ContextRefreshedEvent> {

	private static final Log logger = LogFactory.getLog(DoorReport.class);

	private final TelemetryDoors doors;

	private final ApplicationContext context;

	DoorReport(TelemetryDoors doors, ApplicationContext context) {
		this.doors = doors;
		this.context = context;
	}

	@Override
	public void onApplicationEvent(ContextRefreshedEvent event) {
		// A child context's refresh (a management server of its own) reaches this listener too.
		if (event.getApplicationContext() != this.context || this.doors.states().isEmpty()) {
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
