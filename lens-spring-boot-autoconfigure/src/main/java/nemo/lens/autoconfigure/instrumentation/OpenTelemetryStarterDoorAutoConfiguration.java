package nemo.lens.autoconfigure.instrumentation;

import io.opentelemetry.sdk.autoconfigure.spi.AutoConfigurationCustomizerProvider;
import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.door.LensDoorsAutoConfiguration;
import nemo.lens.autoconfigure.door.RankIdentity;
import nemo.lens.autoconfigure.door.TelemetryDoors;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;

/**
 * Puts the OpenTelemetry instrumentation Spring Boot starter behind the rank's decision: its
 * instrumentations (web, JDBC, {@code @WithSpan}, scheduling, runtime metrics, log appenders) keep
 * running, but on a silent rank through an SDK that exports nothing, and on an exporting rank
 * through the starter's own SDK stamped with the rank.
 */
@AutoConfiguration(after = LensDoorsAutoConfiguration.class)
@ConditionalOnClass(name = OpenTelemetryStarterDoor.STARTER)
@ConditionalOnBean(TelemetryDoors.class)
public final class OpenTelemetryStarterDoorAutoConfiguration {

	OpenTelemetryStarterDoorAutoConfiguration() {
	}

	@Bean
	AutoConfigurationCustomizerProvider lensOpenTelemetryStarterGate(TelemetryDoors doors, RankIdentity identity) {
		return new StarterSdkGate(doors, identity);
	}

}
