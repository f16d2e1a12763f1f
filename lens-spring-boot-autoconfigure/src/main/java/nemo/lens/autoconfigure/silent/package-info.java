/**
 * What a rank that can never export a signal turns off before any bean exists: the rank decides
 * from its environment, while the environment is prepared, and switches Spring Boot's own
 * exporters of that signal off with Boot's own properties, so they are never built. May import
 * the core, the auto-configuration root and {@code binding}; the doors and the handle import it.
 */
package nemo.lens.autoconfigure.silent;
