package nemo.lens.sdk;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.resources.Resource;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.RecordingSpanExporter;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Beside an application's own telemetry stack ({@link TelemetryOptions.Builder#applicationStack}),
 * Lens's SDK follows the application's settings: a signal goes where its OTLP endpoint was
 * configured, or nowhere, never to the SDK's default endpoint; and the service's version is the
 * application's, not Lens's. Without it, the Python library's behaviour holds.
 */
class ApplicationStackTests {

	private final Map<String, String> env = new HashMap<>();

	private final RecordingSpanExporter spans = new RecordingSpanExporter();

	private TelemetryHandle exportingRank(TelemetryOptions.Builder options) {
		NemoLensConfig config = NemoLensConfig.builder().enabled(true).exportStrategy("all_ranks").build();
		return new TelemetrySetup(new ExportStrategyRegistry(this.env::get), this.env::get).setup(config, 0, 1,
				options.build());
	}

	private String pipeline(TelemetryOptions.Builder options) {
		TelemetryHandle handle = exportingRank(options);
		try {
			OpenTelemetrySdk sdk = handle.sdk().orElseThrow();
			return sdk.getSdkTracerProvider() + " " + sdk.getSdkMeterProvider();
		}
		finally {
			handle.shutdown(Duration.ofMillis(100));
		}
	}

	private Resource resourceOfOneSpan(TelemetryOptions.Builder options) {
		TelemetryHandle handle = exportingRank(options.spanExporter(this.spans));
		handle.tracer().spanBuilder("step").startSpan().end();
		handle.shutdown();
		assertThat(this.spans.spans()).hasSize(1);
		return this.spans.spans().get(0).getResource();
	}

	@Test
	void withoutAConfiguredEndpointNoSignalLeavesForTheDefaultEndpoint() {
		assertThat(pipeline(TelemetryOptions.builder().applicationStack(true))).doesNotContain("Otlp")
			.doesNotContain("localhost:4317");
	}

	@Test
	void aSignalWhoseEndpointIsConfiguredLeavesThereAlone() {
		String pipeline = pipeline(TelemetryOptions.builder()
			.applicationStack(true)
			.otelProperties(Map.of("otel.exporter.otlp.metrics.endpoint", "http://127.0.0.1:14317")));
		assertThat(pipeline).contains("OtlpGrpcMetricExporter")
			.contains("endpoint=http://127.0.0.1:14317")
			.doesNotContain("SpanExporter");
	}

	@Test
	void theEndpointOfEverySignalServesEach() {
		String pipeline = pipeline(TelemetryOptions.builder()
			.applicationStack(true)
			.otelProperties(Map.of("otel.exporter.otlp.endpoint", "http://127.0.0.1:14317")));
		assertThat(pipeline).contains("OtlpGrpcSpanExporter").contains("OtlpGrpcMetricExporter");
	}

	@Test
	void withoutAnApplicationStackTheDefaultEndpointIsUsedAsInTheReference() {
		assertThat(pipeline(TelemetryOptions.builder())).contains("OtlpGrpcMetricExporter")
			.contains("endpoint=http://localhost:4317");
	}

	@Test
	void theApplicationsServiceVersionIsTheServices() {
		Resource resource = resourceOfOneSpan(TelemetryOptions.builder()
			.applicationStack(true)
			.otelProperties(Map.of("otel.resource.attributes", "service.version=1.0")));
		assertThat(resource.getAttribute(AttributeKey.stringKey("service.version"))).isEqualTo("1.0");
	}

	@Test
	void besideAnApplicationStackLensNeverGivesItsOwnVersionAsTheServices() {
		Resource resource = resourceOfOneSpan(TelemetryOptions.builder().applicationStack(true));
		assertThat(resource.getAttribute(AttributeKey.stringKey("service.version"))).isNull();
		assertThat(resource.getAttribute(AttributeKey.longKey("dl.rank"))).isZero();
	}

	@Test
	void withoutAnApplicationStackTheServiceVersionIsLenssAsInTheReference() {
		Resource resource = resourceOfOneSpan(TelemetryOptions.builder()
			.otelProperties(Map.of("otel.resource.attributes", "service.version=1.0")));
		assertThat(resource.getAttribute(AttributeKey.stringKey("service.version"))).isEqualTo("0.1.0-SNAPSHOT");
	}

}
