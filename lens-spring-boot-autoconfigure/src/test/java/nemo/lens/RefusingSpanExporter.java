package nemo.lens;

import java.net.ConnectException;
import java.util.Collection;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;

/** A collector that refuses every connection: each export fails at once, as the OTLP exporter's does. */
public final class RefusingSpanExporter implements SpanExporter {

	@Override
	public CompletableResultCode export(Collection<SpanData> spans) {
		return CompletableResultCode.ofExceptionalFailure(new ConnectException("Connection refused"));
	}

	@Override
	public CompletableResultCode flush() {
		return CompletableResultCode.ofSuccess();
	}

	@Override
	public CompletableResultCode shutdown() {
		return CompletableResultCode.ofSuccess();
	}

}
