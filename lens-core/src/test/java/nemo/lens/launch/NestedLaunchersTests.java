package nemo.lens.launch;

import java.util.Map;

import org.junit.jupiter.api.Test;

import static nemo.lens.launch.LauncherEnvironments.*;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The traps of launchers.md: processes that inherit an outer launcher's variables and must still
 * find their own rank.
 */
class NestedLaunchersTests {

	/** srun -N2 --ntasks-per-node=1 torchrun --nproc-per-node=4: SLURM_PROCID is the node index. */
	private static final Map<String, String> TORCHRUN_UNDER_SRUN = with(SRUN, """
			SLURM_NNODES=2
			SLURM_NTASKS=2
			SLURM_STEP_NUM_NODES=2
			SLURM_STEP_NUM_TASKS=2
			SLURM_STEP_TASKS_PER_NODE=1(x2)
			SLURM_PROCID=1
			SLURM_LOCALID=0
			SLURM_NODEID=1
			TORCHELASTIC_RUN_ID=81234
			MASTER_ADDR=gpu01
			MASTER_PORT=29500
			RANK=6
			WORLD_SIZE=8
			LOCAL_RANK=2
			LOCAL_WORLD_SIZE=4
			GROUP_RANK=1
			GROUP_WORLD_SIZE=2
			""");

	/** mpirun -np 8 in the batch script: every rank inherits the script's zeros. */
	private static final Map<String, String> MPIRUN_INSIDE_SBATCH = with(SBATCH_SCRIPT, """
			OMPI_COMM_WORLD_RANK=5
			OMPI_COMM_WORLD_SIZE=8
			OMPI_COMM_WORLD_LOCAL_RANK=1
			OMPI_COMM_WORLD_LOCAL_SIZE=4
			OMPI_COMM_WORLD_NODE_RANK=1
			OMPI_UNIVERSE_SIZE=8
			""");

	@Test
	void torchrunUnderSrunTakesTorchrunsRankNotTheNodeIndexInSlurmProcid() {
		RankInfo info = RankInfo.detect(TORCHRUN_UNDER_SRUN);
		assertThat(info.launcher()).isEqualTo("torchrun");
		assertThat(info.rank()).isEqualTo(6);
		assertThat(info.worldSize()).isEqualTo(8);
		assertThat(info.localRank()).hasValue(2);
		assertThat(info.nodeRank()).hasValue(1);
	}

	@Test
	void mpirunInsideSbatchTakesOpenMpisRankNotTheScriptsZeros() {
		RankInfo info = RankInfo.detect(MPIRUN_INSIDE_SBATCH);
		assertThat(info.launcher()).isEqualTo("openmpi");
		assertThat(info.rank()).isEqualTo(5);
		assertThat(info.worldSize()).isEqualTo(8);
		assertThat(info.localRank()).hasValue(1);
	}

	@Test
	void mpirunInsideSbatchDoesNotTakeSlurmNodeidAsTheNodeRank() {
		assertThat(RankInfo.detect(MPIRUN_INSIDE_SBATCH).nodeRank()).isEmpty();
	}

	@Test
	void sbatchScriptIsNotDetectedAsARankAndDoesNotTakeSlurmNtasksAsTheWorldSize() {
		RankInfo info = RankInfo.detect(SBATCH_SCRIPT);
		assertThat(info.launcher()).isEqualTo("default");
		assertThat(info.worldSize()).isEqualTo(1);
	}

	@Test
	void processForkedBySbatchScriptInheritsItsZerosAndIsNotARankEither() {
		RankInfo info = RankInfo.detect(with(SBATCH_SCRIPT, "JAVA_HOME=/opt/jdk-17\n"));
		assertThat(info).isEqualTo(RankInfo.detect(Map.of()));
	}

	@Test
	void torchrunUnderMpirunTakesTorchrunsRank() {
		RankInfo info = RankInfo.detect(with(TORCHRUN, """
				OMPI_COMM_WORLD_RANK=1
				OMPI_COMM_WORLD_SIZE=2
				OMPI_COMM_WORLD_LOCAL_RANK=0
				OMPI_COMM_WORLD_LOCAL_SIZE=1
				"""));
		assertThat(info.launcher()).isEqualTo("torchrun");
		assertThat(info.rank()).isEqualTo(5);
	}

	@Test
	void palsUnderSrunAgreesWithSlurmAndNamesPals() {
		RankInfo info = RankInfo.detect(with(PALS, """
				SLURM_JOB_ID=900
				SLURM_STEP_NUM_TASKS=16
				SLURM_PROCID=9
				SLURM_LOCALID=1
				SLURM_NODEID=2
				"""));
		assertThat(info.launcher()).isEqualTo("pals");
		assertThat(info.rank()).isEqualTo(9);
	}

	@Test
	void srunWithPmixTakesSlurmsWorldSizeAndNeedsNoExplicitOne() {
		RankInfo info = RankInfo.detect(with(SRUN, """
				PMIX_RANK=3
				PMIX_NAMESPACE=slurm.pmix.81234.0
				"""));
		assertThat(info.launcher()).isEqualTo("slurm");
		assertThat(info.worldSize()).isEqualTo(5);
	}

	@Test
	void srunWithPmi2TakesSlurmBeforeBarePmi() {
		RankInfo info = RankInfo.detect(with(SRUN, """
				PMI_FD=11
				PMI_JOBID=81234.0
				PMI_RANK=3
				PMI_SIZE=5
				"""));
		assertThat(info.launcher()).isEqualTo("slurm");
		assertThat(info.localRank()).hasValue(1);
	}

	@Test
	void openMpiRanksAlsoCarryingPmixRankAreOpenMpi() {
		assertThat(RankInfo.detect(OPEN_MPI).launcher()).isEqualTo("openmpi");
	}

	@Test
	void kubeflowTrainerPodIsKubeflowNotAnIndexedJobWithoutWorldSize() {
		assertThat(RankInfo.detect(KUBEFLOW_V2).launcher()).isEqualTo("kubeflow");
	}

	@Test
	void helperProcessForkedByARankInheritsThatRanksIdentity() {
		Map<String, String> helper = with(TORCHRUN, "JAVA_TOOL_OPTIONS=-Xmx256m\n");
		assertThat(RankInfo.detect(helper)).isEqualTo(RankInfo.detect(TORCHRUN));
	}

	@Test
	void helperProcessGivenExplicitSettingsByItsParentTakesThemOverTheInheritedRank() {
		RankInfo info = RankInfo.detect(with(TORCHRUN, """
				NEMO_LENS_RANK=0
				NEMO_LENS_WORLD_SIZE=1
				"""));
		assertThat(info.launcher()).isEqualTo("properties");
		assertThat(info.rank()).isZero();
		assertThat(info.worldSize()).isEqualTo(1);
	}

}
