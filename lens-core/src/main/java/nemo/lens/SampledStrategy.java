package nemo.lens;

import nemo.lens.sdk.RankSampling;

/**
 * {@code sampled}: the rank exports when its md5 fraction lies below {@code exportSampleRate}.
 * The world size is not used, so a rank's choice never depends on how many others there are.
 */
final class SampledStrategy implements ExportStrategy {

	@Override
	public boolean shouldExport(NemoLensConfig config, int rank, int worldSize) {
		return RankSampling.selects(rank, config.exportSampleRate());
	}

	@Override
	public String toString() {
		return BuiltinStrategies.SAMPLED;
	}

}
