package nemo.lens.autoconfigure.binding;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Matches when NeMo Lens is enabled ({@code nemo.lens.enabled} or {@code NEMO_LENS_ENABLED} in
 * any of the core's spellings: {@code true}, {@code 1}, {@code yes}, {@code on}), as Spring Boot's
 * {@code @ConditionalOnEnabledTracing} does for tracing.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.TYPE, ElementType.METHOD })
@Documented
@ConditionalOnLensSwitch(LensSwitches.ENABLED)
public @interface ConditionalOnLensEnabled {

}
