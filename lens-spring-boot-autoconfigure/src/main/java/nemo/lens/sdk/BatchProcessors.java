package nemo.lens.sdk;

import java.time.Duration;

import io.opentelemetry.sdk.autoconfigure.spi.ConfigProperties;
import io.opentelemetry.sdk.logs.export.BatchLogRecordProcessor;
import io.opentelemetry.sdk.logs.export.BatchLogRecordProcessorBuilder;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessorBuilder;
import io.opentelemetry.sdk.trace.export.SpanExporter;

/**
 * Batch processors for the exporters Lens adds itself (a caller's {@code SpanExporter}, the console
 * exporters), set from the same {@code otel.bsp.*} and {@code otel.blrp.*} settings through which
 * the SDK's autoconfigure module sets up the batch processors of its own exporters, so that a
 * setting such as {@code OTEL_BSP_MAX_QUEUE_SIZE} means the same whichever exporter a rank uses.
 * A setting left unset keeps the SDK's default.
 */
final class BatchProcessors {

	private BatchProcessors() {
	}

	static BatchSpanProcessor spans(SpanExporter exporter, ConfigProperties properties) {
		BatchSpanProcessorBuilder builder = BatchSpanProcessor.builder(exporter);
		Duration scheduleDelay = properties.getDuration("otel.bsp.schedule.delay");
		if (scheduleDelay != null) {
			builder.setScheduleDelay(scheduleDelay);
		}
		Integer maxQueueSize = properties.getInt("otel.bsp.max.queue.size");
		if (maxQueueSize != null) {
			builder.setMaxQueueSize(maxQueueSize);
		}
		Integer maxExportBatchSize = properties.getInt("otel.bsp.max.export.batch.size");
		if (maxExportBatchSize != null) {
			builder.setMaxExportBatchSize(maxExportBatchSize);
		}
		Duration exportTimeout = properties.getDuration("otel.bsp.export.timeout");
		if (exportTimeout != null) {
			builder.setExporterTimeout(exportTimeout);
		}
		return builder.build();
	}

	static BatchLogRecordProcessor logRecords(LogRecordExporter exporter, ConfigProperties properties) {
		BatchLogRecordProcessorBuilder builder = BatchLogRecordProcessor.builder(exporter);
		Duration scheduleDelay = properties.getDuration("otel.blrp.schedule.delay");
		if (scheduleDelay != null) {
			builder.setScheduleDelay(scheduleDelay);
		}
		Integer maxQueueSize = properties.getInt("otel.blrp.max.queue.size");
		if (maxQueueSize != null) {
			builder.setMaxQueueSize(maxQueueSize);
		}
		Integer maxExportBatchSize = properties.getInt("otel.blrp.max.export.batch.size");
		if (maxExportBatchSize != null) {
			builder.setMaxExportBatchSize(maxExportBatchSize);
		}
		Duration exportTimeout = properties.getDuration("otel.blrp.export.timeout");
		if (exportTimeout != null) {
			builder.setExporterTimeout(exportTimeout);
		}
		return builder.build();
	}

}
