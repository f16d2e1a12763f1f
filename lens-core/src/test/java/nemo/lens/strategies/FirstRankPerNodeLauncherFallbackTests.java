package nemo.lens.strategies;

import java.util.HashMap;
import java.util.Map;
import java.util.stream.IntStream;

import nemo.lens.ExportStrategy;
import nemo.lens.NemoLensConfig;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * {@code first_rank_per_node} without {@code LOCAL_RANK}: the detected launcher's local rank
 * decides, where the Python library would read 0 and let every rank export.
 */
class FirstRankPerNodeLauncherFallbackTests {

	private static final NemoLensConfig DEFAULTS = NemoLensConfig.defaults();

	private static boolean exports(Map<String, String> env) {
		ExportStrategy strategy = ExportStrategies.builtins(env::get).get(ExportStrategies.FIRST_RANK_PER_NODE);
		return strategy.shouldExport(DEFAULTS, 0, 4);
	}

	private static Map<String, String> srunTask(int procId, int localId) {
		return Map.of("SLURM_JOB_ID", "81234", "SLURM_STEP_NUM_TASKS", "4", "SLURM_STEP_TASKS_PER_NODE", "2(x2)",
				"SLURM_PROCID", String.valueOf(procId), "SLURM_LOCALID", String.valueOf(localId), "SLURM_NODEID",
				String.valueOf(procId / 2));
	}

	/** The second task on the first node, with one variable set to {@code value}. */
	private static Map<String, String> secondSrunTaskWith(String name, String value) {
		Map<String, String> env = new HashMap<>(srunTask(1, 1));
		env.put(name, value);
		return env;
	}

	@Test
	void srunTaskWithSlurmLocalidOneDoesNotExport() {
		assertThat(exports(srunTask(1, 1))).isFalse();
	}

	@Test
	void srunTaskWithSlurmLocalidZeroExports() {
		assertThat(exports(srunTask(2, 0))).isTrue();
	}

	@Test
	void underSrunExactlyOneTaskPerNodeExports() {
		assertThat(IntStream.range(0, 4).filter((procId) -> exports(srunTask(procId, procId % 2))))
			.containsExactly(0, 2);
	}

	@Test
	void openMpiRankUsesItsLocalRank() {
		assertThat(exports(Map.of("OMPI_COMM_WORLD_RANK", "6", "OMPI_COMM_WORLD_SIZE", "8",
				"OMPI_COMM_WORLD_LOCAL_RANK", "2", "OMPI_COMM_WORLD_LOCAL_SIZE", "4")))
			.isFalse();
	}

	@Test
	void hydraRankUsesMpiLocalrankid() {
		assertThat(exports(Map.of("PMI_RANK", "5", "PMI_SIZE", "8", "MPI_LOCALRANKID", "1", "MPI_LOCALNRANKS", "4")))
			.isFalse();
	}

	@Test
	void explicitLocalRankIsUsedWithTheExplicitRank() {
		assertThat(exports(Map.of("NEMO_LENS_RANK", "5", "NEMO_LENS_WORLD_SIZE", "8", "NEMO_LENS_LOCAL_RANK", "1")))
			.isFalse();
	}

	@Test
	void launcherWithoutALocalRankReadsZeroAsInTheReference() {
		assertThat(exports(Map.of("AWS_BATCH_JOB_NODE_INDEX", "2", "AWS_BATCH_JOB_NUM_NODES", "4"))).isTrue();
	}

	@Test
	void noLauncherAndNoLocalRankReadsZeroAsInTheReference() {
		assertThat(exports(Map.of())).isTrue();
	}

	@Test
	void setLocalRankDecidesAsInTheReferenceWhateverTheLauncherSays() {
		Map<String, String> env = secondSrunTaskWith("LOCAL_RANK", "0");
		assertThat(exports(env)).isTrue();
	}

	@Test
	void setButBlankLocalRankIsAnErrorAsInTheReference() {
		Map<String, String> env = secondSrunTaskWith("LOCAL_RANK", "");
		assertThatIllegalArgumentException().isThrownBy(() -> exports(env))
			.withMessageStartingWith("Invalid integer for LOCAL_RANK: ''.");
	}

	@Test
	void invalidLauncherLocalRankIsAnErrorNamingItsVariable() {
		Map<String, String> env = secondSrunTaskWith("SLURM_LOCALID", "first");
		assertThatIllegalArgumentException().isThrownBy(() -> exports(env))
			.withMessageStartingWith("Invalid integer for SLURM_LOCALID: 'first'.");
	}

}
