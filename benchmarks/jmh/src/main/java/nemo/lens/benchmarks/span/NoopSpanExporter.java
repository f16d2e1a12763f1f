package nemo.lens.benchmarks.span;

import java.util.Collection;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;

/**
 * A span exporter that drops every batch at once, so that an exporting set-up measures the SDK
 * and its batch processor, not a network.
 */
final class NoopSpanExporter implements SpanExporter {

	@Override
	public CompletableResultCode export(Collection<SpanData> spans) {
		return CompletableResultCode.ofSuccess();
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
