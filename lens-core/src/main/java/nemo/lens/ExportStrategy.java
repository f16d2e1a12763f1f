package nemo.lens;

/**
 * Decides, once per process at setup, whether this rank exports telemetry. A strategy is a pure
 * function of the settings, the global rank and the world size; it may read launcher variables
 * for context those arguments lack.
 */
@FunctionalInterface
public interface ExportStrategy {

	/**
	 * Returns whether the rank exports.
	 * @param config the resolved settings
	 * @param rank the global rank of this process
	 * @param worldSize the number of ranks in the job
	 * @return {@code true} if this rank should export
	 */
	boolean shouldExport(NemoLensConfig config, int rank, int worldSize);

}
