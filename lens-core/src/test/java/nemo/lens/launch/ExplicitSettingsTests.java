package nemo.lens.launch;

import java.util.Map;

import org.junit.jupiter.api.Test;

import static nemo.lens.launch.LauncherEnvironments.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * {@code NEMO_LENS_RANK}, {@code NEMO_LENS_WORLD_SIZE} and {@code NEMO_LENS_LOCAL_RANK}: what an
 * operator sets by hand comes before any launcher, and is all or nothing.
 */
class ExplicitSettingsTests {

	@Test
	void explicitRankAndWorldSizeAreReportedAsProperties() {
		RankInfo info = RankInfo.detect(Map.of("NEMO_LENS_RANK", "3", "NEMO_LENS_WORLD_SIZE", "8"));
		assertThat(info).hasToString(
				"rank 3 of 8 (NEMO_LENS_RANK, NEMO_LENS_WORLD_SIZE), local rank unknown, launcher properties");
	}

	@Test
	void explicitLocalRankIsReadWithThem() {
		RankInfo info = RankInfo
			.detect(Map.of("NEMO_LENS_RANK", "3", "NEMO_LENS_WORLD_SIZE", "8", "NEMO_LENS_LOCAL_RANK", "1"));
		assertThat(info.localRank()).hasValue(1);
		assertThat(info.sources()).containsEntry("localRank", "NEMO_LENS_LOCAL_RANK");
	}

	@Test
	void explicitSettingsComeBeforeAnyLauncherAndTakeNothingFromIt() {
		RankInfo info = RankInfo.detect(with(TORCHRUN, """
				NEMO_LENS_RANK=2
				NEMO_LENS_WORLD_SIZE=3
				"""));
		assertThat(info).hasToString(
				"rank 2 of 3 (NEMO_LENS_RANK, NEMO_LENS_WORLD_SIZE), local rank unknown, launcher properties");
	}

	@Test
	void explicitValuesParseLikePythonInt() {
		RankInfo info = RankInfo.detect(Map.of("NEMO_LENS_RANK", " +1_0 ", "NEMO_LENS_WORLD_SIZE", "1_000"));
		assertThat(info.rank()).isEqualTo(10);
		assertThat(info.worldSize()).isEqualTo(1000);
	}

	@Test
	void blankExplicitSettingsCountAsUnset() {
		RankInfo info = RankInfo.detect(with(TORCHRUN, """
				NEMO_LENS_RANK=
				NEMO_LENS_WORLD_SIZE=\s
				NEMO_LENS_LOCAL_RANK=
				"""));
		assertThat(info.launcher()).isEqualTo("torchrun");
	}

	@Test
	void blankLauncherVariablesCountAsUnset() {
		assertThat(RankInfo.detect(Map.of("RANK", " ", "WORLD_SIZE", "", "OMPI_COMM_WORLD_RANK", "")).launcher())
			.isEqualTo("default");
	}

	@Test
	void explicitWorldSizeCompletesASchedulerThatGivesOnlyARank() {
		RankInfo info = RankInfo.detect(with(INDEXED_JOB, "NEMO_LENS_WORLD_SIZE=6\n"));
		assertThat(info.launcher()).isEqualTo("indexed-job");
		assertThat(info.rank()).isEqualTo(5);
		assertThat(info.worldSize()).isEqualTo(6);
	}

	@Test
	void explicitWorldSizeEqualToTheLaunchersIsAccepted() {
		RankInfo info = RankInfo.detect(with(TORCHRUN, "NEMO_LENS_WORLD_SIZE=8\n"));
		assertThat(info.launcher()).isEqualTo("torchrun");
		assertThat(info.sources()).containsEntry("worldSize", "WORLD_SIZE");
	}

	@Test
	void explicitWorldSizeDisagreeingWithTheLaunchersIsAnError() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RankInfo.detect(with(TORCHRUN, "NEMO_LENS_WORLD_SIZE=16\n")))
			.withMessage("NEMO_LENS_WORLD_SIZE='16' disagrees with the world size 8 from WORLD_SIZE (torchrun). "
					+ "Unset it, or set NEMO_LENS_RANK as well to override the launcher.");
	}

	@Test
	void explicitRankWithoutWorldSizeIsAPartialSetNamingBoth() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RankInfo.detect(with(TORCHRUN, "NEMO_LENS_RANK=3\n")))
			.withMessage("NEMO_LENS_RANK='3' is set without NEMO_LENS_WORLD_SIZE. "
					+ "An explicit rank needs an explicit world size: set both.");
	}

	@Test
	void explicitWorldSizeWithoutAnyRankIsAPartialSet() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RankInfo.detect(Map.of("NEMO_LENS_WORLD_SIZE", "8")))
			.withMessage("NEMO_LENS_WORLD_SIZE='8' is set, but neither NEMO_LENS_RANK nor any launcher gives a rank. "
					+ "A world size without a rank is not enough: set NEMO_LENS_RANK as well.");
	}

	@Test
	void explicitLocalRankWithoutExplicitRankIsAPartialSet() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RankInfo.detect(with(BARE_PMI, "NEMO_LENS_LOCAL_RANK=1\n")))
			.withMessage("NEMO_LENS_LOCAL_RANK='1' is set without NEMO_LENS_RANK. An explicit local rank is read "
					+ "only together with NEMO_LENS_RANK and NEMO_LENS_WORLD_SIZE: set them as well.");
	}

	@Test
	void explicitRankAtTheWorldSizeIsRejectedNamingBoth() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RankInfo.detect(Map.of("NEMO_LENS_RANK", "4", "NEMO_LENS_WORLD_SIZE", "4")))
			.withMessage("Rank 4 from NEMO_LENS_RANK is not below the world size 4 from NEMO_LENS_WORLD_SIZE "
					+ "(properties).");
	}

	@Test
	void negativeExplicitRankIsRejectedNamingIt() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RankInfo.detect(Map.of("NEMO_LENS_RANK", "-1", "NEMO_LENS_WORLD_SIZE", "4")))
			.withMessage("Invalid value for NEMO_LENS_RANK: '-1'. Expected a rank or index of 0 or more.");
	}

}
