package nemo.lens.autoconfigure.silent;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.context.annotation.Conditional;

/**
 * Matches on a rank that decided, before any bean existed, that it will never export any signal
 * ({@link SilentRankPropertySource#silentForLife()}).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.TYPE, ElementType.METHOD })
@Documented
@Conditional(OnSilentForLifeCondition.class)
public @interface ConditionalOnSilentForLife {

}
