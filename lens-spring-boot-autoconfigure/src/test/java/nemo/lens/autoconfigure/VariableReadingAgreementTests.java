package nemo.lens.autoconfigure;

import java.util.HashMap;
import java.util.Map;

import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * A {@code NEMO_LENS_*} variable means the same whichever path reads it: the same table of
 * values goes through {@link NemoLensConfig#fromEnv(Map, String, String)} and through a Spring
 * application that finds the variables in its system environment; both give the same settings,
 * or both refuse with the same message.
 */
class VariableReadingAgreementTests {

	/** Set on both paths, so that only the variable under test differs from the defaults. */
	private static final Map<String, String> BASE = Map.of("NEMO_LENS_RUN_ID", "run-1", "NEMO_LENS_EXPORTER", "none");

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(NemoLensAutoConfiguration.class));

	@ParameterizedTest(name = "{0}=''{1}''")
	@CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
			NEMO_LENS_EXPORT_STRATEGY    | "  "
			NEMO_LENS_EXPORT_STRATEGY    | " all_ranks "
			NEMO_LENS_EXPORT_SAMPLE_RATE | ""
			NEMO_LENS_EXPORT_SAMPLE_RATE | "  "
			NEMO_LENS_EXPORT_SAMPLE_RATE | " .5 "
			NEMO_LENS_EXPORT_SAMPLE_RATE | 1e-1
			NEMO_LENS_EXPORT_SAMPLE_RATE | 1.5
			NEMO_LENS_EXPORT_SAMPLE_RATE | nan
			NEMO_LENS_EXPORT_SAMPLE_RATE | half
			NEMO_LENS_EXPORT_RANK        | ""
			NEMO_LENS_EXPORT_RANK        | +7
			NEMO_LENS_EXPORT_RANK        | 1_000
			NEMO_LENS_EXPORT_RANK        | " -1 "
			NEMO_LENS_EXPORT_RANK        | last
			NEMO_LENS_EXPORT_RANK        | 1.0
			NEMO_LENS_ENABLED            | ""
			NEMO_LENS_ENABLED            | " off "
			NEMO_LENS_ENABLED            | maybe
			NEMO_LENS_SAMPLER_ENABLED    | " Yes "
			NEMO_LENS_SAMPLER_ENABLED    | 2
			NEMO_LENS_TRACES_ENABLED     | 0
			NEMO_LENS_METRICS_ENABLED    | no
			NEMO_LENS_LOGS_ENABLED       | "  "
			NEMO_LENS_EXPORTER           | "  "
			NEMO_LENS_EXPORTER           | " console "
			NEMO_LENS_RUN_ID             | " run 7 "
			NEMO_LENS_USER_ID            | " alice "
			OTEL_SERVICE_NAME            | " trainer "
			OTEL_SERVICE_NAME            | "  "
			""")
	void bothPathsReadAVariableAlike(String variable, String value) {
		Map<String, String> variables = new HashMap<>(BASE);
		variables.put(variable, value);
		IllegalArgumentException coreRefusal = catchThrowableOfType(IllegalArgumentException.class,
				() -> NemoLensConfig.fromEnv(variables, "NEMO_LENS", null));
		this.runner.withInitializer((context) -> context.getEnvironment()
			.getPropertySources()
			.addFirst(new SystemEnvironmentPropertySource("systemEnvironment-variables", Map.copyOf(variables))))
			.run((context) -> {
				if (coreRefusal != null) {
					assertThat(context).hasFailed();
					assertThat(BadInputTableTests.report(context.getStartupFailure()))
						.contains("Reason: " + coreRefusal.getMessage());
				}
				else {
					assertThat(context).hasNotFailed();
					assertThat(context.getBean(TelemetryHandle.class).config())
						.isEqualTo(NemoLensConfig.fromEnv(variables, "NEMO_LENS", null));
				}
			});
	}

}
