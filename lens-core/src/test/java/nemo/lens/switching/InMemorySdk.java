package nemo.lens.switching;

import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.logs.SdkLoggerProvider;
import io.opentelemetry.sdk.logs.export.SimpleLogRecordProcessor;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.testing.exporter.InMemoryLogRecordExporter;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;

/**
 * An SDK that records every signal in memory: the target a silent rank is switched on to.
 */
final class InMemorySdk {

	private InMemorySdk() {
	}

	/**
	 * Each signal with somewhere to go: without a processor, the SDK hands out the API's no-op
	 * logger, which is not enabled.
	 * @return a new SDK, to be closed
	 */
	static OpenTelemetrySdk create() {
		return OpenTelemetrySdk.builder()
			.setTracerProvider(SdkTracerProvider.builder()
				.addSpanProcessor(SimpleSpanProcessor.create(InMemorySpanExporter.create()))
				.build())
			.setMeterProvider(SdkMeterProvider.builder().registerMetricReader(InMemoryMetricReader.create()).build())
			.setLoggerProvider(SdkLoggerProvider.builder()
				.addLogRecordProcessor(SimpleLogRecordProcessor.create(InMemoryLogRecordExporter.create()))
				.build())
			.build();
	}

}
