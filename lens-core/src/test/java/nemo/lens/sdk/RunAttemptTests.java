package nemo.lens.sdk;

import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The attempt of a job from the launchers' restart counts, and the ids NeMo Lens gives the job and
 * each attempt, derived by every rank alike from the run id.
 */
class RunAttemptTests {

	@Test
	void withoutARestartCountTheAttemptIsZero() {
		assertThat(RunAttempt.of("job", Map.<String, String>of()::get).attempt()).isZero();
	}

	@Test
	void torchrunsRestartCountComesBeforeSlurms() {
		assertThat(RunAttempt.of("job",
				Map.of("TORCHELASTIC_RESTART_COUNT", "2", "SLURM_RESTART_COUNT", "5")::get).attempt()).isEqualTo(2);
	}

	@Test
	void aRestartCountThatIsNoCountIsRefusedNamingTheVariableAndItsValue() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RunAttempt.of("job", Map.of("SLURM_RESTART_COUNT", "twice")::get))
			.withMessage("Invalid value for SLURM_RESTART_COUNT: 'twice'. Expected a restart count, an integer of 0 or more.");
	}

	@Test
	void aRunIdThatIsAUuidIsTheJobsIdAsItIs() {
		String id = UUID.randomUUID().toString();
		assertThat(new RunAttempt(id, 3).jobUuid()).isEqualTo(id);
	}

	@Test
	void theJobsIdIsTheSameForEveryAttemptAndEachAttemptHasItsOwnRunId() {
		RunAttempt first = new RunAttempt("123456", 0);
		RunAttempt second = new RunAttempt("123456", 1);
		assertThat(UUID.fromString(first.jobUuid())).isEqualTo(UUID.fromString(second.jobUuid()));
		assertThat(first.runUuid()).isNotEqualTo(second.runUuid()).isEqualTo(new RunAttempt("123456", 0).runUuid());
	}

}
