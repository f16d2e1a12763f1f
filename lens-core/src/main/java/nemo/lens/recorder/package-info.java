/**
 * The flight recorder of a rank that does not export traces: a bounded ring of its last finished
 * spans ({@link nemo.lens.recorder.SpanRing}), the OTLP JSON files it is dumped to
 * ({@link nemo.lens.recorder.DumpWriter}), and the command that reads the dumps of every rank
 * ({@link nemo.lens.recorder.DumpReport}).
 * <p>
 * May import the OpenTelemetry SDK and its OTLP encoding, never another {@code nemo.lens} package:
 * the root wires it in.
 */
package nemo.lens.recorder;
