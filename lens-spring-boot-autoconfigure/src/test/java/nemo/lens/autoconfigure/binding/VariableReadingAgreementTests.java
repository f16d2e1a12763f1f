package nemo.lens.autoconfigure.binding;

import nemo.lens.autoconfigure.LensTestConfigurations;
import nemo.lens.autoconfigure.boot.BootOpenTelemetryDoorAutoConfiguration;
import java.util.HashMap;
import java.util.Map;

import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * A {@code NEMO_LENS_*} variable means the same whichever path reads it: the same table of
 * values goes through {@link NemoLensConfig#fromEnv(Map, String, String)} and through a Spring
 * application that finds the variables in its system environment; both give the same settings,
 * or both refuse with the same message; and the switch that decides whether Lens replaces Spring
 * Boot's SDK reads {@code NEMO_LENS_ENABLED} as both do.
 */
class VariableReadingAgreementTests {

	/**
	 * Set on both paths, so that only the variable under test differs from the defaults; the job is
	 * large enough for every export rank read here to be one of its ranks.
	 */
	private static final Map<String, String> BASE = Map.of("NEMO_LENS_RUN_ID", "run-1", "NEMO_LENS_EXPORTER", "none",
			"NEMO_LENS_RANK", "0", "NEMO_LENS_WORLD_SIZE", "2000");

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(LensTestConfigurations.core());

	@ParameterizedTest(name = "{0}=''{1}''")
	@CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
			NEMO_LENS_EXPORT_STRATEGY    | "  "
			NEMO_LENS_EXPORT_STRATEGY    | " all_ranks "
			NEMO_LENS_METRICS_EXPORT_STRATEGY | " all_ranks "
			NEMO_LENS_TRACES_EXPORT_STRATEGY  | "  "
			NEMO_LENS_LOGS_EXPORT_STRATEGY    | first_rank_per_node
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
			NEMO_LENS_EXPORT_RANK        | 0x10
			NEMO_LENS_EXPORT_SAMPLE_RATE | .5d
			NEMO_LENS_SHUTDOWN_TIMEOUT   | 250ms
			NEMO_LENS_SHUTDOWN_TIMEOUT   | " PT2S "
			NEMO_LENS_SHUTDOWN_TIMEOUT   | 5
			NEMO_LENS_SHUTDOWN_TIMEOUT   | soon
			NEMO_LENS_SHUTDOWN_TIMEOUT   | 5 fortnights
			NEMO_LENS_SHUTDOWN_TIMEOUT   | 99999999999999999999d
			NEMO_LENS_SHUTDOWN_TIMEOUT   | -1s
			NEMO_LENS_EXTRA_SPAN_GROUPS  | " microbatch, layer "
			NEMO_LENS_EXTRA_SPAN_GROUPS  | microbatch,all
			NEMO_LENS_SPAN_GROUPS        | " Default, STEP "
			NEMO_LENS_JOB_TRACE          | off
			NEMO_LENS_SERVICE_NAME       | " lens "
			NEMO_LENS_USER               | bob
			NEMO_LENS_ENABLED            | ""
			NEMO_LENS_ENABLED            | " off "
			NEMO_LENS_ENABLED            | on
			NEMO_LENS_ENABLED            | 1
			NEMO_LENS_ENABLED            | YES
			NEMO_LENS_ENABLED            | True
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
			// In place of the process's variables, under their name: Spring maps a variable to a nested
			// property (NEMO_LENS_METRICS_EXPORT_STRATEGY) only there.
			.replace(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, new SystemEnvironmentPropertySource(
					StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, Map.copyOf(variables))))
			.run((context) -> {
				if (coreRefusal != null) {
					assertThat(context).hasFailed();
					assertThat(BadInputTableTests.report(context.getStartupFailure()))
						.contains(coreRefusal.getMessage());
				}
				else {
					assertThat(context).hasNotFailed();
					NemoLensConfig core = NemoLensConfig.fromEnv(variables, "NEMO_LENS", null);
					assertThat(context.getBean(TelemetryHandle.class).config()).isEqualTo(core);
					// The switch that decides whether Lens replaces Boot's SDK reads the same value.
					assertThat(context.containsBean(BootOpenTelemetryDoorAutoConfiguration.DEFERRAL_BEAN))
						.as("Boot's OpenTelemetry door behind the decision")
						.isEqualTo(core.enabled());
				}
			});
	}

}
