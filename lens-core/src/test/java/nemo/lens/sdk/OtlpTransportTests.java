package nemo.lens.sdk;

import java.time.Duration;
import java.util.Map;

import io.opentelemetry.sdk.OpenTelemetrySdk;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The OTLP transport follows the reference's protocol rule (gRPC unless an OTEL_*_PROTOCOL says
 * http/protobuf or http/json, the per-signal setting first), and everything else about OTLP is the
 * SDK's own handling of the standard settings. Checked on the SDK that an exporting rank builds.
 */
class OtlpTransportTests {

	private static String pipeline(Map<String, String> otelProperties) {
		NemoLensConfig config = NemoLensConfig.builder().enabled(true).exportStrategy("all_ranks").build();
		TelemetryHandle handle = new TelemetrySetup(new ExportStrategyRegistry((name) -> null), (name) -> null)
			.setup(config, 0, 1, TelemetryOptions.builder().otelProperties(otelProperties).build());
		try {
			OpenTelemetrySdk sdk = handle.sdk().orElseThrow();
			return sdk.getSdkTracerProvider() + " " + sdk.getSdkMeterProvider();
		}
		finally {
			handle.shutdown(Duration.ofMillis(100));
		}
	}

	@Test
	void grpcIsTheDefaultAsInTheReference() {
		assertThat(pipeline(Map.of())).contains("OtlpGrpcSpanExporter")
			.contains("OtlpGrpcMetricExporter")
			.contains("endpoint=http://localhost:4317");
	}

	@Test
	void httpProtobufSelectsHttp() {
		assertThat(pipeline(Map.of("otel.exporter.otlp.protocol", "http/protobuf"))).contains("OtlpHttpSpanExporter")
			.contains("OtlpHttpMetricExporter");
	}

	@Test
	void perSignalProtocolWinsOverTheGeneralOne() {
		String pipeline = pipeline(Map.of("otel.exporter.otlp.protocol", "http/protobuf",
				"otel.exporter.otlp.traces.protocol", "grpc"));
		assertThat(pipeline).contains("OtlpGrpcSpanExporter").contains("OtlpHttpMetricExporter");
	}

	@Test
	void endpointAndHeadersAreTheSdksStandardSettings() {
		String pipeline = pipeline(Map.of("otel.exporter.otlp.endpoint", "http://127.0.0.1:14317",
				"otel.exporter.otlp.headers", "x-team=ml"));
		assertThat(pipeline).contains("endpoint=http://127.0.0.1:14317").contains("x-team");
	}

	@Test
	void metricIntervalDefaultsToTheReferencesTenSeconds() {
		assertThat(pipeline(Map.of())).contains("intervalNanos=10000000000");
	}

}
