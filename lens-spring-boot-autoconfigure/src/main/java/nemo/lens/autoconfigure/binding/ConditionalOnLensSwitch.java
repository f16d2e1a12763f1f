package nemo.lens.autoconfigure.binding;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.context.annotation.Conditional;

/**
 * Matches when a {@code nemo.lens.*} switch is on, as {@link LensSwitches} reads it (the core's
 * spellings, such as {@code on}, {@code 1} and {@code YES}); a value that is no boolean fails the
 * start-up, naming the setting and the value, rather than silently not matching.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE })
@Documented
@Conditional(OnLensSwitchCondition.class)
public @interface ConditionalOnLensSwitch {

	/**
	 * The switch, such as {@code nemo.lens.gate.boot.opentelemetry}.
	 * @return the property name
	 */
	String value();

	/**
	 * Whether the condition matches when the switch is unset.
	 * @return the value of an unset switch
	 */
	boolean matchIfMissing() default false;

}
