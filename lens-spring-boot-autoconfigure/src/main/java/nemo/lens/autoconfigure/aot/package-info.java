/**
 * Spring AOT and native images: the check that an AOT-processed application runs with the
 * switches it was built with, and the reflection hints of the core's config.
 * <p>
 * May import the core, the auto-configuration root, {@code binding} and {@code failure}.
 */
package nemo.lens.autoconfigure.aot;
