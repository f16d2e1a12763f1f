package nemo.lens.launch;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static nemo.lens.launch.LauncherEnvironments.*;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Invalid, partial and contradictory variables fail at start-up with a message that names the
 * variables and their values, instead of being guessed around.
 */
class RankDetectionErrorsTests {

	@Test
	void nonIntegerRankIsRejectedNamingTheVariable() {
		assertThatIllegalArgumentException().isThrownBy(() -> RankInfo.detect(with(TORCHRUN, "RANK=five\n")))
			.withMessage("Invalid integer for RANK: 'five'. Expected a whole number such as 0, -1, +7 or 1_000.");
	}

	@Test
	void nonIntegerLocalRankOfALauncherIsRejectedNamingTheVariable() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RankInfo.detect(with(SRUN, "SLURM_LOCALID=1.0\n")))
			.withMessageStartingWith("Invalid integer for SLURM_LOCALID: '1.0'.");
	}

	@Test
	void negativeRankIsRejectedNamingTheVariable() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RankInfo.detect(with(OPEN_MPI, "OMPI_COMM_WORLD_RANK=-1\n")))
			.withMessage("Invalid value for OMPI_COMM_WORLD_RANK: '-1'. Expected a rank or index of 0 or more.");
	}

	@Test
	void negativeLocalRankIsRejectedNamingTheVariable() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RankInfo.detect(with(HOROVOD, "HOROVOD_LOCAL_RANK=-2\n")))
			.withMessage("Invalid value for HOROVOD_LOCAL_RANK: '-2'. Expected a rank or index of 0 or more.");
	}

	@Test
	void zeroWorldSizeIsRejectedNamingTheVariable() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RankInfo.detect(Map.of("RANK", "0", "WORLD_SIZE", "0")))
			.withMessage("Invalid value for WORLD_SIZE: '0'. Expected a size of 1 or more.");
	}

	@Test
	void rankAtTheWorldSizeIsRejectedNamingBothVariables() {
		assertThatIllegalArgumentException().isThrownBy(() -> RankInfo.detect(with(TORCHRUN, "RANK=8\n")))
			.withMessage("Rank 8 from RANK is not below the world size 8 from WORLD_SIZE (torchrun).");
	}

	@Test
	void localRankAtTheLocalWorldSizeIsRejectedNamingBothVariables() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RankInfo.detect(with(OPEN_MPI, "OMPI_COMM_WORLD_LOCAL_RANK=4\n")))
			.withMessage("Local rank 4 from OMPI_COMM_WORLD_LOCAL_RANK is not below the local world size 4 "
					+ "from OMPI_COMM_WORLD_LOCAL_SIZE (openmpi).");
	}

	@Test
	void worldSizeWithoutRankIsAPartialSet() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RankInfo.detect(Map.of("WORLD_SIZE", "8", "MASTER_ADDR", "node-0")))
			.withMessage("Incomplete torch-pod variables: WORLD_SIZE='8' is set but RANK is not. "
					+ "Set the missing variables, or set NEMO_LENS_RANK and NEMO_LENS_WORLD_SIZE.");
	}

	@Test
	void rankWithoutWorldSizeIsAPartialSet() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RankInfo.detect(Map.of("HOROVOD_RANK", "3", "HOROVOD_LOCAL_RANK", "1")))
			.withMessage("Incomplete horovod variables: HOROVOD_RANK='3' is set but HOROVOD_SIZE is not. "
					+ "Set the missing variables, or set NEMO_LENS_RANK and NEMO_LENS_WORLD_SIZE.");
	}

	@Test
	void recognisedLauncherWithoutRankAndWorldSizeIsAPartialSet() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RankInfo.detect(Map.of("TORCHELASTIC_RUN_ID", "job-42", "LOCAL_RANK", "0")))
			.withMessage("Incomplete torchrun variables: TORCHELASTIC_RUN_ID='job-42' is set but RANK and "
					+ "WORLD_SIZE are not. Set the missing variables, or set NEMO_LENS_RANK and NEMO_LENS_WORLD_SIZE.");
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', textBlock = """
			JOB_COMPLETION_INDEX | 3 | indexed-job | the number of completions (for a JobSet, the index counts within one replicated Job)
			NEMO_LENS_POD_INDEX  | 3 | statefulset | the number of replicas (ordinals must start at 0)
			PMIX_RANK            | 3 | pmix        | the number of ranks in the PMIx namespace
			LSF_PM_TASKID        | 3 | lsf         | the number of tasks blaunch starts
			VC_TASK_INDEX        | 3 | volcano     | the number of pods (VC_TASK_INDEX counts within one task role, so only a single-role job fits)
			""")
	void schedulerGivingARankButNoWorldSizeFailsSayingWhichVariableToSet(String variable, String value,
			String launcher, String worldSizeMeaning) {
		assertThatIllegalArgumentException().isThrownBy(() -> RankInfo.detect(Map.of(variable, value)))
			.withMessage(variable + "='" + value + "' gives a rank (" + launcher
					+ ") but no world size. Set NEMO_LENS_WORLD_SIZE to " + worldSizeMeaning + ".");
	}

	@Test
	void lsfTaskIdZeroIsRejectedBecauseItCountsFromOne() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RankInfo.detect(with(LSF_BLAUNCH, "LSF_PM_TASKID=0\n")))
			.withMessage("Invalid value for LSF_PM_TASKID: '0'. Expected a task id, which counts from 1.");
	}

	@Test
	void statefulSetOrdinalsStartingAboveZeroAreRejectedAsRankNotBelowTheWorldSize() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RankInfo.detect(with(STATEFUL_SET, "NEMO_LENS_POD_INDEX=5\n")))
			.withMessage("Rank 5 from NEMO_LENS_POD_INDEX is not below the world size 3 from NEMO_LENS_WORLD_SIZE "
					+ "(statefulset).");
	}

	@Test
	void twoPerProcessLaunchersThatDisagreeAreAConflictNamingBoth() {
		Map<String, String> env = with(TORCHRUN, """
				HOROVOD_RANK=1
				HOROVOD_SIZE=8
				""");
		assertThatIllegalArgumentException().isThrownBy(() -> RankInfo.detect(env))
			.withMessage("Two launchers disagree about this process: torchrun gives rank 5 of 8 (RANK, WORLD_SIZE) "
					+ "but horovod gives rank 1 of 8 (HOROVOD_RANK, HOROVOD_SIZE). Remove the stale variables, "
					+ "or set NEMO_LENS_RANK and NEMO_LENS_WORLD_SIZE.");
	}

	@Test
	void twoMpiLaunchersThatDisagreeAreAConflictNamingBoth() {
		Map<String, String> env = with(JSRUN, "OMPI_COMM_WORLD_SIZE=24\n");
		assertThatIllegalArgumentException().isThrownBy(() -> RankInfo.detect(env))
			.withMessage("Two launchers disagree about this process: jsrun gives rank 7 of 12 "
					+ "(JSM_NAMESPACE_RANK, JSM_NAMESPACE_SIZE) but openmpi gives rank 7 of 24 "
					+ "(OMPI_COMM_WORLD_RANK, OMPI_COMM_WORLD_SIZE). Remove the stale variables, "
					+ "or set NEMO_LENS_RANK and NEMO_LENS_WORLD_SIZE.");
	}

	@Test
	void malformedSlurmTasksPerNodeIsRejectedNamingTheVariable() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RankInfo.detect(with(SRUN, "SLURM_STEP_TASKS_PER_NODE=2(x2,1\n")))
			.withMessage("Invalid value for SLURM_STEP_TASKS_PER_NODE: '2(x2,1'. "
					+ "Expected task counts per node such as 2(x3),1.");
	}

	@Test
	void slurmNodeIdBeyondTheTasksPerNodeListIsRejectedNamingBoth() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RankInfo.detect(with(SRUN, "SLURM_NODEID=3\n")))
			.withMessage("SLURM_NODEID=3 has no entry in SLURM_STEP_TASKS_PER_NODE='2(x2),1', which lists 3 node(s).");
	}

	@Test
	void sageMakerHostMissingFromTheHostListIsRejectedNamingBoth() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RankInfo.detect(Map.of("SM_CURRENT_HOST", "algo-3", "SM_HOSTS", "[\"algo-1\",\"algo-2\"]")))
			.withMessage("SM_CURRENT_HOST='algo-3' is not in SM_HOSTS='[\"algo-1\",\"algo-2\"]', so it has no rank.");
	}

	@Test
	void sageMakerHostListThatIsNotAJsonListIsRejected() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RankInfo.detect(Map.of("SM_CURRENT_HOST", "algo-1", "SM_HOSTS", "algo-1,algo-2")))
			.withMessage("Invalid value for SM_HOSTS: 'algo-1,algo-2'. "
					+ "Expected a JSON list of host names such as [\"algo-1\",\"algo-2\"].");
	}

	@Test
	void kubeflowElasticNodeRangeIsNotAWorldSize() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RankInfo.detect(with(KUBEFLOW_V2, "PET_NNODES=1:4\n")))
			.withMessageStartingWith("Invalid integer for PET_NNODES: '1:4'.");
	}

}
