package nemo.lens.autoconfigure.door;

import java.util.List;

import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.NemoLensProperties;
import nemo.lens.autoconfigure.boot.BootOpenTelemetryDoorAutoConfiguration;
import nemo.lens.autoconfigure.handle.TelemetryHandleAutoConfiguration;
import nemo.lens.launch.RankInfo;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.io.ResourceLoader;
import org.springframework.util.ClassUtils;

/**
 * The registry of telemetry doors: the gate switches read and checked at start-up, each door's
 * state as the door integrations report it, and the start-up line that names them.
 */
@AutoConfiguration(after = TelemetryHandleAutoConfiguration.class)
@ConditionalOnBean(TelemetryHandle.class)
public final class LensDoorsAutoConfiguration {

	/** Spring Boot's OpenTelemetry SDK auto-configuration: 4.x, then 3.5. */
	private static final List<String> BOOT_OPENTELEMETRY_SDK = List.of(
			"org.springframework.boot.opentelemetry.autoconfigure.OpenTelemetrySdkAutoConfiguration",
			"org.springframework.boot.actuate.autoconfigure.opentelemetry.OpenTelemetryAutoConfiguration");

	LensDoorsAutoConfiguration() {
	}

	@Bean
	@ConditionalOnMissingBean
	TelemetryDoors lensTelemetryDoors(TelemetryHandle handle, NemoLensProperties properties,
			ResourceLoader resourceLoader, ListableBeanFactory beanFactory) {
		ClassLoader classLoader = resourceLoader.getClassLoader();
		TelemetryDoors doors = new TelemetryDoors(handle, DoorGates.of(properties.getGate()));
		if (BOOT_OPENTELEMETRY_SDK.stream().anyMatch((type) -> ClassUtils.isPresent(type, classLoader))) {
			reportBootOpenTelemetry(doors, beanFactory);
		}
		return doors;
	}

	/**
	 * Spring Boot's SDK follows the decision only where Lens deferred its pipeline and took its
	 * place; where the door's configuration did not run (Lens disabled, the door opted out), Boot's
	 * SDK runs as configured, and the door says so.
	 */
	private static void reportBootOpenTelemetry(TelemetryDoors doors, ListableBeanFactory beanFactory) {
		if (beanFactory.containsBeanDefinition(BootOpenTelemetryDoorAutoConfiguration.DEFERRAL_BEAN)) {
			doors.open(DoorGates.BOOT_OPENTELEMETRY);
		}
		else {
			doors.leftAsConfigured(DoorGates.BOOT_OPENTELEMETRY);
		}
	}

	@Bean
	@ConditionalOnMissingBean
	RankIdentity lensRankIdentity(TelemetryHandle handle, RankInfo rankInfo) {
		return RankIdentity.of(handle, rankInfo);
	}

	@Bean
	DoorReport lensDoorReport(TelemetryDoors doors) {
		return new DoorReport(doors);
	}

}
