package nemo.lens.recorder;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collection;

import io.opentelemetry.exporter.internal.otlp.ResourceMarshaler;
import io.opentelemetry.exporter.internal.otlp.logs.LogsRequestMarshaler;
import io.opentelemetry.exporter.internal.otlp.traces.TraceRequestMarshaler;
import io.opentelemetry.sdk.logs.data.LogRecordData;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.data.SpanData;

/**
 * Spans (and log records) as OTLP JSON lines, spans as an {@code ExportTraceServiceRequest}, the encoding of OTLP/HTTP
 * JSON, which the Collector's {@code otlpjsonfile} receiver reads line by line. Written by the
 * SDK's own marshaler (what its OTLP exporters and its logging-otlp exporter use) rather than by
 * hand; it is an internal class of the SDK, so it is named here only.
 */
final class OtlpJson {

	private OtlpJson() {
	}

	/**
	 * Spans as one OTLP JSON line, the job's attempt first ({@code {"attempt":1,"resourceSpans":...}}:
	 * OTLP JSON readers skip a field they do not know). With no span, the request still carries the
	 * resource (with an empty list of scope spans): a dump of a rank that holds nothing still says
	 * who wrote it and why.
	 */
	static void write(Collection<SpanData> spans, Resource resource, int attempt, OutputStream out)
			throws IOException {
		out.write(("{\"attempt\":" + attempt + ",").getBytes(StandardCharsets.US_ASCII));
		if (spans.isEmpty()) {
			out.write("\"resourceSpans\":[{\"resource\":".getBytes(StandardCharsets.US_ASCII));
			ResourceMarshaler.create(resource).writeJsonTo(new KeptOpen(out));
			// An empty list written out, for readers that walk the scope spans of every resource.
			out.write(",\"scopeSpans\":[]}]}".getBytes(StandardCharsets.US_ASCII));
		}
		else {
			// The request's own opening brace is the one written above.
			TraceRequestMarshaler.create(spans).writeJsonTo(new KeptOpen(out, 1));
		}
		out.write('\n');
	}

	/** Log records as one OTLP JSON line, an {@code ExportLogsServiceRequest}. */
	static void writeLogs(Collection<LogRecordData> records, OutputStream out) throws IOException {
		LogsRequestMarshaler.create(records).writeJsonTo(new KeptOpen(out));
		out.write('\n');
	}

	/**
	 * The marshaler closes the stream it wrote to (its JSON generator does), and a dump writes more
	 * than one line to the same stream: closing this one only flushes.
	 */
	private static final class KeptOpen extends FilterOutputStream {

		/** How many bytes written first are left out. */
		private int skip;

		KeptOpen(OutputStream out) {
			this(out, 0);
		}

		KeptOpen(OutputStream out, int skip) {
			super(out);
			this.skip = skip;
		}

		@Override
		public void write(int b) throws IOException {
			if (this.skip > 0) {
				this.skip--;
				return;
			}
			this.out.write(b);
		}

		@Override
		public void write(byte[] bytes, int offset, int length) throws IOException {
			int skipped = Math.min(this.skip, length);
			this.skip -= skipped;
			this.out.write(bytes, offset + skipped, length - skipped);
		}

		@Override
		public void close() throws IOException {
			flush();
		}

	}

}
