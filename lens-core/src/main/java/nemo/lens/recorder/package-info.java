/**
 * The flight recorder of a rank that does not export traces, all of it:
 * {@link nemo.lens.recorder.FlightRecorder} starts itself from the settings, keeps a bounded ring of
 * the last finished spans ({@link nemo.lens.recorder.SpanRing}) and log records, hands them to the
 * exporters when the rank is switched on, dumps them to OTLP JSON files
 * ({@link nemo.lens.recorder.DumpWriter}), with the spans still open, on request, at an uncaught
 * exception, at exit and when a span stays open longer than the stall timeout; and the command that
 * reads the dumps of every rank and says who is stuck where ({@link nemo.lens.recorder.DumpReport}).
 * <p>
 * May import {@code nemo.lens.sdk} (the recording SDK), {@code nemo.lens.switching},
 * {@code nemo.lens.env} (the redaction of dumps) and the OpenTelemetry SDK with its OTLP encoding,
 * never {@code nemo.lens}: what it needs from the
 * settings it declares itself ({@link nemo.lens.recorder.FlightRecorderSettings}). Within it,
 * {@link nemo.lens.recorder.FlightRecorder} builds the writer of its dumps and their retention,
 * which log under its name but do not import it.
 */
package nemo.lens.recorder;
