package nemo.lens.autoconfigure;

import nemo.lens.TelemetryHandle;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every auto-configuration of the imports file at once, registered by class as a user's own test
 * does, with an optional library hidden from the context's class loader: each integration that
 * needs the hidden library backs off, and the rest starts. A hidden class is still loadable by the
 * class that names it: the module {@code lens-optional-libraries-tests} starts the same
 * auto-configurations on class paths that truly lack each library.
 */
class WithoutOptionalLibrariesTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(ImportedAutoConfigurations.all())
		.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.exporter=none",
				"management.endpoints.web.exposure.include=lens");

	@Test
	void withEveryLibraryTheEndpointTheInfoEntryAndTheMicrometerGateAreDefined() {
		this.runner.run((context) -> assertThat(context).hasNotFailed()
			.hasBean("lensEndpoint")
			.hasBean("lensInfoContributor")
			.hasBean("lensMicrometerDoorGate")
			.hasBean("lensSettingsRefresh"));
	}

	@Test
	void withoutActuatorTheHandleStartsAndNoEndpointIsDefined() {
		this.runner.withClassLoader(new FilteredClassLoader("org.springframework.boot.actuate"))
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(TelemetryHandle.class)
				.doesNotHaveBean("lensEndpoint")
				.doesNotHaveBean("lensInfoContributor"));
	}

	@Test
	void withoutMicrometerTheHandleStartsAndNoRegistryGateIsDefined() {
		this.runner.withClassLoader(new FilteredClassLoader("io.micrometer.core"))
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(TelemetryHandle.class)
				.doesNotHaveBean("lensMicrometerDoorGate"));
	}

	@Test
	void withoutSpringCloudTheHandleStartsAndNoRefreshListenerIsDefined() {
		this.runner.withClassLoader(new FilteredClassLoader("org.springframework.cloud"))
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(TelemetryHandle.class)
				.doesNotHaveBean("lensSettingsRefresh"));
	}

	@Test
	void withoutOpenTelemetryEveryLensAutoConfigurationBacksOff() {
		this.runner.withClassLoader(new FilteredClassLoader("io.opentelemetry"))
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(TelemetryHandle.class)
				.doesNotHaveBean("lensTelemetryDoors")
				.doesNotHaveBean("lensEndpoint")
				.doesNotHaveBean("lensMicrometerDoorGate"));
	}

	@Test
	void withoutTheInstrumentationStarterItsGateIsNotDefined() {
		this.runner.withClassLoader(new FilteredClassLoader("io.opentelemetry.instrumentation"))
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(TelemetryHandle.class)
				.doesNotHaveBean("lensOpenTelemetryStarterGate"));
	}

}
