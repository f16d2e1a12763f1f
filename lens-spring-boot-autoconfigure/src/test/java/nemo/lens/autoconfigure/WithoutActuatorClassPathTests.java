package nemo.lens.autoconfigure;

import nemo.lens.TelemetryHandle;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every auto-configuration of the imports file at once, registered by class, on a test class path
 * that truly lacks actuator and Micrometer: the surefire execution {@code without-actuator} of
 * this module removes their jars. A hidden class ({@code FilteredClassLoader}) is still loadable
 * by the class that names it; a missing jar is not, so only this catches a bean method whose
 * signature names an actuator or Micrometer type. The default execution does not run this class.
 */
class WithoutActuatorClassPathTests {

	@BeforeAll
	static void theClassPathLacksActuatorAndMicrometer() {
		ClassLoader classLoader = WithoutActuatorClassPathTests.class.getClassLoader();
		assertThat(ClassUtils.isPresent("org.springframework.boot.actuate.endpoint.annotation.Endpoint", classLoader))
			.as("actuator on the class path; run through the surefire execution without-actuator")
			.isFalse();
		assertThat(ClassUtils.isPresent("io.micrometer.core.instrument.MeterRegistry", classLoader))
			.as("Micrometer on the class path; run through the surefire execution without-actuator")
			.isFalse();
	}

	@Test
	void everyImportedAutoConfigurationLoadsAndTheHandleStarts() {
		assertThat(ImportedAutoConfigurations.names()).hasSizeGreaterThanOrEqualTo(5);
		new ApplicationContextRunner().withConfiguration(ImportedAutoConfigurations.all())
			.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.exporter=none")
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(TelemetryHandle.class)
				.doesNotHaveBean("lensEndpoint")
				.doesNotHaveBean("lensInfoContributor")
				.doesNotHaveBean("lensMicrometerDoorGate"));
	}

}
