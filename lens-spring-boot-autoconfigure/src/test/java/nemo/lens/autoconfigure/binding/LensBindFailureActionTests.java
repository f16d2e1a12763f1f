package nemo.lens.autoconfigure.binding;

import java.util.Map;

import nemo.lens.autoconfigure.LensTestConfigurations;
import nemo.lens.autoconfigure.door.LensDoorsAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A value of a setting that does not bind ends its report with an action of NeMo Lens's: the
 * property, its variable and a value it takes, from the setting's row, where Spring Boot's report
 * said only "Update your application's configuration" (issue 58).
 */
class LensBindFailureActionTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(LensTestConfigurations.core(LensDoorsAutoConfiguration.class))
		.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.exporter=none");

	@ParameterizedTest(name = "{0}={1}")
	@CsvSource(delimiter = '|', textBlock = """
			nemo.lens.shutdown-timeout        | 5     | Action: Set nemo.lens.shutdown-timeout (or NEMO_LENS_SHUTDOWN_TIMEOUT) to a duration with a unit, such as 5s.
			nemo.lens.export-rank             | last  | Action: Set nemo.lens.export-rank (or NEMO_LENS_EXPORT_RANK) to a whole number, such as -1.
			nemo.lens.export-sample-rate      | half  | Action: Set nemo.lens.export-sample-rate (or NEMO_LENS_EXPORT_SAMPLE_RATE) to a decimal number, such as 1.0.
			nemo.lens.sampler-enabled         | maybe | Action: Set nemo.lens.sampler-enabled (or NEMO_LENS_SAMPLER_ENABLED) to true or false, such as false.
			nemo.lens.exporter                | zipkin | Action: Set nemo.lens.exporter (or NEMO_LENS_EXPORTER) to a value the reason above allows, such as otlp.
			nemo.lens.flight-recorder.stall-timeout | 0s | Action: Set nemo.lens.flight-recorder.stall-timeout (or NEMO_LENS_FLIGHT_RECORDER_STALL_TIMEOUT) to a duration with a unit, such as 30s.
			nemo.lens.rank                    | first | Action: Set nemo.lens.rank (or NEMO_LENS_RANK) to a whole number, such as 0.
			nemo.lens.override.max-duration   | 99999999d | Action: Set nemo.lens.override.max-duration (or NEMO_LENS_OVERRIDE_MAX_DURATION) to a duration with a unit, such as 15m.
			""")
	void aValueThatDoesNotBindEndsWithAnActionNamingThePropertyItsVariableAndAnExample(String property, String value,
			String action) {
		this.runner.withPropertyValues(property + "=" + value)
			.run((context) -> assertThat(BadInputTableTests.report(context.getStartupFailure())).contains(
					"Reason: java.lang.IllegalArgumentException:", "'" + value + "'", action)
				.doesNotContain("Update your application's configuration"));
	}

	@Test
	void aVariableThatDoesNotBindGetsTheSameAction() {
		this.runner.withInitializer((context) -> context.getEnvironment()
			.getPropertySources()
			.addFirst(new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
					Map.of("NEMO_LENS_SHUTDOWN_TIMEOUT", "5"))))
			.run((context) -> assertThat(BadInputTableTests.report(context.getStartupFailure()))
				.contains("Invalid duration for NEMO_LENS_SHUTDOWN_TIMEOUT: '5'",
						"Action: Set nemo.lens.shutdown-timeout (or NEMO_LENS_SHUTDOWN_TIMEOUT) to a duration with a unit, such as 5s."));
	}

}
