package nemo.lens.config;

import java.time.Duration;
import java.util.Map;

import nemo.lens.NemoLensConfig;
import nemo.lens.config.OpampSettings;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The OpAMP settings as a plain Java rank reads them: unset means no agent, the interval has its
 * default, and a refused header never shows its value, which is a credential.
 */
class OpampSettingsTests {

	private static NemoLensConfig read(Map<String, String> env) {
		return NemoLensConfig.fromEnv(env, "NEMO_LENS", null);
	}

	@Test
	void unsetMeansNoServerAndAThirtySecondInterval() {
		NemoLensConfig config = read(Map.of());
		assertThat(config.opampEndpoint()).isEmpty();
		assertThat(config.opampInterval()).isEqualTo(Duration.ofSeconds(30));
		assertThat(config.opampHeaders()).isEmpty();
	}

	@Test
	void theVariablesAreRead() {
		NemoLensConfig config = read(Map.of("NEMO_LENS_OPAMP_ENDPOINT", " http://opamp:4320/v1/opamp ",
				"NEMO_LENS_OPAMP_INTERVAL", "5s", "NEMO_LENS_OPAMP_HEADERS", "Authorization=Bearer abc"));
		assertThat(config.opampEndpoint()).isEqualTo("http://opamp:4320/v1/opamp");
		assertThat(config.opampInterval()).isEqualTo(Duration.ofSeconds(5));
		assertThat(OpampSettings.headers("h", config.opampHeaders())).containsEntry("Authorization", "Bearer abc");
	}

	@Test
	void anEndpointThatIsNoHttpUrlIsRefusedNamingTheVariableAndTheValue() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> read(Map.of("NEMO_LENS_OPAMP_ENDPOINT", "opamp-server:4320")))
			.withMessage("NEMO_LENS_OPAMP_ENDPOINT must be the http:// or https:// URL of an OpAMP server's HTTP "
					+ "transport, such as http://opamp-server:4320/v1/opamp, got 'opamp-server:4320'.");
	}

	@Test
	void aRefusedHeaderNamesItsPositionAndNeverItsValue() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> read(Map.of("NEMO_LENS_OPAMP_HEADERS", "x-tenant=a,sekrit-token-value")))
			.withMessageStartingWith("opampHeaders (nemo.lens.opamp.headers, NEMO_LENS_OPAMP_HEADERS): header 2 is not name=value")
			.withMessageNotContaining("sekrit");
	}

	@Test
	void aHeaderValueBeyondAsciiIsRefusedAtStartUpNamingItsPositionNeverItsValue() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> read(Map.of("NEMO_LENS_OPAMP_HEADERS", "x-tenant=a,X-Api-Key=s3cr%C3%A9tvalue42")))
			.withMessage("opampHeaders (nemo.lens.opamp.headers, NEMO_LENS_OPAMP_HEADERS): header 2 has a character "
					+ "beyond ASCII in its value, which no HTTP header carries; the form is name=value,name=value "
					+ "(values are not shown: they hold credentials).");
	}

	@Test
	void headerValuesArePercentDecodedAsOtlpHeadersAre() {
		assertThat(OpampSettings.headers("h", "a=b%3Dc, d = e f ")).containsExactly(Map.entry("a", "b=c"),
				Map.entry("d", "e f"));
	}

	@Test
	void theHeadersNeverShowInTheConfigAsText() {
		NemoLensConfig config = NemoLensConfig.builder()
			.opampEndpoint("http://opamp:4320/v1/opamp")
			.opampHeaders("x-tenant=sekrit")
			.build();
		assertThat(config.toString()).contains("opampHeaders=<redacted>")
			.contains("opampEndpoint=http://opamp:4320/v1/opamp")
			.doesNotContain("sekrit");
	}

}
