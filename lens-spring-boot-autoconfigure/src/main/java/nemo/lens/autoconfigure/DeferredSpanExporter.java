package nemo.lens.autoconfigure;

import java.util.Collection;
import java.util.List;
import java.util.function.Supplier;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;

/**
 * The application's {@code SpanExporter} beans (such as Spring Boot's OTLP span exporter), handed
 * to Lens before the rank's decision is made but built only after it: Lens resolves them when the
 * rank exports, and on a silent rank they are never built, so no exporter object (nor its HTTP
 * client) exists there. Until resolved, flush and shutdown have nothing to do.
 */
final class DeferredSpanExporter implements SpanExporter {

	private final Supplier<List<SpanExporter>> beans;

	private volatile SpanExporter delegate;

	DeferredSpanExporter(Supplier<List<SpanExporter>> beans) {
		this.beans = beans;
	}

	/** Builds the beans now, once; the exporter they make together. */
	SpanExporter resolve() {
		SpanExporter resolved = this.delegate;
		if (resolved == null) {
			synchronized (this) {
				resolved = this.delegate;
				if (resolved == null) {
					List<SpanExporter> exporters = this.beans.get();
					resolved = (exporters.size() == 1) ? exporters.get(0) : SpanExporter.composite(exporters);
					this.delegate = resolved;
				}
			}
		}
		return resolved;
	}

	boolean isResolved() {
		return this.delegate != null;
	}

	@Override
	public CompletableResultCode export(Collection<SpanData> spans) {
		return resolve().export(spans);
	}

	@Override
	public CompletableResultCode flush() {
		SpanExporter resolved = this.delegate;
		return (resolved != null) ? resolved.flush() : CompletableResultCode.ofSuccess();
	}

	@Override
	public CompletableResultCode shutdown() {
		SpanExporter resolved = this.delegate;
		return (resolved != null) ? resolved.shutdown() : CompletableResultCode.ofSuccess();
	}

	@Override
	public String toString() {
		return "DeferredSpanExporter[" + (isResolved() ? this.delegate : "not built") + "]";
	}

}
