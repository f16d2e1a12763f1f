package nemo.lens.sdk;

import java.time.Duration;
import java.util.function.Consumer;

import io.opentelemetry.sdk.autoconfigure.spi.ConfigProperties;
import io.opentelemetry.sdk.autoconfigure.spi.ConfigurationException;
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
		apply(properties, "otel.bsp.", builder::setScheduleDelay, builder::setMaxQueueSize,
				builder::setMaxExportBatchSize, builder::setExporterTimeout);
		return builder.build();
	}

	static BatchLogRecordProcessor logRecords(LogRecordExporter exporter, ConfigProperties properties) {
		BatchLogRecordProcessorBuilder builder = BatchLogRecordProcessor.builder(exporter);
		apply(properties, "otel.blrp.", builder::setScheduleDelay, builder::setMaxQueueSize,
				builder::setMaxExportBatchSize, builder::setExporterTimeout);
		return builder.build();
	}

	private static void apply(ConfigProperties properties, String prefix, Consumer<Duration> scheduleDelay,
			Consumer<Integer> maxQueueSize, Consumer<Integer> maxExportBatchSize, Consumer<Duration> exportTimeout) {
		set(prefix + "schedule.delay", properties.getDuration(prefix + "schedule.delay"), scheduleDelay);
		set(prefix + "max.queue.size", properties.getInt(prefix + "max.queue.size"), maxQueueSize);
		set(prefix + "max.export.batch.size", properties.getInt(prefix + "max.export.batch.size"),
				maxExportBatchSize);
		set(prefix + "export.timeout", properties.getDuration(prefix + "export.timeout"), exportTimeout);
	}

	/** Sets a value when one is given, naming the setting when the builder refuses it. */
	private static <T> void set(String property, T value, Consumer<T> setter) {
		if (value == null) {
			return;
		}
		try {
			setter.accept(value);
		}
		catch (IllegalArgumentException ex) {
			throw new ConfigurationException(
					"Invalid value for property " + property + "=" + value + ": " + ex.getMessage(), ex);
		}
	}

}
