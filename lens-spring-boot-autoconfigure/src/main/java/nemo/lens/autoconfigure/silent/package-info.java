/**
 * What a rank that can never export a signal turns off before any bean exists: the rank decides
 * from its environment, while the environment is prepared, and switches Spring Boot's own
 * exporters of that signal off with Boot's own properties, so they are never built; a rank silent
 * for life also starts without Boot's telemetry auto-configurations, no-op beans standing in for
 * what applications inject. May import
 * the core, the auto-configuration root and {@code binding}; the doors and the handle import it.
 */
package nemo.lens.autoconfigure.silent;
