package nemo.lens.strategies;

import java.util.function.Function;

import nemo.lens.ExportStrategy;
import nemo.lens.NemoLensConfig;
import nemo.lens.config.EnvironmentValues;

/**
 * {@code first_rank_per_node}: the rank whose {@code LOCAL_RANK} is 0 exports. A missing
 * {@code LOCAL_RANK} reads as 0, as in the reference; a set value that is not an integer is an
 * error.
 */
final class FirstRankPerNodeStrategy implements ExportStrategy {

	static final String LOCAL_RANK = "LOCAL_RANK";

	private final Function<String, String> environment;

	FirstRankPerNodeStrategy(Function<String, String> environment) {
		this.environment = environment;
	}

	@Override
	public boolean shouldExport(NemoLensConfig config, int rank, int worldSize) {
		String localRank = this.environment.apply(LOCAL_RANK);
		return localRank == null || EnvironmentValues.parseInt(LOCAL_RANK, localRank) == 0;
	}

	@Override
	public String toString() {
		return ExportStrategies.FIRST_RANK_PER_NODE;
	}

}
