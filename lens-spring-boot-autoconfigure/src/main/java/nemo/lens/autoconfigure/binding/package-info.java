/**
 * Reading NeMo Lens's settings in Spring the one way the core reads them: every
 * {@code nemo.lens.*} value, from the environment or elsewhere, parsed by the core; the switches
 * that conditions, the AOT check and the door gates read; the core's config built from the bound
 * properties.
 * <p>
 * May import the core, the auto-configuration root and {@code failure}.
 */
package nemo.lens.autoconfigure.binding;
