package nemo.lens.autoconfigure.boot;

import java.util.Collection;
import java.util.List;
import java.util.function.Supplier;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import nemo.lens.sdk.CopyableExporter;
import nemo.lens.sdk.ExporterCopies;

/**
 * The application's {@code SpanExporter} beans (such as Spring Boot's OTLP span exporter) as one
 * exporter that is built only once the rank exports (see {@link DeferredExporter}).
 */
final class DeferredSpanExporter implements SpanExporter, CopyableExporter<SpanExporter> {

	private final DeferredExporter<SpanExporter> beans;

	DeferredSpanExporter(Supplier<List<SpanExporter>> beans) {
		this.beans = new DeferredExporter<>(beans, SpanExporter::composite);
	}

	/** Builds the beans now, once. */
	void resolve() {
		this.beans.resolve();
	}

	@Override
	public CompletableResultCode export(Collection<SpanData> spans) {
		return this.beans.resolve().export(spans);
	}

	/** Each pipeline exports through copies of the beans (Boot's OTLP exporters) and closes them. */
	@Override
	public SpanExporter copyForPipeline() {
		return this.beans.copy((bean) -> ExporterCopies.copyOf(bean, SpanExporter.class));
	}

	@Override
	public CompletableResultCode flush() {
		SpanExporter resolved = this.beans.resolvedOrNull();
		return (resolved != null) ? resolved.flush() : CompletableResultCode.ofSuccess();
	}

	@Override
	public CompletableResultCode shutdown() {
		SpanExporter resolved = this.beans.resolvedOrNull();
		return (resolved != null) ? resolved.shutdown() : CompletableResultCode.ofSuccess();
	}

	@Override
	public String toString() {
		return "DeferredSpanExporter[" + this.beans + "]";
	}

}
