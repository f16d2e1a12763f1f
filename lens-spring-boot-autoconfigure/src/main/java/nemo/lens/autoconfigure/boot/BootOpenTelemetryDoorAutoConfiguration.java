package nemo.lens.autoconfigure.boot;

import io.opentelemetry.api.OpenTelemetry;
import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.NemoLensAutoConfiguration;
import nemo.lens.autoconfigure.binding.ConditionalOnLensEnabled;
import nemo.lens.autoconfigure.binding.ConditionalOnLensSwitch;
import nemo.lens.autoconfigure.binding.LensSwitches;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Spring Boot's own OpenTelemetry behind the rank's decision: an enabled Lens publishes its
 * handle's {@link OpenTelemetry}, which makes Boot's SDK back off, and defers Boot's SDK pipeline
 * beans so that a silent rank never builds them. Ordered before Boot's OpenTelemetry
 * auto-configurations, by name (4.x and 3.5 keep them in different modules); after the
 * OpenTelemetry instrumentation starter's, whose SDK Lens sets on the decision instead of
 * replacing it. With the flight recorder on, a silent rank's handle hands out its recording SDK, so
 * the spans Boot's Observation API makes there are kept in the rank's ring like Lens's own, with
 * no hook of this door's: Boot's exporter beans and batch processor stay unbuilt, and at switch-on
 * the ring is handed over through them first. Opting the door out
 * ({@code nemo.lens.gate.boot.opentelemetry=false}) leaves Boot's SDK to run, and export, on every
 * rank: nothing of it is recorded.
 */
@AutoConfiguration(after = NemoLensAutoConfiguration.class, beforeName = {
		// Spring Boot 4.0 and 4.1
		"org.springframework.boot.opentelemetry.autoconfigure.OpenTelemetrySdkAutoConfiguration",
		"org.springframework.boot.opentelemetry.autoconfigure.logging.OpenTelemetryLoggingAutoConfiguration",
		"org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration",
		"org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration",
		// Spring Boot 3.5, where the same parts live in actuator's auto-configuration
		"org.springframework.boot.actuate.autoconfigure.opentelemetry.OpenTelemetryAutoConfiguration",
		"org.springframework.boot.actuate.autoconfigure.logging.OpenTelemetryLoggingAutoConfiguration",
		"org.springframework.boot.actuate.autoconfigure.tracing.OpenTelemetryTracingAutoConfiguration",
		"org.springframework.boot.actuate.autoconfigure.tracing.MicrometerTracingAutoConfiguration" },
		afterName = "io.opentelemetry.instrumentation.spring.autoconfigure.OpenTelemetryAutoConfiguration")
@ConditionalOnClass(OpenTelemetry.class)
@ConditionalOnLensEnabled
@ConditionalOnLensSwitch(value = LensSwitches.GATE_BOOT_OPENTELEMETRY, matchIfMissing = true)
public final class BootOpenTelemetryDoorAutoConfiguration {

	/**
	 * The bean that exists only when this door is behind the decision: the door's state and the
	 * AOT check are read from it.
	 */
	public static final String DEFERRAL_BEAN = "lensBootSdkPipelineDeferral";

	BootOpenTelemetryDoorAutoConfiguration() {
	}

	@Bean(destroyMethod = "")
	@ConditionalOnMissingBean(OpenTelemetry.class)
	OpenTelemetry lensOpenTelemetry(TelemetryHandle handle) {
		return handle.openTelemetry();
	}

	@Bean(DEFERRAL_BEAN)
	static BootSdkPipelineDeferral lensBootSdkPipelineDeferral() {
		return new BootSdkPipelineDeferral();
	}

}
