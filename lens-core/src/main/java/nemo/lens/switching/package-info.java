/**
 * The switchable OpenTelemetry API a rank hands out: {@link nemo.lens.switching.SwitchableTelemetry}
 * and the tracers, meters, instruments and loggers that follow it when the rank is switched on or
 * off while it runs, and {@link nemo.lens.switching.ExportedSignalsTelemetry}, which routes each
 * signal to the SDK that exports it or to a silent provider. Not API: the root hands these out as
 * the plain OpenTelemetry interfaces.
 * <p>
 * Imports the OpenTelemetry API only, never another {@code nemo.lens} package. Within it, the
 * telemetry builds the providers it hands out, and they and their instruments follow its
 * {@code CurrentTarget}, never the telemetry itself.
 */
package nemo.lens.switching;
