/**
 * Spring AOT and native images: the check that an AOT-processed application runs with the
 * switches it was built with.
 * <p>
 * May import the core, the auto-configuration root, {@code binding} and {@code failure}.
 */
package nemo.lens.autoconfigure.aot;
