package nemo.lens;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;

/**
 * Keeps every exported span, also after shutdown (the SDK's in-memory exporter clears them), and
 * the size of every batch.
 */
public final class RecordingSpanExporter implements SpanExporter {

	private final List<SpanData> spans = new CopyOnWriteArrayList<>();

	private final List<Integer> batchSizes = new CopyOnWriteArrayList<>();

	private volatile boolean shutDown;

	@Override
	public CompletableResultCode export(Collection<SpanData> batch) {
		this.spans.addAll(batch);
		this.batchSizes.add(batch.size());
		return CompletableResultCode.ofSuccess();
	}

	@Override
	public CompletableResultCode flush() {
		return CompletableResultCode.ofSuccess();
	}

	@Override
	public CompletableResultCode shutdown() {
		this.shutDown = true;
		return CompletableResultCode.ofSuccess();
	}

	public List<SpanData> spans() {
		return this.spans;
	}

	public List<Integer> batchSizes() {
		return this.batchSizes;
	}

	public boolean isShutDown() {
		return this.shutDown;
	}

}
