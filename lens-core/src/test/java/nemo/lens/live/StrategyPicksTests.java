package nemo.lens.live;

import java.util.HashMap;
import java.util.Map;

import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.Signal;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every rank can say whom its strategy picks in this job, so that a silent rank tells an operator
 * where the job's telemetry comes from.
 */
class StrategyPicksTests {

	private final Map<String, String> env = new HashMap<>();

	private final ExportStrategyRegistry registry = new ExportStrategyRegistry(this.env::get);

	private final TelemetrySetup setup = new TelemetrySetup(this.registry, this.env::get);

	private static NemoLensConfig.Builder settings(String strategy) {
		return NemoLensConfig.builder().exportStrategy(strategy).exporter("none");
	}

	private String picks(NemoLensConfig.Builder settings, int rank, int worldSize) {
		TelemetryHandle handle = this.setup.setup(settings.build(), rank, worldSize, TelemetryOptions.builder().build());
		return handle.strategyPicks(Signal.TRACES).orElse(null);
	}

	@Test
	void singleRankNamesTheLastRankByDefault() {
		assertThat(picks(settings("single_rank"), 0, 4)).isEqualTo("single_rank: rank 3");
	}

	@Test
	void singleRankNamesTheExportRank() {
		assertThat(picks(settings("single_rank").exportRank(1), 0, 4)).isEqualTo("single_rank: rank 1");
	}

	@Test
	void firstRankPerNodeNamesLocalRankZeroOfEachNode() {
		assertThat(picks(settings("first_rank_per_node"), 1, 4))
			.isEqualTo("first_rank_per_node: local rank 0 of each node");
	}

	@Test
	void allRanksNamesEveryRank() {
		assertThat(picks(settings("all_ranks"), 1, 4)).isEqualTo("all_ranks: every rank");
	}

	@Test
	void sampledNamesTheRanksOfAJobOfUpTo64() {
		assertThat(picks(settings("sampled").exportSampleRate(0.25), 0, 16))
			.isEqualTo("sampled 0.25: ranks 3, 4, 5, 6, 10 of 16");
		assertThat(picks(settings("sampled").exportSampleRate(0.05), 0, 16)).isEqualTo("sampled 0.05: rank 6 of 16");
		assertThat(picks(settings("sampled").exportSampleRate(0.0), 0, 16)).isEqualTo("sampled 0.0: no rank of 16");
	}

	@Test
	void sampledCountsTheRanksOfALargerJob() {
		assertThat(picks(settings("sampled").exportSampleRate(0.1), 0, 1000)).isEqualTo("sampled 0.1: 111 of 1000 ranks");
	}

	@Test
	void aSignalWithAStrategyOfItsOwnSaysWhomThatOnePicks() {
		TelemetryHandle handle = this.setup.setup(settings("single_rank").metricsExportStrategy("all_ranks").build(), 0,
				4, TelemetryOptions.builder().build());
		assertThat(handle.strategyPicks(Signal.TRACES)).contains("single_rank: rank 3");
		assertThat(handle.strategyPicks(Signal.METRICS)).contains("all_ranks: every rank");
	}

	@Test
	void aStrategyOfTheApplicationsOwnOrAReplacedBuiltInIsNotDescribed() {
		this.registry.register("first_two_ranks", (config, rank, worldSize) -> rank < 2);
		this.registry.register("all_ranks", (config, rank, worldSize) -> rank == 0, true);
		assertThat(picks(settings("first_two_ranks"), 0, 4)).isNull();
		assertThat(picks(settings("all_ranks"), 0, 4)).isNull();
	}

	@Test
	void aStrategyPassedToTheCallIsNotDescribed() {
		TelemetryHandle handle = this.setup.setup(settings("single_rank").build(), 0, 4,
				TelemetryOptions.builder().exportStrategy((config, rank, worldSize) -> true).build());
		assertThat(handle.strategyPicks(Signal.TRACES)).isEmpty();
	}

}
