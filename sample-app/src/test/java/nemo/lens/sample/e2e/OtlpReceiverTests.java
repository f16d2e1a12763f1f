package nemo.lens.sample.e2e;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.exporter.otlp.http.logs.OtlpHttpLogRecordExporter;
import io.opentelemetry.exporter.otlp.http.metrics.OtlpHttpMetricExporter;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporterBuilder;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.export.RetryPolicy;
import io.opentelemetry.sdk.logs.SdkLoggerProvider;
import io.opentelemetry.sdk.logs.export.SimpleLogRecordProcessor;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.export.PeriodicMetricReader;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The receiver against the real OpenTelemetry SDK and its OTLP/HTTP exporters, as a rank's process
 * would send. Spans are exported one by one as they end, so each test knows which exports
 * succeeded.
 */
class OtlpReceiverTests {

	private static final AttributeKey<Boolean> TRUNCATED = AttributeKey.booleanKey("nemo.span.truncated");

	/** A new one for each test: JUnit makes a new instance of the class per test method. */
	private final OtlpReceiver receiver = OtlpReceiver.start();

	@AfterEach
	void closeReceiver() {
		this.receiver.close();
	}

	@Test
	void spansArriveDecodedUnderTheRankOfTheirResource() {
		for (long rank : new long[] { 3, 0 }) {
			try (TracingRank process = new TracingRank(rank, spanExporter().build())) {
				Tracer tracer = process.tracer();
				Span epoch = tracer.spanBuilder("epoch").startSpan();
				tracer.spanBuilder("step")
					.setParent(Context.current().with(epoch))
					.setAttribute(TRUNCATED, true)
					.startSpan()
					.end();
				epoch.end();
				assertThat(process.exportsSucceeded()).isTrue();
			}
		}

		assertThat(this.receiver.ranksWithSpans()).containsExactly(0L, 3L);
		List<ReceivedSpan> rank3 = this.receiver.spansByRank().get(3L);
		// Each span is its own export, and two exports may overtake each other.
		assertThat(rank3).extracting(ReceivedSpan::name).containsExactlyInAnyOrder("step", "epoch");
		ReceivedSpan step = named(rank3, "step");
		ReceivedSpan epoch = named(rank3, "epoch");
		assertThat(step.traceId()).hasSize(32).isEqualTo(epoch.traceId());
		assertThat(step.parentSpanId()).hasSize(16).isEqualTo(epoch.spanId());
		assertThat(epoch.parentSpanId()).isEmpty();
		assertThat(step.scopeName()).isEqualTo("lens-test");
		assertThat(step.attribute("nemo.span.truncated")).contains(true);
		assertThat(step.resource().serviceName()).isEqualTo("lens-e2e");
		assertThat(step.resource().attribute("dl.world_size")).contains(4L);
		assertThat(this.receiver.serviceInstanceIds()).containsExactly("run-rank0", "run-rank3");
		assertThat(this.receiver.requestCount(Signal.TRACES)).isEqualTo(4);
		assertThat(this.receiver.failures()).isEmpty();
	}

	@Test
	void gzipCompressedSpansAreDecoded() {
		try (TracingRank process = new TracingRank(1, spanExporter().setCompression("gzip").build())) {
			process.tracer().spanBuilder("compressed").startSpan().end();
			assertThat(process.exportsSucceeded()).isTrue();
		}

		assertThat(this.receiver.spansByRank().get(1L)).extracting(ReceivedSpan::name).containsExactly("compressed");
	}

	@Test
	void requestHeadersAreKeptByLowerCaseName() {
		try (TracingRank process = new TracingRank(0, spanExporter().addHeader("Authorization", "Bearer t0k3n").build())) {
			process.tracer().spanBuilder("authorized").startSpan().end();
			assertThat(process.exportsSucceeded()).isTrue();
		}

		assertThat(this.receiver.requestHeaderValues("authorization")).containsExactly("Bearer t0k3n");
		assertThat(this.receiver.requestHeaderValues("x-absent")).isEmpty();
	}

	@Test
	void metricNamesArriveUnderTheRankOfTheirResource() {
		OtlpHttpMetricExporter exporter = OtlpHttpMetricExporter.builder()
			.setEndpoint(this.receiver.endpoint(Signal.METRICS))
			.build();
		SdkMeterProvider meters = SdkMeterProvider.builder()
			.setResource(TracingRank.resource(2))
			.registerMetricReader(PeriodicMetricReader.builder(exporter).setInterval(Duration.ofHours(1)).build())
			.build();
		try (OpenTelemetrySdk sdk = OpenTelemetrySdk.builder().setMeterProvider(meters).build()) {
			sdk.getMeter("lens-test").counterBuilder("lens.test.steps").build().add(5);
			assertThat(meters.forceFlush().join(5, TimeUnit.SECONDS).isSuccess()).isTrue();
		}

		// Newer SDKs (1.62, Boot 4.1's) add metrics about themselves to the same batch, such as
		// otel.sdk.metric_reader.collection.duration: what matters is where ours arrives.
		assertThat(this.receiver.metricNamesByRank()).containsOnlyKeys(2L);
		assertThat(this.receiver.metricNamesByRank().get(2L)).contains("lens.test.steps");
		assertThat(this.receiver.metrics()).filteredOn((metric) -> metric.name().equals("lens.test.steps"))
			.isNotEmpty()
			.allSatisfy((metric) -> assertThat(metric.type()).isEqualTo("SUM"));
	}

