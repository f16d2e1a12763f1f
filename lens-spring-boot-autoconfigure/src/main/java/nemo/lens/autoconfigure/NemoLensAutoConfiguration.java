package nemo.lens.autoconfigure;

import io.opentelemetry.api.OpenTelemetry;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.context.properties.EnableConfigurationProperties;

/**
 * The entry of NeMo Lens's auto-configuration: binds {@link NemoLensProperties}, which every other
 * part reads. Each process then finds its rank and decides once whether it exports
 * ({@code handle}), Spring Boot's own OpenTelemetry runs on that decision ({@code boot}), and every
 * other telemetry door follows it ({@code door}, {@code micrometer}, {@code instrumentation},
 * {@code global}); the {@code lens} endpoint shows what was decided ({@code endpoint}). All of them
 * are ordered after this one.
 */
@AutoConfiguration(beforeName = {
		// Spring Boot 4.0 and 4.1
		"org.springframework.boot.opentelemetry.autoconfigure.OpenTelemetrySdkAutoConfiguration",
		// Spring Boot 3.5
		"org.springframework.boot.actuate.autoconfigure.opentelemetry.OpenTelemetryAutoConfiguration" })
@ConditionalOnClass(OpenTelemetry.class)
@EnableConfigurationProperties(NemoLensProperties.class)
public final class NemoLensAutoConfiguration {

	NemoLensAutoConfiguration() {
	}

}
