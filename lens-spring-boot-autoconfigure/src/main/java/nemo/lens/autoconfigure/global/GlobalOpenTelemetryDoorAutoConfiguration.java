package nemo.lens.autoconfigure.global;

import java.util.List;

import io.opentelemetry.api.OpenTelemetry;
import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.door.DoorState;
import nemo.lens.autoconfigure.door.LensDoorsAutoConfiguration;
import nemo.lens.autoconfigure.door.TelemetryDoors;
import nemo.lens.autoconfigure.instrumentation.OpenTelemetryStarterDoor;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.context.annotation.Bean;

/**
 * Puts {@code GlobalOpenTelemetry} behind the rank's decision (door {@code global.opentelemetry},
 * gated by default): libraries that look their telemetry up there, rather than being handed the
 * application's {@code OpenTelemetry} bean, export from exporting ranks only, and the SDK's global
 * autoconfigure cannot build an exporting SDK on every rank. The global follows Lens's telemetry,
 * or the OpenTelemetry instrumentation starter's SDK when that starter's door gates it. Left alone
 * when the application has an {@code OpenTelemetry} bean of its own that no Lens door gates: that
 * bean's owner may set the global itself.
 */
@AutoConfiguration(after = LensDoorsAutoConfiguration.class,
		afterName = "nemo.lens.autoconfigure.instrumentation.OpenTelemetryStarterDoorAutoConfiguration")
@ConditionalOnBean(TelemetryDoors.class)
public final class GlobalOpenTelemetryDoorAutoConfiguration {

	private static final Log logger = LogFactory.getLog(GlobalOpenTelemetryDoorAutoConfiguration.class);

	GlobalOpenTelemetryDoorAutoConfiguration() {
	}

	@Bean
	GlobalOpenTelemetryGate lensGlobalOpenTelemetryGate(TelemetryDoors doors, TelemetryHandle handle,
			ObjectProvider<OpenTelemetry> openTelemetryBeans) {
		if (!doors.open(GlobalOpenTelemetryDoor.NAME).followsDecision()) {
			return GlobalOpenTelemetryGate.notInstalled();
		}
		// Building the instrumentation starter's SDK, if any, is what opens its door: looked up first.
		List<OpenTelemetry> others = openTelemetryBeans.orderedStream()
			.filter((bean) -> bean != handle.openTelemetry())
			.toList();
		OpenTelemetry followed = handle.openTelemetry();
		if (!others.isEmpty()) {
			DoorState starter = doors.states().get(OpenTelemetryStarterDoor.NAME);
			if (others.size() > 1 || starter == null || !starter.followsDecision()) {
				doors.leftAsConfigured(GlobalOpenTelemetryDoor.NAME);
				logger.info("NeMo Lens: GlobalOpenTelemetry is left to the application, which defines an "
						+ "OpenTelemetry bean of its own that no Lens door gates.");
				return GlobalOpenTelemetryGate.notInstalled();
			}
			// The instrumentation starter's SDK, behind its own door: the global gets its resource too,
			// and, like that SDK, keeps the decision made at start-up.
			followed = others.get(0);
			doors.open(GlobalOpenTelemetryDoor.NAME, false);
		}
		GlobalOpenTelemetryGate gate = GlobalOpenTelemetryGate.install(followed);
		if (!gate.isInstalled()) {
			doors.leftAsConfigured(GlobalOpenTelemetryDoor.NAME);
		}
		return gate;
	}

}
