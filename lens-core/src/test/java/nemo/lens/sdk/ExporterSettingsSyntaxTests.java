package nemo.lens.sdk;

import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;

import io.opentelemetry.sdk.autoconfigure.spi.ConfigProperties;
import io.opentelemetry.sdk.autoconfigure.spi.internal.DefaultConfigProperties;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The start-up check reads {@code OTEL_*} values as strings; each rule agrees with the SDK's own
 * reader, which an exporting rank uses, on values it takes and values it refuses. A blank value
 * is unset for both, and never reaches the rules.
 */
class ExporterSettingsSyntaxTests {

	@ParameterizedTest
	@ValueSource(strings = { "5000", "5s", "5 s", "0", "-1", "10ms", "2m", "1h", "1d", "7us", "9ns", "soon", "5x",
			"s", "5.5s", "1e3", "99999999999999999999", "5sec", "ms5" })
	void aDurationIsTakenExactlyWhenTheSdkTakesIt(String value) {
		assertAgrees(value, OtlpSettingSyntax::isDuration, (config) -> config.getDuration("x"));
	}

	@ParameterizedTest
	@ValueSource(strings = { "512", "0", "-3", "2147483648", "5.0", "lots", " 7" })
	void anIntegerIsTakenExactlyWhenTheSdkTakesIt(String value) {
		assertAgrees(value, OtlpSettingSyntax::isInteger, (config) -> config.getInt("x"));
	}

	@ParameterizedTest
	@ValueSource(strings = { "0.25", "1", "1e-3", "NaN", "half", "0,5" })
	void aNumberIsTakenExactlyWhenTheSdkTakesIt(String value) {
		assertAgrees(value, OtlpSettingSyntax::isNumber, (config) -> config.getDouble("x"));
	}

	@ParameterizedTest
	@ValueSource(strings = { "a=b", "a=b,c=d", "a=", "a=b,,c=d", "a=b=c", "token", "=b", " =b", "a=b,token", "a=b, " })
	void aHeaderListIsTakenExactlyWhenTheSdkTakesIt(String value) {
		assertAgrees(value, OtlpSettingSyntax::isKeyValueList, (config) -> config.getMap("x"));
	}

	private static void assertAgrees(String value, Predicate<String> rule, Consumer<ConfigProperties> sdk) {
		boolean sdkTakes;
		try {
			sdk.accept(DefaultConfigProperties.createFromMap(Map.of("x", value)));
			sdkTakes = true;
		}
		catch (RuntimeException ex) {
			sdkTakes = false;
		}
		assertThat(rule.test(value)).as("'" + value + "': the SDK " + (sdkTakes ? "takes" : "refuses") + " it")
			.isEqualTo(sdkTakes);
	}

}
