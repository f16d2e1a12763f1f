package nemo.lens;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class NemoLensConfigFromEnvTests {

	private static NemoLensConfig fromEnv(Map<String, String> env) {
		return NemoLensConfig.fromEnv(env, "NEMO_LENS", null);
	}

	@Test
	void emptyEnvironmentGivesTheDefaults() {
		assertThat(fromEnv(Map.of())).isEqualTo(NemoLensConfig.defaults());
	}

	@Test
	void everyKeyIsRead() {
		NemoLensConfig config = fromEnv(Map.ofEntries(Map.entry("NEMO_LENS_ENABLED", "true"),
				Map.entry("OTEL_SERVICE_NAME", "trainer"), Map.entry("NEMO_LENS_EXPORT_STRATEGY", "sampled"),
				Map.entry("NEMO_LENS_EXPORT_RANK", "4"), Map.entry("NEMO_LENS_EXPORT_SAMPLE_RATE", "0.5"),
				Map.entry("NEMO_LENS_SAMPLER_ENABLED", "yes"), Map.entry("NEMO_LENS_TRACES_ENABLED", "off"),
				Map.entry("NEMO_LENS_METRICS_ENABLED", "0"), Map.entry("NEMO_LENS_LOGS_ENABLED", "on"),
				Map.entry("NEMO_LENS_EXPORTER", "console"), Map.entry("NEMO_LENS_RUN_ID", "job-9"),
				Map.entry("NEMO_LENS_USER_ID", "alice")));
		assertThat(config).isEqualTo(NemoLensConfig.builder()
			.enabled(true)
			.serviceName("trainer")
			.exportStrategy("sampled")
			.exportRank(4)
			.exportSampleRate(0.5)
			.samplerEnabled(true)
			.tracesEnabled(false)
			.metricsEnabled(false)
			.logsEnabled(true)
			.exporter("console")
			.runId("job-9")
			.user("alice")
			.build());
	}

	@Test
	void valuesAreTrimmedAndStringsKeepTheirCase() {
		NemoLensConfig config = fromEnv(
				Map.of("NEMO_LENS_EXPORT_STRATEGY", "  My_Strategy ", "NEMO_LENS_RUN_ID", " Run-A "));
		assertThat(config.exportStrategy()).isEqualTo("My_Strategy");
		assertThat(config.runId()).isEqualTo("Run-A");
	}

	@Test
	void blankValueMeansUnset() {
		NemoLensConfig config = fromEnv(Map.of("NEMO_LENS_ENABLED", "   ", "NEMO_LENS_EXPORT_RANK", ""));
		assertThat(config.enabled()).isFalse();
		assertThat(config.exportRank()).isEqualTo(-1);
	}

	@Test
	void serviceNameComesFromOtelServiceNameWithoutPrefix() {
		assertThat(fromEnv(Map.of("OTEL_SERVICE_NAME", " trainer ")).serviceName()).isEqualTo("trainer");
		assertThat(fromEnv(Map.of("OTEL_SERVICE_NAME", "  ")).serviceName()).isEqualTo("nemo");
	}

	@Test
	void serviceNameOfThePrefixComesBeforeOtelServiceName() {
		assertThat(fromEnv(Map.of("NEMO_LENS_SERVICE_NAME", "lens", "OTEL_SERVICE_NAME", "otel")).serviceName())
			.isEqualTo("lens");
		assertThat(fromEnv(Map.of("NEMO_LENS_SERVICE_NAME", " ", "OTEL_SERVICE_NAME", "otel")).serviceName())
			.isEqualTo("otel");
	}

	@Test
	void userComesFromUserThenUserId() {
		assertThat(fromEnv(Map.of("NEMO_LENS_USER", "ann", "NEMO_LENS_USER_ID", "bob")).user()).isEqualTo("ann");
		assertThat(fromEnv(Map.of("NEMO_LENS_USER_ID", "bob")).user()).isEqualTo("bob");
	}

	@Test
	void shutdownTimeoutNeedsAUnit() {
		assertThat(fromEnv(Map.of("NEMO_LENS_SHUTDOWN_TIMEOUT", "250ms")).shutdownTimeout())
			.isEqualTo(Duration.ofMillis(250));
		assertThat(fromEnv(Map.of("NEMO_LENS_SHUTDOWN_TIMEOUT", "PT2S")).shutdownTimeout())
			.isEqualTo(Duration.ofSeconds(2));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> fromEnv(Map.of("NEMO_LENS_SHUTDOWN_TIMEOUT", "5")))
			.withMessageContaining("NEMO_LENS_SHUTDOWN_TIMEOUT")
			.withMessageContaining("write 5s or 5ms");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> fromEnv(Map.of("NEMO_LENS_SHUTDOWN_TIMEOUT", "5 fortnights")))
			.withMessageContaining("'5 fortnights'");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> fromEnv(Map.of("NEMO_LENS_SHUTDOWN_TIMEOUT", "9999999999999999999d")))
			.withMessageContaining("too long");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> fromEnv(Map.of("NEMO_LENS_SHUTDOWN_TIMEOUT", "-1s")))
			.withMessageContaining("must not be negative");
	}

	@Test
	void extraSpanGroupsAreAList() {
		assertThat(fromEnv(Map.of("NEMO_LENS_EXTRA_SPAN_GROUPS", " microbatch, ,data_load ")).extraSpanGroups())
			.containsExactly("microbatch", "data_load");
	}

	@Test
	void fallbackPrefixIsReadWhenThePrimaryIsUnset() {
		NemoLensConfig config = NemoLensConfig.fromEnv(Map.of("NEMO_LENS_ENABLED", "true"), "MEGATRON_OTEL",
				"NEMO_LENS");
		assertThat(config.enabled()).isTrue();
	}

	@Test
	void fallbackPrefixIsReadWhenThePrimaryIsBlank() {
		NemoLensConfig config = NemoLensConfig.fromEnv(
				Map.of("MEGATRON_OTEL_EXPORT_RANK", "  ", "NEMO_LENS_EXPORT_RANK", "3"), "MEGATRON_OTEL", "NEMO_LENS");
		assertThat(config.exportRank()).isEqualTo(3);
	}

	@Test
	void primaryPrefixWinsOverTheFallback() {
		NemoLensConfig config = NemoLensConfig.fromEnv(
				Map.of("MEGATRON_OTEL_EXPORT_RANK", "1", "NEMO_LENS_EXPORT_RANK", "3"), "MEGATRON_OTEL", "NEMO_LENS");
		assertThat(config.exportRank()).isEqualTo(1);
	}

	@Test
	void defaultPrefixIsNotReadWithoutAFallback() {
		NemoLensConfig config = NemoLensConfig.fromEnv(Map.of("NEMO_LENS_ENABLED", "true"), "MEGATRON_OTEL", null);
		assertThat(config.enabled()).isFalse();
	}

	@Test
	void errorNamesThePrimaryVariableWhenTheValueCameFromTheFallback() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> NemoLensConfig.fromEnv(Map.of("NEMO_LENS_ENABLED", "maybe"), "MEGATRON_OTEL",
					"NEMO_LENS"))
			.withMessageContaining("MEGATRON_OTEL_ENABLED")
			.withMessageNotContaining("NEMO_LENS_ENABLED");
	}

	@Test
	void blankPrefixIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> NemoLensConfig.fromEnv(Map.of(), " ", null))
			.withMessageContaining("prefix");
	}

	@ParameterizedTest
	@ValueSource(strings = { "1", "true", "TRUE", "Yes", "on", " true " })
	void trueWords(String value) {
		assertThat(fromEnv(Map.of("NEMO_LENS_ENABLED", value)).enabled()).isTrue();
	}

	@ParameterizedTest
	@ValueSource(strings = { "0", "false", "False", "NO", "off" })
	void falseWords(String value) {
		assertThat(fromEnv(Map.of("NEMO_LENS_TRACES_ENABLED", value)).tracesEnabled()).isFalse();
	}

	@Test
	void unknownBooleanNamesTheVariableTheLowerCasedValueAndTheAcceptedWords() {
		assertThatIllegalArgumentException().isThrownBy(() -> fromEnv(Map.of("NEMO_LENS_SAMPLER_ENABLED", " Maybe ")))
			.withMessage("Invalid boolean for NEMO_LENS_SAMPLER_ENABLED: 'maybe'. "
					+ "Accepted values: 1, true, yes, on, 0, false, no, off.");
	}

	@ParameterizedTest
	@CsvSource({ "7, 7", "+7, 7", "-1, -1", "1_000, 1000", "' 12 ', 12", "-2_5, -25" })
	void integersWithSignAndUnderscores(String value, int expected) {
		assertThat(fromEnv(Map.of("NEMO_LENS_EXPORT_RANK", value)).exportRank()).isEqualTo(expected);
	}

	@ParameterizedTest
	@ValueSource(strings = { "3.0", "last", "1__0", "_1", "1_", "0x10", "99999999999" })
	void invalidIntegersNameTheVariableAndValue(String value) {
		assertThatIllegalArgumentException().isThrownBy(() -> fromEnv(Map.of("NEMO_LENS_EXPORT_RANK", value)))
			.withMessageStartingWith("Invalid integer for NEMO_LENS_EXPORT_RANK: '" + value + "'.")
			.withMessageContaining("Expected a whole number");
	}

	@ParameterizedTest
	@CsvSource({ ".5, 0.5", "1e-1, 0.1", "0.25, 0.25", "1, 1.0", "0, 0.0", "5E-1, 0.5", "0.000_1, 0.0001", "1., 1.0" })
	void floatsInDecimalAndExponentForms(String value, double expected) {
		assertThat(fromEnv(Map.of("NEMO_LENS_EXPORT_SAMPLE_RATE", value)).exportSampleRate()).isEqualTo(expected);
	}

	@ParameterizedTest
	@ValueSource(strings = { "nan", "NaN", "inf", "-inf", "Infinity" })
	void nanAndInfinityParseAndAreThenRejectedByTheRangeCheck(String value) {
		assertThatIllegalArgumentException().isThrownBy(() -> fromEnv(Map.of("NEMO_LENS_EXPORT_SAMPLE_RATE", value)))
			.withMessageStartingWith("NEMO_LENS_EXPORT_SAMPLE_RATE must be within [0.0, 1.0], got ");
	}

	@Test
	void outOfRangeRateNamesTheVariableAndValue() {
		assertThatIllegalArgumentException().isThrownBy(() -> fromEnv(Map.of("NEMO_LENS_EXPORT_SAMPLE_RATE", "1.5")))
			.withMessage("NEMO_LENS_EXPORT_SAMPLE_RATE must be within [0.0, 1.0], got 1.5.");
	}

	@ParameterizedTest
	@ValueSource(strings = { "half", "0.5.1", "1e", "._5" })
	void invalidFloatsNameTheVariableAndValue(String value) {
		assertThatIllegalArgumentException().isThrownBy(() -> fromEnv(Map.of("NEMO_LENS_EXPORT_SAMPLE_RATE", value)))
			.withMessage("Invalid number for NEMO_LENS_EXPORT_SAMPLE_RATE: '" + value
					+ "'. Expected a decimal number such as 0.1, .5 or 1e-1.");
	}

}
