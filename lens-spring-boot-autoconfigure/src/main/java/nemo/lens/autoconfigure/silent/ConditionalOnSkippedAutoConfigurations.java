package nemo.lens.autoconfigure.silent;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.context.annotation.Conditional;

/**
 * Matches on a rank silent for life that started without a group of Spring Boot's telemetry
 * auto-configurations ({@link SilentRankPropertySource#skips(TelemetryAutoConfigurations)}), where
 * a no-op bean stands in for what the group would have made.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.TYPE, ElementType.METHOD })
@Documented
@Conditional(OnSkippedAutoConfigurationsCondition.class)
public @interface ConditionalOnSkippedAutoConfigurations {

	/**
	 * The group the rank skipped.
	 * @return the group
	 */
	TelemetryAutoConfigurations value();

}
