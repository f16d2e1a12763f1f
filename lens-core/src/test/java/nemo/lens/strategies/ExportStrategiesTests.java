package nemo.lens.strategies;

import java.util.Set;

import nemo.lens.ExportStrategyRegistry;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The published names are those of the built-ins that every new registry holds, which
 * {@code nemo.lens} keeps apart from this package.
 */
class ExportStrategiesTests {

	@Test
	void publishedNamesAreTheBuiltInsOfANewRegistry() {
		assertThat(Set.copyOf(new ExportStrategyRegistry((name) -> null).registeredStrategies()))
			.isEqualTo(ExportStrategies.BUILTIN_STRATEGIES)
			.containsExactlyInAnyOrder(ExportStrategies.ALL_RANKS, ExportStrategies.SINGLE_RANK,
					ExportStrategies.SAMPLED, ExportStrategies.FIRST_RANK_PER_NODE);
	}

}
