package nemo.lens.launch;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where a run id comes from: a configured one, else the job identity of the launcher that gave the
 * rank (the caller's, else the one the environment names when it gives the same rank), else a
 * random one that says so.
 */
class RunIdTests {

	private static final Map<String, String> SRUN_TASK = Map.of("SLURM_JOB_ID", "812", "SLURM_STEP_ID", "3",
			"SLURM_STEP_NUM_TASKS", "4", "SLURM_PROCID", "2", "SLURM_LOCALID", "0", "SLURM_NODEID", "1");

	private final Map<String, String> env = new HashMap<>();

	private final List<String> warnings = new ArrayList<>();

	@Test
	void configuredRunIdWinsOverTheLaunchersAndNamesTheSetting() {
		this.env.putAll(SRUN_TASK);
		RunId runId = RunId.resolve("mine", null, 2, 4, this.env::get, this.warnings::add);
		assertThat(runId.value()).isEqualTo("mine");
		assertThat(runId.source()).isEqualTo("nemo.lens.run-id");
	}

	@Test
	void configuredRunIdFromTheVariableNamesTheVariable() {
		this.env.put("NEMO_LENS_RUN_ID", " mine ");
		RunId runId = RunId.resolve("mine", null, 0, 1, this.env::get, this.warnings::add);
		assertThat(runId.source()).isEqualTo("NEMO_LENS_RUN_ID");
	}

	@Test
	void launcherDetectedFromTheEnvironmentGivesTheJobIdentity() {
		this.env.putAll(SRUN_TASK);
		RunId runId = RunId.resolve("", null, 2, 4, this.env::get, this.warnings::add);
		assertThat(runId.value()).isEqualTo("812.3");
		assertThat(runId.source()).isEqualTo("SLURM_JOB_ID.SLURM_STEP_ID");
	}

	@Test
	void rankTheCallerFoundElsewhereDoesNotTakeTheEnvironmentsJob() {
		this.env.putAll(SRUN_TASK);
		RunId runId = RunId.resolve("", null, 1, 4, this.env::get, this.warnings::add);
		assertThat(runId.source()).isEqualTo("random");
	}

	@Test
	void callersRankInfoNamesTheLauncher() {
		RankInfo srun = RankInfo.detect(SRUN_TASK);
		this.env.putAll(SRUN_TASK);
		this.env.put("TORCHELASTIC_RUN_ID", "not-this-one");
		RunId runId = RunId.resolve("", srun, 0, 1, this.env::get, this.warnings::add);
		assertThat(runId.value()).isEqualTo("812.3");
	}

	@Test
	void invalidLauncherVariablesLeaveARandomRunIdNotAnError() {
		this.env.putAll(Map.of("TORCHELASTIC_RUN_ID", "rdzv", "RANK", "x", "WORLD_SIZE", "2", "LOCAL_RANK", "0"));
		RunId runId = RunId.resolve("", null, 0, 2, this.env::get, this.warnings::add);
		assertThat(runId.value()).matches("[0-9a-f]{12}");
		assertThat(runId.source()).isEqualTo("random");
	}

	@Test
	void randomRunIdsDiffer() {
		assertThat(RunId.resolve("", null, 0, 1, this.env::get, this.warnings::add).value())
			.isNotEqualTo(RunId.resolve("", null, 0, 1, this.env::get, this.warnings::add).value());
	}


	@Test
	void launcherVariablesThatCannotBeReadAreNamedInOneWarning() {
		this.env.putAll(Map.of("TORCHELASTIC_RUN_ID", "rdzv-1", "RANK", "five", "WORLD_SIZE", "8", "LOCAL_RANK", "0"));
		RunId runId = RunId.resolve("", null, 5, 8, this.env::get, this.warnings::add);
		assertThat(runId.source()).isEqualTo(RunId.RANDOM);
		assertThat(this.warnings).singleElement()
			.asString()
			.contains("RANK", "'five'", "NEMO_LENS_RUN_ID");
	}

	@Test
	void nothingIsWarnedWhenTheLauncherGivesTheRunId() {
		this.env.putAll(SRUN_TASK);
		assertThat(RunId.resolve("", null, 2, 4, this.env::get, this.warnings::add).source())
			.isEqualTo("SLURM_JOB_ID.SLURM_STEP_ID");
		assertThat(this.warnings).isEmpty();
	}

}
