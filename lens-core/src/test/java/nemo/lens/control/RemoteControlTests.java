package nemo.lens.control;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A remote channel of control (OpAMP) over the control file: the control file's syntax and rules,
 * a refused content changes nothing, the remote content wins while it is sent, and the file comes
 * back when it is withdrawn.
 */
class RemoteControlTests {

	private final List<String> warnings = new ArrayList<>();

	private final List<String> switches = new ArrayList<>();

	private final JobControl<String> control = new JobControl<>("lens.properties", 4,
			() -> Set.of("all_ranks", "single_rank"), (groups) -> {
			}, (content) -> String.valueOf(content.exportStrategy()), this.warnings::add, this::switched,
			(dump) -> {
			});

	private final RemoteControl remote = new RemoteControl(this.control, this.warnings::add);

	private void switched() {
		JobControl.InForce<String> inForce = this.control.inForce();
		this.switches.add((inForce != null) ? inForce.decision() : "none");
	}

	@Test
	void aRemoteContentIsAppliedAsTheControlFileWouldBe() {
		assertThat(this.remote.offer("export-strategy=all_ranks\n")).isNull();
		assertThat(this.control.inForce().decision()).isEqualTo("all_ranks");
		assertThat(this.remote.remoteInForce()).isTrue();
		assertThat(this.switches).containsExactly("all_ranks");
	}

	@Test
	void aRefusedRemoteContentSaysWhyAndChangesNothing() {
		this.remote.offer("export-strategy=all_ranks");
		assertThat(this.remote.offer("export-strategy=every_rank")).contains("every_rank")
			.contains("not a registered strategy");
		assertThat(this.remote.offer("ranks=9")).contains("not below the world size 4");
		assertThat(this.control.inForce().decision()).isEqualTo("all_ranks");
		assertThat(this.control.status().state()).isEqualTo("applied");
		assertThat(this.switches).containsExactly("all_ranks");
		assertThat(this.warnings).isEmpty();
	}

	@Test
	void theRemoteContentWinsOverTheFileWhileItIsSent() {
		this.remote.read("export-strategy=single_rank");
		this.remote.offer("export-strategy=all_ranks");
		this.remote.read("export-strategy=single_rank\nexport-rank=1");
		assertThat(this.control.inForce().decision()).isEqualTo("all_ranks");
		this.remote.absent();
		assertThat(this.control.inForce().decision()).isEqualTo("all_ranks");
	}

	@Test
	void withdrawingTheRemoteContentPutsTheFileBackInForce() {
		this.remote.read("export-strategy=single_rank");
		this.remote.offer("export-strategy=all_ranks");
		assertThat(this.remote.withdraw()).isNull();
		assertThat(this.control.inForce().decision()).isEqualTo("single_rank");
		assertThat(this.remote.remoteInForce()).isFalse();
	}

	@Test
	void withdrawingTheRemoteContentWithoutAFileLeavesNoControl() {
		this.remote.offer("export-strategy=all_ranks");
		this.remote.withdraw();
		assertThat(this.control.inForce()).isNull();
		assertThat(this.control.status().state()).isEqualTo("absent");
	}

	@Test
	void aFileProblemWhileTheRemoteContentIsInForceIsWarnedOnceAndChangesNothing() {
		this.remote.offer("export-strategy=all_ranks");
		this.remote.problem("unknown key 'rank'");
		this.remote.problem("unknown key 'rank'");
		assertThat(this.warnings).singleElement().asString().contains("unknown key 'rank'").contains("OpAMP");
		assertThat(this.control.status().state()).isEqualTo("applied");
	}

}
