/**
 * Spans that cost nothing until wanted: named span groups switched on by a spec such as
 * {@code default}, {@code per_step} or {@code all} and changeable at run time
 * ({@link nemo.lens.spans.SpanGroups}), a span helper that reads like Java
 * ({@link nemo.lens.spans.LensSpanBuilder}, reached from {@code TelemetryHandle.span(name)}),
 * attributes set safely ({@link nemo.lens.spans.AttributeRules}) and one trace per job
 * ({@link nemo.lens.spans.JobTrace}).
 * <p>
 * May import {@code nemo.lens.env} and the OpenTelemetry API, never {@code nemo.lens}: the root
 * builds these for its handle.
 */
package nemo.lens.spans;
