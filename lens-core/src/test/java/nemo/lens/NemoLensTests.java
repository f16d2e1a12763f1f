package nemo.lens;

import nemo.lens.strategies.ExportStrategies;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class NemoLensTests {

	private static final String NAME = "nemo_lens_tests_first_two";

	@AfterEach
	void removeTestStrategy() {
		if (NemoLens.registry().contains(NAME)) {
			NemoLens.unregisterExportStrategy(NAME);
		}
	}

	@Test
	void processWideRegistrationIsVisibleToTheStrategiesLookup() {
		ExportStrategy firstTwo = (config, rank, worldSize) -> rank < 2;
		NemoLens.registerExportStrategy(NAME, firstTwo);
		assertThat(NemoLens.registeredStrategies()).contains(NAME);
		assertThat(ExportStrategies.getExportStrategy(NAME)).isSameAs(firstTwo);
	}

	@Test
	void processWideOverrideNeedsAllowOverride() {
		NemoLens.registerExportStrategy(NAME, (c, r, w) -> true);
		assertThatIllegalArgumentException().isThrownBy(() -> NemoLens.registerExportStrategy(NAME, (c, r, w) -> false))
			.withMessageContaining("allowOverride=true");
		NemoLens.registerExportStrategy(NAME, (c, r, w) -> false, true);
		assertThat(ExportStrategies.getExportStrategy(NAME).shouldExport(NemoLensConfig.defaults(), 0, 1)).isFalse();
	}

	@Test
	void processWideUnregisterRemovesTheName() {
		NemoLens.registerExportStrategy(NAME, (c, r, w) -> true);
		NemoLens.unregisterExportStrategy(NAME);
		assertThat(NemoLens.registeredStrategies()).doesNotContain(NAME);
		assertThatIllegalArgumentException().isThrownBy(() -> ExportStrategies.getExportStrategy(NAME))
			.withMessageStartingWith("Unknown export_strategy '" + NAME + "'.");
	}

	@Test
	void processWideBuiltInsCannotBeUnregistered() {
		assertThatIllegalArgumentException().isThrownBy(() -> NemoLens.unregisterExportStrategy("all_ranks"))
			.withMessage("Cannot unregister built-in strategy 'all_ranks'.");
	}

}
