package nemo.lens.live;

import java.util.Map;

import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * An OpAMP endpoint on a class path without the agent module fails the start, saying which module
 * to add: the operator asked for a rank the server can see and switch.
 */
class OpampWithoutAgentTests {

	@Test
	void anEndpointWithoutTheAgentModuleFailsTheStartNamingTheSettingAndTheModule() {
		NemoLensConfig config = NemoLensConfig.builder()
			.enabled(true)
			.exporter("none")
			.opampEndpoint("http://127.0.0.1:1/v1/opamp")
			.build();
		TelemetrySetup setup = new TelemetrySetup(new ExportStrategyRegistry(), Map.<String, String>of()::get);
		assertThatIllegalArgumentException().isThrownBy(() -> setup.setup(config, 0, 2, TelemetryOptions.builder().build()))
			.withMessage("nemo.lens.opamp.endpoint (NEMO_LENS_OPAMP_ENDPOINT) is set, but no OpAMP agent is on the "
					+ "class path: add the dependency nemo.lens:lens-opamp beside lens-core or the starter, or unset it.");
	}

}
