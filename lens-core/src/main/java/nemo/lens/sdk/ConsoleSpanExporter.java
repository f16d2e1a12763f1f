package nemo.lens.sdk;

import java.io.PrintStream;
import java.util.Collection;
import java.util.concurrent.TimeUnit;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;

/**
 * Writes one compact line per span, so that a developer sees what an exporting rank would send
 * without running a collector.
 */
final class ConsoleSpanExporter extends AbstractConsoleExporter implements SpanExporter {

	ConsoleSpanExporter(PrintStream out) {
		super(out);
	}

	@Override
	public CompletableResultCode export(Collection<SpanData> spans) {
		for (SpanData span : spans) {
			println(line(span));
		}
		return CompletableResultCode.ofSuccess();
	}

	static String line(SpanData span) {
		long micros = TimeUnit.NANOSECONDS.toMicros(span.getEndEpochNanos() - span.getStartEpochNanos());
		return "[nemo.lens] span " + span.getName() + " rank=" + ConsoleFormat.rank(span.getResource())
				+ " trace=" + span.getTraceId() + " span=" + span.getSpanId() + " parent="
				+ (span.getParentSpanContext().isValid() ? span.getParentSpanId() : "-") + " kind=" + span.getKind()
				+ " duration_us=" + micros + " status=" + span.getStatus().getStatusCode()
				+ ConsoleFormat.attributes(span.getAttributes());
	}

}
