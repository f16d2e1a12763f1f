/**
 * The rank's one decision in a Spring application: the strategy registry with the application's
 * {@code ExportStrategy} beans, the rank, the {@code TelemetryHandle}, and its bounded shutdown when
 * the context closes.
 * <p>
 * May import the core, the auto-configuration root, {@code binding}, {@code boot} and
 * {@code failure}.
 */
package nemo.lens.autoconfigure.handle;
