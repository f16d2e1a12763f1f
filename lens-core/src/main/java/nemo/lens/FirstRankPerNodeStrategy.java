package nemo.lens;

import java.util.function.Function;

import nemo.lens.env.EnvironmentValues;
import nemo.lens.launch.RankInfo;

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
final class FirstRankPerNodeStrategy implements ExportStrategy {

	static final String LOCAL_RANK = "LOCAL_RANK";

	private final Function<String, String> environment;

	FirstRankPerNodeStrategy(Function<String, String> environment) {
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
		return BuiltinStrategies.FIRST_RANK_PER_NODE;
	}

}
