package nemo.lens.autoconfigure;

import nemo.lens.TelemetryHandle;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

class OptionalDependenciesTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(LensTestConfigurations.core())
		.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.exporter=none");

	@Test
	void startsWithoutActuator() {
		this.runner.withClassLoader(new FilteredClassLoader("org.springframework.boot.actuate"))
			.run((context) -> assertThat(context).hasNotFailed().hasSingleBean(TelemetryHandle.class));
	}

	@Test
	void startsWithoutBootsOpenTelemetryAndTracingModules() {
		this.runner
			.withClassLoader(new FilteredClassLoader("org.springframework.boot.opentelemetry",
					"org.springframework.boot.micrometer", "io.micrometer"))
			.run((context) -> assertThat(context).hasNotFailed().hasSingleBean(TelemetryHandle.class));
	}

	@Test
	void backsOffWithoutTheOpenTelemetryApi() {
		this.runner.withClassLoader(new FilteredClassLoader("io.opentelemetry.api"))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(TelemetryHandle.class));
	}

}
