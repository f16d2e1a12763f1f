package nemo.lens;

import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * The four built-in strategies of NeMo Lens, by name. They live in this package, not in
 * {@code nemo.lens.strategies}, because they implement {@link ExportStrategy} and every new
 * {@link ExportStrategyRegistry} holds them: that package imports this one, never the reverse.
 * {@code ExportStrategies} publishes the same names; a test keeps the two equal.
 */
final class BuiltinStrategies {

	static final String ALL_RANKS = "all_ranks";

	static final String SINGLE_RANK = "single_rank";

	static final String SAMPLED = "sampled";

	static final String FIRST_RANK_PER_NODE = "first_rank_per_node";

	static final Set<String> NAMES = Set.of(ALL_RANKS, SINGLE_RANK, SAMPLED, FIRST_RANK_PER_NODE);

	private BuiltinStrategies() {
	}

	/**
	 * Creates the built-in strategies.
	 * @param environment looks up launcher variables for {@code first_rank_per_node}; returns
	 * {@code null} when a variable is unset
	 * @return the built-ins by name
	 */
	static Map<String, ExportStrategy> create(Function<String, String> environment) {
		Objects.requireNonNull(environment, "environment must not be null");
		return Map.of(ALL_RANKS, new AllRanksStrategy(), SINGLE_RANK, new SingleRankStrategy(), SAMPLED,
				new SampledStrategy(), FIRST_RANK_PER_NODE, new FirstRankPerNodeStrategy(environment));
	}

}
