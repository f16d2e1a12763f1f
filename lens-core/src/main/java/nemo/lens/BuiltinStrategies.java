package nemo.lens;

import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

import nemo.lens.env.EnvironmentValues;
import nemo.lens.launch.RankInfo;
import nemo.lens.sdk.RankSampling;

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
		return Map.of(ALL_RANKS, new AllRanks(), SINGLE_RANK, new SingleRank(), SAMPLED, new Sampled(),
				FIRST_RANK_PER_NODE, new FirstRankPerNode(environment));
	}

	/** {@code all_ranks}: every rank exports. */
	private static final class AllRanks implements ExportStrategy {

		@Override
		public boolean shouldExport(NemoLensConfig config, int rank, int worldSize) {
			return true;
		}

		@Override
		public String toString() {
			return ALL_RANKS;
		}

	}

	/**
	 * {@code single_rank}: exactly the rank {@code exportRank} exports, or the last rank when that
	 * is negative. An export rank at or above the world size selects nobody, as in the reference.
	 */
	private static final class SingleRank implements ExportStrategy {

		@Override
		public boolean shouldExport(NemoLensConfig config, int rank, int worldSize) {
			int target = (config.exportRank() >= 0) ? config.exportRank() : worldSize - 1;
			return rank == target;
		}

		@Override
		public String toString() {
			return SINGLE_RANK;
		}

	}

	/**
	 * {@code sampled}: the rank exports when its md5 fraction lies below {@code exportSampleRate}.
	 * The world size is not used, so a rank's choice never depends on how many others there are.
	 */
	private static final class Sampled implements ExportStrategy {

		@Override
		public boolean shouldExport(NemoLensConfig config, int rank, int worldSize) {
			return RankSampling.selects(rank, config.exportSampleRate());
		}

		@Override
		public String toString() {
			return SAMPLED;
		}

	}

	/**
	 * {@code first_rank_per_node}: the rank whose local rank is 0 exports. A set {@code LOCAL_RANK}
	 * decides exactly as in the reference, and a set value that is not an integer is an error.
	 * <p>
	 * Unlike the Python library, which reads a missing {@code LOCAL_RANK} as 0, a missing one falls
	 * back to the local rank of the detected launcher ({@code SLURM_LOCALID} under {@code srun},
	 * {@code OMPI_COMM_WORLD_LOCAL_RANK} under Open MPI, ...): otherwise every rank of an srun or
	 * MPI job would count as first on its node and export. Only when no launcher gives a local rank
	 * does it read as 0, as in the reference.
	 */
	private static final class FirstRankPerNode implements ExportStrategy {

		private static final String LOCAL_RANK = "LOCAL_RANK";

		private final Function<String, String> environment;

		FirstRankPerNode(Function<String, String> environment) {
			this.environment = environment;
		}

		@Override
		public boolean shouldExport(NemoLensConfig config, int rank, int worldSize) {
			String localRank = this.environment.apply(LOCAL_RANK);
			if (localRank != null) {
				return EnvironmentValues.parseInt(LOCAL_RANK, localRank) == 0;
			}
			return RankInfo.detect(this.environment).localRank().orElse(0) == 0;
		}

		@Override
		public String toString() {
			return FIRST_RANK_PER_NODE;
		}

	}

}
