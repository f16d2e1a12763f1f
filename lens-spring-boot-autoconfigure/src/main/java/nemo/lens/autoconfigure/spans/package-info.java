/**
 * The {@link nemo.lens.spans.LensSpan @LensSpan} annotation on Spring beans, through a Spring AOP
 * advisor.
 */
package nemo.lens.autoconfigure.spans;
