package nemo.lens.autoconfigure.refresh;

import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.handle.TelemetryHandleAutoConfiguration;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * With Spring Cloud on the class path, a refresh that changes {@code nemo.lens.*} settings makes
 * the rank decide again, below the endpoint's override and the control file. Only the settings
 * that can change while a rank runs are taken; Lens adds no writable {@code env} endpoint of its
 * own.
 * <p>
 * Spring Cloud is optional, and its event class is named here by name only: an auto-configuration
 * registered by class (an {@code ApplicationContextRunner}) is read by reflection, which drops a
 * class condition whose class is missing, and the listener, whose methods name Spring Cloud's
 * event, would then fail the context with a {@code NoClassDefFoundError}.
 */
@AutoConfiguration(after = TelemetryHandleAutoConfiguration.class)
@ConditionalOnClass(name = LensRefreshAutoConfiguration.ENVIRONMENT_CHANGE_EVENT)
@ConditionalOnBean(TelemetryHandle.class)
public final class LensRefreshAutoConfiguration {

	/** Spring Cloud's event for properties changed by a refresh. */
	static final String ENVIRONMENT_CHANGE_EVENT = "org.springframework.cloud.context.environment.EnvironmentChangeEvent";

	LensRefreshAutoConfiguration() {
	}

	@Bean
	LensSettingsRefresh lensSettingsRefresh(TelemetryHandle handle, ConfigurableEnvironment environment) {
		return new LensSettingsRefresh(handle, environment);
	}

}
