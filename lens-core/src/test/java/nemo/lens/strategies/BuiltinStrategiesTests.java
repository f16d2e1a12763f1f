package nemo.lens.strategies;

import java.util.Map;
import java.util.stream.IntStream;

import nemo.lens.ExportStrategy;
import nemo.lens.NemoLensConfig;
import nemo.lens.sdk.RankSampling;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class BuiltinStrategiesTests {

	private static final NemoLensConfig DEFAULTS = NemoLensConfig.defaults();

	private static ExportStrategy builtin(String name, Map<String, String> env) {
		return ExportStrategies.builtins(env::get).get(name);
	}

	private static ExportStrategy builtin(String name) {
		return builtin(name, Map.of());
	}

	@Test
	void builtinNamesAreTheFourOfTheReference() {
		assertThat(ExportStrategies.BUILTIN_STRATEGIES).containsExactly("all_ranks", "first_rank_per_node", "sampled",
				"single_rank");
		assertThat(ExportStrategies.builtins((name) -> null).keySet())
			.containsExactlyInAnyOrderElementsOf(ExportStrategies.BUILTIN_STRATEGIES);
	}

	@Test
	void builtinNamesCannotBeModified() {
		assertThat(ExportStrategies.BUILTIN_STRATEGIES).isUnmodifiable();
	}

	@Test
	void allRanksExportsEveryRank() {
		ExportStrategy strategy = builtin("all_ranks");
		assertThat(IntStream.range(0, 64)).allMatch((rank) -> strategy.shouldExport(DEFAULTS, rank, 64));
	}

	@Test
	void singleRankDefaultsToTheLastRank() {
		ExportStrategy strategy = builtin("single_rank");
		assertThat(IntStream.range(0, 8).filter((rank) -> strategy.shouldExport(DEFAULTS, rank, 8))).containsExactly(7);
	}

	@Test
	void singleRankAnyNegativeExportRankMeansTheLastRank() {
		NemoLensConfig config = DEFAULTS.toBuilder().exportRank(-5).build();
		ExportStrategy strategy = builtin("single_rank");
		assertThat(IntStream.range(0, 8).filter((rank) -> strategy.shouldExport(config, rank, 8))).containsExactly(7);
	}

	@Test
	void singleRankExportsTheGivenRank() {
		NemoLensConfig config = DEFAULTS.toBuilder().exportRank(0).build();
		ExportStrategy strategy = builtin("single_rank");
		assertThat(IntStream.range(0, 8).filter((rank) -> strategy.shouldExport(config, rank, 8))).containsExactly(0);
	}

	@Test
	void singleRankAtOrAboveTheWorldSizeSelectsNobody() {
		NemoLensConfig config = DEFAULTS.toBuilder().exportRank(8).build();
		ExportStrategy strategy = builtin("single_rank");
		assertThat(IntStream.range(0, 8).filter((rank) -> strategy.shouldExport(config, rank, 8))).isEmpty();
	}

	@Test
	void firstRankPerNodeExportsLocalRankZero() {
		assertThat(builtin("first_rank_per_node", Map.of("LOCAL_RANK", "0")).shouldExport(DEFAULTS, 8, 16)).isTrue();
		assertThat(builtin("first_rank_per_node", Map.of("LOCAL_RANK", "3")).shouldExport(DEFAULTS, 3, 16)).isFalse();
	}

	@Test
	void firstRankPerNodeReadsTheLocalRankLikePythonInt() {
		assertThat(builtin("first_rank_per_node", Map.of("LOCAL_RANK", " +0 ")).shouldExport(DEFAULTS, 5, 8)).isTrue();
	}

	@Test
	void firstRankPerNodeReadsAMissingLocalRankAsZero() {
		assertThat(builtin("first_rank_per_node").shouldExport(DEFAULTS, 5, 8)).isTrue();
	}

	@Test
	void firstRankPerNodeRejectsANonIntegerLocalRankNamingIt() {
		ExportStrategy strategy = builtin("first_rank_per_node", Map.of("LOCAL_RANK", "zero"));
		assertThatIllegalArgumentException().isThrownBy(() -> strategy.shouldExport(DEFAULTS, 0, 8))
			.withMessageStartingWith("Invalid integer for LOCAL_RANK: 'zero'.");
	}

	@ParameterizedTest
	@CsvSource({ "0, 0.7850", "1, 0.8411", "2, 0.9212", "3, 0.0883", "4, 0.1900", "5, 0.0693", "6, 0.0412",
			"7, 0.5555", "8, 0.3101", "9, 0.8374", "10, 0.1824", "11, 0.2650", "12, 0.8112", "13, 0.4873",
			"14, 0.6038", "15, 0.7603", "100, 0.1869", "1023, 0.7227" })
	void sampledFractionMatchesTheReferenceVectors(int rank, double expected) {
		assertThat(RankSampling.fraction(rank)).isEqualTo(expected);
	}

	@Test
	void sampledAtATenthSelectsRanksThreeFiveAndSixOfSixteen() {
		NemoLensConfig config = DEFAULTS.toBuilder().exportSampleRate(0.1).build();
		ExportStrategy strategy = builtin("sampled");
		assertThat(IntStream.range(0, 16).filter((rank) -> strategy.shouldExport(config, rank, 16))).containsExactly(3,
				5, 6);
	}

	@Test
	void sampledAtATenthSelects111OfTheFirstThousandRanks() {
		NemoLensConfig config = DEFAULTS.toBuilder().exportSampleRate(0.1).build();
		ExportStrategy strategy = builtin("sampled");
		assertThat(IntStream.range(0, 1000).filter((rank) -> strategy.shouldExport(config, rank, 1000)).count())
			.isEqualTo(111);
	}

	@Test
	void sampledComparesStrictlyBelowTheRate() {
		NemoLensConfig config = DEFAULTS.toBuilder().exportSampleRate(0.0883).build();
		assertThat(builtin("sampled").shouldExport(config, 3, 16)).isFalse();
	}

	@Test
	void sampledIgnoresTheWorldSize() {
		NemoLensConfig config = DEFAULTS.toBuilder().exportSampleRate(0.1).build();
		ExportStrategy strategy = builtin("sampled");
		assertThat(strategy.shouldExport(config, 3, 4)).isTrue();
		assertThat(strategy.shouldExport(config, 3, 1_000_000)).isTrue();
	}

	@Test
	void sampledAtRateOneExportsEveryRankAndAtZeroNone() {
		ExportStrategy strategy = builtin("sampled");
		NemoLensConfig all = DEFAULTS.toBuilder().exportSampleRate(1.0).build();
		NemoLensConfig none = DEFAULTS.toBuilder().exportSampleRate(0.0).build();
		assertThat(IntStream.range(0, 500)).allMatch((rank) -> strategy.shouldExport(all, rank, 500))
			.noneMatch((rank) -> strategy.shouldExport(none, rank, 500));
	}

}
