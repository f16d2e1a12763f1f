package nemo.lens.env;

import java.util.List;
import java.util.Map;

import nemo.lens.NemoLensConfig;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class UnknownVariablesTests {

	private static final List<String> KNOWN = NemoLensConfig.variableNames("NEMO_LENS");

	@Test
	void aMisspeltVariableIsNamedWithTheNearestKnownOne() {
		assertThat(UnknownVariables.warnings(Map.of("NEMO_LENS_EXPORT_STRATEGIE", "all_ranks"), "NEMO_LENS", KNOWN))
			.containsExactly("NEMO_LENS_EXPORT_STRATEGIE is set but is no NeMo Lens setting, so it is ignored; "
					+ "did you mean NEMO_LENS_EXPORT_STRATEGY?");
	}

	@Test
	void knownVariablesAndOtherPrefixesAreNotWarnedAbout() {
		assertThat(UnknownVariables.warnings(
				Map.of("NEMO_LENS_ENABLED", "1", "NEMO_LENSES", "x", "OTEL_SERVICE_NAME", "y", "NEMO_LENS_USER_ID", "z"),
				"NEMO_LENS", KNOWN))
			.isEmpty();
	}

	@Test
	void eachUnknownVariableIsWarnedAboutOnceInNameOrder() {
		assertThat(UnknownVariables.warnings(Map.of("NEMO_LENS_ZZ", "1", "NEMO_LENS_AA", "2"), "NEMO_LENS", KNOWN))
			.hasSize(2)
			.satisfies((warnings) -> assertThat(warnings.get(0)).startsWith("NEMO_LENS_AA "));
	}

	@Test
	void everySettingOfTheConfigHasAVariable() {
		assertThat(KNOWN).contains("NEMO_LENS_SERVICE_NAME", "NEMO_LENS_USER", "NEMO_LENS_USER_ID",
				"NEMO_LENS_SHUTDOWN_TIMEOUT", "NEMO_LENS_EXTRA_SPAN_GROUPS", "NEMO_LENS_EXPORT_SAMPLE_RATE");
	}

}
