package nemo.lens.autoconfigure.refresh;

import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.handle.TelemetryHandleAutoConfiguration;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.cloud.context.environment.EnvironmentChangeEvent;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * With Spring Cloud on the class path, a refresh that changes {@code nemo.lens.*} settings makes
 * the rank decide again, below the endpoint's override and the control file. Only the settings
 * that can change while a rank runs are taken; Lens adds no writable {@code env} endpoint of its
 * own.
 */
@AutoConfiguration(after = TelemetryHandleAutoConfiguration.class)
@ConditionalOnClass(EnvironmentChangeEvent.class)
@ConditionalOnBean(TelemetryHandle.class)
public final class LensRefreshAutoConfiguration {

	LensRefreshAutoConfiguration() {
	}

	@Bean
	LensSettingsRefresh lensSettingsRefresh(TelemetryHandle handle, ConfigurableEnvironment environment) {
		return new LensSettingsRefresh(handle, environment);
	}

}
