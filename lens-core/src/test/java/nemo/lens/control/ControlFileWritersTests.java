package nemo.lens.control;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A control file is read when only its owner may write it and its owner is the rank's user or
 * root; otherwise it is refused naming its mode and owner, unless shared writes are allowed.
 */
class ControlFileWritersTests {

	private static final int RANK_USER = 1000;

	@Test
	void aFileOfTheRanksUserThatOnlyItsOwnerMayWriteIsRead() {
		assertThat(ControlFileWriters.problem(0100644, RANK_USER, RANK_USER, false)).isNull();
		assertThat(ControlFileWriters.problem(0100600, RANK_USER, RANK_USER, false)).isNull();
	}

	@Test
	void aFileOfRootIsRead() {
		assertThat(ControlFileWriters.problem(0100644, 0, RANK_USER, false)).isNull();
	}

	@Test
	void aFileOthersMayWriteIsRefusedNamingItsModeAndOwner() {
		assertThat(ControlFileWriters.problem(0100666, RANK_USER, RANK_USER, false))
			.startsWith("writable by others (mode 0666, owner uid 1000)")
			.contains("chmod go-w")
			.contains("nemo.lens.control.allow-shared-writes=true (NEMO_LENS_CONTROL_ALLOW_SHARED_WRITES)");
	}

	@Test
	void aFileItsGroupMayWriteIsRefused() {
		assertThat(ControlFileWriters.problem(0100664, RANK_USER, RANK_USER, false))
			.startsWith("writable by its group (mode 0664, owner uid 1000)");
	}

	@Test
	void aFileOfAnotherUserIsRefusedNamingTheOwnerAndTheRanksUser() {
		assertThat(ControlFileWriters.problem(0100644, 1001, RANK_USER, false))
			.startsWith("owned by another user (mode 0644, owner uid 1001; this rank runs as uid 1000");
	}

	@Test
	void sharedWritesAllowedReadEveryFile() {
		assertThat(ControlFileWriters.problem(0100666, 1001, RANK_USER, true)).isNull();
	}

	@Test
	void whereTheRanksUserIsUnknownOnlyTheModeIsChecked() {
		assertThat(ControlFileWriters.problem(0100644, 1001, -1, false)).isNull();
		assertThat(ControlFileWriters.problem(0100646, 1001, -1, false)).startsWith("writable by others");
	}

}
