package nemo.lens.launch;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static nemo.lens.launch.LauncherEnvironments.*;
import static org.assertj.core.api.Assertions.assertThat;

class RankInfoTests {

	@Test
	void accessorsReturnTheDetectedValues() {
		RankInfo info = RankInfo.detect(TORCHRUN);
		assertThat(info.rank()).isEqualTo(5);
		assertThat(info.worldSize()).isEqualTo(8);
		assertThat(info.localRank()).hasValue(1);
		assertThat(info.localWorldSize()).hasValue(4);
		assertThat(info.nodeRank()).hasValue(1);
		assertThat(info.launcher()).isEqualTo("torchrun");
	}

	@Test
	void sourcesNameTheVariableOfEachValueInAFixedOrder() {
		assertThat(RankInfo.detect(SRUN).sources()).containsExactly(Map.entry("rank", "SLURM_PROCID"),
				Map.entry("worldSize", "SLURM_STEP_NUM_TASKS"), Map.entry("localRank", "SLURM_LOCALID"),
				Map.entry("nodeRank", "SLURM_NODEID"),
				Map.entry("localWorldSize", "SLURM_STEP_TASKS_PER_NODE[SLURM_NODEID]"));
	}

	@Test
	void sourcesCannotBeModified() {
		assertThat(RankInfo.detect(TORCHRUN).sources()).isUnmodifiable();
	}

	@Test
	void valuesALauncherDoesNotGiveAreEmptyAndHaveNoSource() {
		RankInfo info = RankInfo.detect(AWS_BATCH);
		assertThat(info.localWorldSize()).isEmpty();
		assertThat(info.sources()).doesNotContainKeys("localRank", "localWorldSize");
	}

	@Test
	void unknownLocalRankIsEmpty() {
		assertThat(RankInfo.detect(BARE_PMI).localRank()).isEmpty();
	}

	@Test
	void nothingFoundIsRankZeroOfOneWithLauncherDefaultAndNoSources() {
		RankInfo info = RankInfo.detect(Map.of());
		assertThat(info.rank()).isZero();
		assertThat(info.worldSize()).isEqualTo(1);
		assertThat(info.localRank()).isEmpty();
		assertThat(info.launcher()).isEqualTo("default");
		assertThat(info.sources()).isEmpty();
	}

	@Test
	void describeIsAlsoTheStringForm() {
		RankInfo info = RankInfo.detect(FLUX);
		assertThat(info.describe())
			.isEqualTo("rank 5 of 8 (FLUX_TASK_RANK, FLUX_JOB_SIZE), local rank 1 (FLUX_TASK_LOCAL_ID), launcher flux")
			.isEqualTo(info.toString());
	}

	@Test
	void equalDetectionsAreEqualValues() {
		assertThat(RankInfo.detect(TORCHRUN)).isEqualTo(RankInfo.detect(ACCELERATE))
			.hasSameHashCodeAs(RankInfo.detect(ACCELERATE))
			.isNotEqualTo(RankInfo.detect(RAY_TRAIN));
	}

	@Test
	void detectingFromALookupGivesWhatDetectingFromTheMapGives() {
		assertThat(RankInfo.detect(SRUN::get)).isEqualTo(RankInfo.detect(SRUN));
	}

	@Test
	void lookupIsAskedOnlyForKnownUpperCaseVariableNames() {
		List<String> asked = new ArrayList<>();
		RankInfo.detect((name) -> {
			asked.add(name);
			return null;
		});
		assertThat(asked).isNotEmpty().allMatch((name) -> name.matches("[A-Z][A-Z0-9_]*"));
	}

}
