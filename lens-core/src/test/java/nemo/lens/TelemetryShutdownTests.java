package nemo.lens;

import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.atomic.AtomicInteger;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.metrics.InstrumentType;
import io.opentelemetry.sdk.metrics.data.AggregationTemporality;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.metrics.export.MetricExporter;
import io.opentelemetry.sdk.metrics.export.PeriodicMetricReader;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

class TelemetryShutdownTests {

	private static final AttributeKey<Boolean> TRUNCATED = AttributeKey.booleanKey("nemo.span.truncated");

	private final TelemetrySetup setup = new TelemetrySetup(new ExportStrategyRegistry((name) -> null),
			(name) -> null);

	private TelemetryHandle exportingRank(SpanExporter exporter) {
		NemoLensConfig config = NemoLensConfig.builder().enabled(true).exportStrategy("all_ranks").exporter("none").build();
		return this.setup.setup(config, 0, 1, TelemetryOptions.builder().spanExporter(exporter).build());
	}

	@Test
	void shutdownFlushesEndedSpans() {
		RecordingSpanExporter exporter = new RecordingSpanExporter();
		TelemetryHandle handle = exportingRank(exporter);
		handle.tracer().spanBuilder("done").startSpan().end();
		handle.shutdown();
		assertThat(exporter.spans()).extracting(SpanData::getName).containsExactly("done");
		assertThat(exporter.isShutDown()).isTrue();
	}

	@Test
	void spansStillOpenAtShutdownAreEndedAndMarkedTruncated() {
		RecordingSpanExporter exporter = new RecordingSpanExporter();
		TelemetryHandle handle = exportingRank(exporter);
		Span open = handle.tracer().spanBuilder("epoch").startSpan();
		handle.tracer().spanBuilder("done").startSpan().end();
		handle.shutdown();
		assertThat(open.isRecording()).isFalse();
		assertThat(exporter.spans()).filteredOn((span) -> span.getName().equals("epoch"))
			.singleElement()
			.satisfies((span) -> assertThat(span.getAttributes().get(TRUNCATED)).isTrue());
		assertThat(exporter.spans()).filteredOn((span) -> span.getName().equals("done"))
			.singleElement()
			.satisfies((span) -> assertThat(span.getAttributes().get(TRUNCATED)).isNull());
	}

	@Test
	void shutdownTwiceIsHarmlessAndShutsTheExporterDownOnce() {
		AtomicInteger shutdowns = new AtomicInteger();
		RecordingSpanExporter recording = new RecordingSpanExporter();
		SpanExporter counting = new SpanExporter() {
			@Override
			public CompletableResultCode export(Collection<SpanData> spans) {
				return recording.export(spans);
			}

			@Override
			public CompletableResultCode flush() {
				return CompletableResultCode.ofSuccess();
			}

			@Override
			public CompletableResultCode shutdown() {
				shutdowns.incrementAndGet();
				return CompletableResultCode.ofSuccess();
			}
		};
		TelemetryHandle handle = exportingRank(counting);
		handle.shutdown();
		handle.shutdown(Duration.ofSeconds(1));
		handle.close();
		assertThat(handle.isShutdown()).isTrue();
		assertThat(shutdowns).hasValue(1);
	}

	@Test
	void shutdownReturnsWithinTheTimeoutWhenTheExporterNeverCompletes() {
		UnresponsiveCollector.CountingSpanExporter exporter = UnresponsiveCollector.silentSpans(true);
		TelemetryHandle handle = exportingRank(exporter);
		handle.tracer().spanBuilder("stuck").startSpan().end();
		// The margin is generous: this checks that shutdown is bounded, not how fast it is.
		assertTimeoutPreemptively(Duration.ofSeconds(3), () -> handle.shutdown(Duration.ofMillis(300)));
		assertThat(exporter.exportCalls()).isPositive();
	}

	@Test
	void shutdownReturnsWithinTheTimeoutWhenTheMetricExporterNeverCompletes() {
		UnresponsiveCollector.CountingMetricExporter exporter = UnresponsiveCollector.silentMetrics();
		NemoLensConfig config = NemoLensConfig.builder().enabled(true).exportStrategy("all_ranks").exporter("none").build();
		TelemetryHandle handle = this.setup.setup(config, 0, 1,
				TelemetryOptions.builder().metricReader(PeriodicMetricReader.builder(exporter).build()).build());
		handle.meter().counterBuilder("steps").build().add(1);
		// The SDK's periodic reader blocks its caller until the exporter answers; ours must not.
		assertTimeoutPreemptively(Duration.ofSeconds(3), () -> handle.shutdown(Duration.ofMillis(300)));
		assertThat(exporter.exportCalls()).isPositive();
	}

	@Test
	void nonExportingHandleShutsDownAtOnce() {
		NemoLensConfig config = NemoLensConfig.builder().enabled(true).exporter("none").build();
		TelemetryHandle handle = this.setup.setup(config, 0, 4, TelemetryOptions.defaults());
		handle.close();
		assertThat(handle.isShutdown()).isTrue();
	}

}
