package nemo.lens.autoconfigure.binding;

import java.util.Map;

import nemo.lens.autoconfigure.LensTestConfigurations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

@ExtendWith(OutputCaptureExtension.class)
class UnknownLensVariablesTests {

	private static StandardEnvironment environment(Map<String, Object> variables) {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources()
			.addFirst(new SystemEnvironmentPropertySource("test-variables", variables));
		return environment;
	}

	@Test
	void aMisspeltVariableIsWarnedAboutWithTheNearestKnownName() {
		assertThat(UnknownLensVariables.warnings(environment(Map.of("NEMO_LENS_EXPORT_STRATEGIE", "all_ranks"))))
			.singleElement()
			.asString()
			.contains("NEMO_LENS_EXPORT_STRATEGIE")
			.contains("did you mean NEMO_LENS_EXPORT_STRATEGY?");
	}

	@Test
	void everyPropertyOfTheStarterIsAKnownVariable() {
		assertThat(UnknownLensVariables.warnings(environment(Map.of("NEMO_LENS_ANNOTATIONS_ENABLED", "true",
				"NEMO_LENS_ALLOW_STRATEGY_OVERRIDE", "true", "NEMO_LENS_GATE_MICROMETER_OTLP", "false",
				"NEMO_LENS_RANK", "0", "NEMO_LENS_USER_ID", "ann", "NEMO_LENS_SHUTDOWN_TIMEOUT", "5s"))))
			.isEmpty();
	}

	@Test
	void theStartUpLogsTheWarningOnce(CapturedOutput output) {
		new ApplicationContextRunner().withConfiguration(LensTestConfigurations.core())
			.withInitializer((context) -> context.getEnvironment()
				.getPropertySources()
				.addFirst(new SystemEnvironmentPropertySource("test-variables", Map.of("NEMO_LENS_ENABELD", "true"))))
			.run((context) -> assertThat(context).hasNotFailed());
		assertThat(output.getAll().split("NEMO_LENS_ENABELD is set but is no NeMo Lens setting", -1)).hasSize(2);
		assertThat(output.getAll()).contains("did you mean NEMO_LENS_ENABLED?");
	}

}
