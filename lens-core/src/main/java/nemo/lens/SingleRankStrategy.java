package nemo.lens;

/**
 * {@code single_rank}: exactly the rank {@code exportRank} exports, or the last rank when that is
 * negative. An export rank at or above the world size selects nobody, as in the reference.
 */
final class SingleRankStrategy implements ExportStrategy {

	@Override
	public boolean shouldExport(NemoLensConfig config, int rank, int worldSize) {
		int target = (config.exportRank() >= 0) ? config.exportRank() : worldSize - 1;
		return rank == target;
	}

	@Override
	public String toString() {
		return BuiltinStrategies.SINGLE_RANK;
	}

}
