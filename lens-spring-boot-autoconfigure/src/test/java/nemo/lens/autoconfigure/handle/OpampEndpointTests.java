package nemo.lens.autoconfigure.handle;

import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.LensTestConfigurations;
import nemo.lens.autoconfigure.door.LensDoorsAutoConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code nemo.lens.opamp.*} in a Spring application: bound as the core reads them, and an endpoint
 * without the {@code lens-opamp} module (which the starter does not bring) stops the start saying
 * which module to add.
 */
class OpampEndpointTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(LensTestConfigurations.core(LensDoorsAutoConfiguration.class))
		.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.exporter=none");

	@Test
	void anEndpointWithoutTheAgentModuleStopsTheStartNamingTheModule() {
		this.runner.withPropertyValues("nemo.lens.opamp.endpoint=http://127.0.0.1:1/v1/opamp")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("nemo.lens.opamp.endpoint (NEMO_LENS_OPAMP_ENDPOINT) is set")
				.hasMessageContaining("add the dependency nemo.lens:lens-opamp"));
	}

	@Test
	void theSettingsReachTheCore() {
		this.runner.withPropertyValues("nemo.lens.enabled=false", "nemo.lens.opamp.endpoint=http://opamp:4320/v1/opamp",
				"nemo.lens.opamp.interval=5s", "nemo.lens.opamp.headers=X-Tenant=training")
			.run((context) -> {
				TelemetryHandle handle = context.getBean(TelemetryHandle.class);
				assertThat(handle.config().opampEndpoint()).isEqualTo("http://opamp:4320/v1/opamp");
				assertThat(handle.config().opampInterval()).hasSeconds(5);
				assertThat(handle.config().opampHeaders()).isEqualTo("X-Tenant=training");
			});
	}

}
