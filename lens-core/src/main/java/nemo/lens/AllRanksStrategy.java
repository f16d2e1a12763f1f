package nemo.lens;

/** {@code all_ranks}: every rank exports. */
final class AllRanksStrategy implements ExportStrategy {

	@Override
	public boolean shouldExport(NemoLensConfig config, int rank, int worldSize) {
		return true;
	}

	@Override
	public String toString() {
		return BuiltinStrategies.ALL_RANKS;
	}

}
