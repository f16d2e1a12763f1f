/**
 * The door of Spring Boot's own OpenTelemetry: Lens's SDK replaces Boot's, Boot's exporter beans
 * and settings carry over to it on exporting ranks, and Boot's own pipeline is never built on a
 * silent one.
 * <p>
 * May import the core, the auto-configuration root, {@code binding} and {@code failure}.
 */
package nemo.lens.autoconfigure.boot;
