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

	@Test
	void aRefusedRemoteContentShowsAsAnErrorWithItsReasonAndSinceWhenUntilOneIsTaken() {
		this.remote.offer("export-strategy=all_ranks");
		this.remote.offer("export-strategy=every_rank");
		ControlStatus refused = this.remote.status();
		assertThat(refused.state()).isEqualTo("error");
		assertThat(refused.error()).startsWith("OpAMP remote configuration is not used: export-strategy 'every_rank'");
		assertThat(refused.since()).isNotNull();
		assertThat(refused.applied()).containsEntry("export-strategy", "all_ranks");
		this.remote.offer("ranks=9");
		assertThat(this.remote.status().since()).as("since the first refusal").isEqualTo(refused.since());
		this.remote.offer("export-strategy=single_rank");
		assertThat(this.remote.status().state()).isEqualTo("applied");
		assertThat(this.remote.status().error()).isNull();
	}

	@Test
	void theSwitchNoticesNameTheChannelWhoseContentIsInForce() {
		assertThat(this.control.source()).isEqualTo("control file lens.properties");
		this.remote.offer("export-strategy=all_ranks");
		assertThat(this.control.source()).isEqualTo(RemoteControl.SOURCE);
		this.remote.withdraw();
		assertThat(this.control.source()).isEqualTo("control file lens.properties");
	}

	@Test
	void withoutAFileTheWithdrawalIsToldAsTheRemoteConfigurationsNotAControlFiles() {
		List<String> sources = new ArrayList<>();
		JobControl<String>[] only = new JobControl[1];
		only[0] = new JobControl<>(RemoteControl.SOURCE, 4, () -> Set.of("all_ranks"), (groups) -> {
		}, (content) -> String.valueOf(content.exportStrategy()), this.warnings::add,
				() -> sources.add(only[0].source()), (dump) -> {
				});
		RemoteControl remote = new RemoteControl(only[0], this.warnings::add);
		remote.offer("export-strategy=all_ranks");
		remote.withdraw();
		assertThat(sources).containsExactly(RemoteControl.SOURCE, RemoteControl.SOURCE);
	}

	@Test
	void theServersFailingPollsAreOneOutageUntilItAnswers() {
		this.remote.server("http://opamp:4320/v1/opamp");
		assertThat(this.remote.status().remote().state()).isEqualTo("connecting");
		assertThat(this.remote.serverFailed("HTTP 500")).as("the outage starts").isTrue();
		String since = this.remote.status().remote().since();
		assertThat(this.remote.serverFailed("HTTP 503")).as("the same outage").isFalse();
		ControlStatus.Remote failing = this.remote.status().remote();
		assertThat(failing.state()).isEqualTo("failing");
		assertThat(failing.error()).isEqualTo("HTTP 503");
		assertThat(failing.since()).isEqualTo(since);
		assertThat(this.remote.serverAnswered()).as("the outage ends").isTrue();
		assertThat(this.remote.serverAnswered()).isFalse();
		assertThat(this.remote.status().remote()).isEqualTo(
				new ControlStatus.Remote("http://opamp:4320/v1/opamp", "reachable", null, null));
	}

	@Test
	void aFileInErrorShowsSinceWhenItsProblemWasFirstSeen() {
		this.remote.read("export-strategy=all_ranks");
		assertThat(this.remote.status().since()).isNull();
		this.remote.problem("unknown key 'rank'");
		String since = this.remote.status().since();
		assertThat(since).isNotNull();
		this.remote.problem("unknown key 'rnak'");
		assertThat(this.remote.status().since()).as("the same error state").isEqualTo(since);
		this.remote.read("export-strategy=single_rank");
		assertThat(this.remote.status().since()).isNull();
	}

}
