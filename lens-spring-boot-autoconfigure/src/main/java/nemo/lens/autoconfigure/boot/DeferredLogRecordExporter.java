package nemo.lens.autoconfigure.boot;

import java.util.Collection;
import java.util.List;
import java.util.function.Supplier;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.logs.data.LogRecordData;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import nemo.lens.sdk.CopyableExporter;
import nemo.lens.sdk.ExporterCopies;

/**
 * The application's {@code LogRecordExporter} beans (such as Spring Boot's OTLP log exporter) as
 * one exporter that is built only once the rank exports (see {@link DeferredExporter}).
 */
final class DeferredLogRecordExporter implements LogRecordExporter, CopyableExporter<LogRecordExporter> {

	private final DeferredExporter<LogRecordExporter> beans;

	DeferredLogRecordExporter(Supplier<List<LogRecordExporter>> beans) {
		this.beans = new DeferredExporter<>(beans, LogRecordExporter::composite);
	}

	/** Builds the beans now, once. */
	void resolve() {
		this.beans.resolve();
	}

	@Override
	public CompletableResultCode export(Collection<LogRecordData> logs) {
		return this.beans.resolve().export(logs);
	}

	/** Each pipeline exports through copies of the beans (Boot's OTLP exporters) and closes them. */
	@Override
	public LogRecordExporter copyForPipeline() {
		return this.beans.copy((bean) -> ExporterCopies.copyOf(bean, LogRecordExporter.class));
	}

	@Override
	public CompletableResultCode flush() {
		LogRecordExporter resolved = this.beans.resolvedOrNull();
		return (resolved != null) ? resolved.flush() : CompletableResultCode.ofSuccess();
	}

	@Override
	public CompletableResultCode shutdown() {
		LogRecordExporter resolved = this.beans.resolvedOrNull();
		return (resolved != null) ? resolved.shutdown() : CompletableResultCode.ofSuccess();
	}

	@Override
	public String toString() {
		return "DeferredLogRecordExporter[" + this.beans + "]";
	}

}
