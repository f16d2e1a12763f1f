package nemo.lens.recorder;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Collection;

import io.opentelemetry.exporter.internal.otlp.traces.TraceRequestMarshaler;
import io.opentelemetry.sdk.trace.data.SpanData;

/**
 * Spans as one OTLP JSON line: an {@code ExportTraceServiceRequest}, the encoding of OTLP/HTTP
 * JSON, which the Collector's {@code otlpjsonfile} receiver reads line by line. Written by the
 * SDK's own marshaler (what its OTLP exporters and its logging-otlp exporter use) rather than by
 * hand; it is an internal class of the SDK, so it is named here only.
 */
final class OtlpJson {

	private OtlpJson() {
	}

	static void write(Collection<SpanData> spans, OutputStream out) throws IOException {
		TraceRequestMarshaler.create(spans).writeJsonTo(out);
		out.write('\n');
	}

}
