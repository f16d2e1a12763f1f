package nemo.lens.sdk;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ExporterSettingsCheckTests {

	private static void check(Map<String, String> variables) {
		ExporterSettingsCheck.check(variables::get, Map.of());
	}

	@Test
	void usableSettingsPass() {
		assertThatCode(() -> check(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4318",
				"OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf", "OTEL_EXPORTER_OTLP_HEADERS", "api-key=abc,team=x",
				"OTEL_EXPORTER_OTLP_TIMEOUT", "10s", "OTEL_BSP_SCHEDULE_DELAY", "500", "OTEL_TRACES_SAMPLER",
				"parentbased_traceidratio", "OTEL_TRACES_SAMPLER_ARG", "0.25")))
			.doesNotThrowAnyException();
	}

	@Test
	void anEndpointThatIsNoHttpUrlIsNamed() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> check(Map.of("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "collector:4318")))
			.withMessage("Invalid OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'collector:4318'. Expected an http or https URL "
					+ "such as http://collector:4318.");
	}

	@Test
	void anEndpointsCredentialsAreNotShown() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> check(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "ftp://lens:s3cr3t@collector")))
			.withMessageContaining("ftp://collector")
			.withMessageNotContaining("s3cr3t");
	}

	@ParameterizedTest
	@ValueSource(strings = { "user:pa55@collector:4318", "http//user:pa55@collector:4318",
			"user:p@55@collector:4318", "http:/user:pa55@collector:4318" })
	void aMistypedEndpointsCredentialsAreNotShown(String endpoint) {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> check(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", endpoint)))
			.withMessageStartingWith("Invalid OTEL_EXPORTER_OTLP_ENDPOINT: '")
			.withMessageContaining("collector:4318'. Expected an http or https URL")
			.withMessageNotContaining("pa55")
			.withMessageNotContaining("55@");
	}

	@Test
	void anUnknownProtocolIsNamedWithTheOnesThereAre() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> check(Map.of("OTEL_EXPORTER_OTLP_PROTOCOL", "http")))
			.withMessage("Invalid OTEL_EXPORTER_OTLP_PROTOCOL: 'http'. Expected one of [grpc, http/json, http/protobuf].");
	}

	@Test
	void malformedHeadersAreNamedWithoutTheirValue() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> check(Map.of("OTEL_EXPORTER_OTLP_HEADERS", "Authorization Bearer t0k3n")))
			.withMessageStartingWith("Invalid OTEL_EXPORTER_OTLP_HEADERS:")
			.withMessageNotContaining("t0k3n");
	}

	@Test
	void aDurationThatIsNoDurationIsNamed() {
		assertThatIllegalArgumentException().isThrownBy(() -> check(Map.of("OTEL_METRIC_EXPORT_INTERVAL", "soon")))
			.withMessageStartingWith("Invalid OTEL_METRIC_EXPORT_INTERVAL: 'soon'.");
	}

	@Test
	void aSamplingRatioAboveOneIsRefusedAlsoWhenAFrameworkImpliesIt() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ExporterSettingsCheck.check((name) -> null,
					Map.of("otel.traces.sampler", "parentbased_traceidratio", "otel.traces.sampler.arg", "1.5")))
			.withMessageContaining("management.tracing.sampling.probability")
			.withMessageContaining("1.5");
	}

}
