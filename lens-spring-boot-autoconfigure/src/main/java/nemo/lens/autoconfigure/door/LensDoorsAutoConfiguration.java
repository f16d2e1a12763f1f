package nemo.lens.autoconfigure.door;

import java.util.List;
import java.util.Map;

import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.NemoLensAutoConfiguration;
import nemo.lens.launch.RankInfo;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;
import org.springframework.util.ClassUtils;

/**
 * The registry of telemetry doors: the gate switches read and checked at start-up, each door's
 * state as the door integrations report it, and the start-up line that names them.
 */
@AutoConfiguration(after = NemoLensAutoConfiguration.class)
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
	TelemetryDoors lensTelemetryDoors(TelemetryHandle handle, Environment environment, ResourceLoader resourceLoader) {
		ClassLoader classLoader = resourceLoader.getClassLoader();
		Map<String, String> settings = Binder.get(environment)
			.bind(DoorGates.PREFIX, Bindable.mapOf(String.class, String.class))
			.orElse(Map.of());
		TelemetryDoors doors = new TelemetryDoors(handle, DoorGates.of(settings));
		if (BOOT_OPENTELEMETRY_SDK.stream().anyMatch((type) -> ClassUtils.isPresent(type, classLoader))) {
			doors.open(DoorGates.BOOT_OPENTELEMETRY);
		}
		return doors;
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
