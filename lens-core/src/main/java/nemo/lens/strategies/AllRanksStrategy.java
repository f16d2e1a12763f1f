package nemo.lens.strategies;

import nemo.lens.ExportStrategy;
import nemo.lens.NemoLensConfig;

/** {@code all_ranks}: every rank exports. */
final class AllRanksStrategy implements ExportStrategy {

	@Override
	public boolean shouldExport(NemoLensConfig config, int rank, int worldSize) {
		return true;
	}

	@Override
	public String toString() {
		return ExportStrategies.ALL_RANKS;
	}

}