	@Test
	void logRecordsArriveUnderTheRankOfTheirResource() {
		OtlpHttpLogRecordExporter exporter = OtlpHttpLogRecordExporter.builder()
			.setEndpoint(this.receiver.endpoint(Signal.LOGS))
			.build();
		SdkLoggerProvider loggers = SdkLoggerProvider.builder()
			.setResource(TracingRank.resource(5))
			.addLogRecordProcessor(SimpleLogRecordProcessor.create(exporter))
			.build();
		try (OpenTelemetrySdk sdk = OpenTelemetrySdk.builder().setLoggerProvider(loggers).build()) {
			sdk.getLogsBridge().get("lens-test").logRecordBuilder().setSeverityText("INFO").setBody("ready").emit();
			assertThat(loggers.forceFlush().join(5, TimeUnit.SECONDS).isSuccess()).isTrue();
		}

		assertThat(this.receiver.logRecordsByRank().get(5L)).singleElement().satisfies((record) -> {
			assertThat(record.body()).isEqualTo("ready");
			assertThat(record.severityText()).isEqualTo("INFO");
		});
	}

	@Test
	void unavailableAnswers503UntilTheExportersRetryDelivers() {
		this.receiver.unavailableForRequests(2);
		RetryPolicy quickRetries = RetryPolicy.builder()
			.setInitialBackoff(Duration.ofMillis(20))
			.setMaxBackoff(Duration.ofMillis(50))
			.build();

		try (TracingRank process = new TracingRank(0, spanExporter().setRetryPolicy(quickRetries).build())) {
			process.tracer().spanBuilder("retried").startSpan().end();
			assertThat(process.exportsSucceeded()).isTrue();
		}

		assertThat(this.receiver.unavailableCount(Signal.TRACES)).isEqualTo(2);
		assertThat(this.receiver.requestCount(Signal.TRACES)).isEqualTo(3);
		assertThat(this.receiver.spans()).extracting(ReceivedSpan::name).containsExactly("retried");
	}

	@Test
	void blackholeHoldsTheRequestUntilTheExporterGivesUp() {
		this.receiver.blackhole();

		try (TracingRank process = new TracingRank(0,
				spanExporter().setTimeout(Duration.ofMillis(300)).setRetryPolicy(null).build())) {
			process.tracer().spanBuilder("lost").startSpan().end();
			assertThat(process.exportsSucceeded()).isFalse();
		}

		assertThat(this.receiver.blackholedCount(Signal.TRACES)).isEqualTo(1);
		assertThat(this.receiver.spans()).isEmpty();
	}

	@Test
	void refusingEndpointFailsAnExportFast() {
		long start = System.nanoTime();
		SpanExporter exporter = OtlpHttpSpanExporter.builder()
			.setEndpoint(OtlpReceiver.refusingEndpoint() + Signal.TRACES.path())
			.setRetryPolicy(null)
			.build();

		try (TracingRank process = new TracingRank(0, exporter)) {
			process.tracer().spanBuilder("refused").startSpan().end();
			assertThat(process.exportsSucceeded()).isFalse();
		}

		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
	}

	@Test
	void stoppedReceiverRefusesUntilRestartedOnTheSamePort() {
		int port = this.receiver.port();
		try (TracingRank process = new TracingRank(0, spanExporter().setRetryPolicy(null).build())) {
			Tracer tracer = process.tracer();
			tracer.spanBuilder("before").startSpan().end();
			assertThat(process.exportsSucceeded()).isTrue();

			this.receiver.stop();
			tracer.spanBuilder("while-stopped").startSpan().end();
			assertThat(process.exportsSucceeded()).isFalse();

			this.receiver.restart();
			tracer.spanBuilder("after").startSpan().end();
			assertThat(process.exportsSucceeded()).isTrue();
		}

		assertThat(this.receiver.port()).isEqualTo(port);
		assertThat(this.receiver.spans()).extracting(ReceivedSpan::name).containsExactly("before", "after");
	}

	private static ReceivedSpan named(List<ReceivedSpan> spans, String name) {
		return spans.stream().filter((span) -> span.name().equals(name)).findFirst().orElseThrow();
	}

	private OtlpHttpSpanExporterBuilder spanExporter() {
		return OtlpHttpSpanExporter.builder().setEndpoint(this.receiver.endpoint(Signal.TRACES));
	}

}
