package nemo.lens.spans;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs the annotated method in a helper span (Python's {@code @trace_fn}): the group is checked at
 * every call, so switching groups at run time applies at once; an exception that leaves the method
 * is recorded and sets status ERROR. Spring applications get it through the starter (Spring AOP
 * proxies, so only calls through the bean count, not calls from the bean to itself).
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Documented
public @interface LensSpan {

	/**
	 * The span name; empty means {@code SimpleClassName.method}.
	 * @return the span name
	 */
	String name() default "";

	/**
	 * The span group, such as {@value SpanGroups#STEP}; empty means the span is always emitted on
	 * an exporting rank.
	 * @return the group
	 */
	String group() default "";

}
