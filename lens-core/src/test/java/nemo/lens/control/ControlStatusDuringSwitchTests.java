package nemo.lens.control;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The control's state reads what the rank does: while the switch to a content runs, whoever asks
 * (the endpoint, a script waiting for {@code applied}) still sees the state before it, and the
 * switch itself sees the content it applies.
 */
class ControlStatusDuringSwitchTests {

	private final List<String> seenBySwitch = new ArrayList<>();

	private final List<String> seenFromOutside = new ArrayList<>();

	private final JobControl<String> control = new JobControl<>("lens.properties", 4, () -> Set.of("all_ranks"),
			(groups) -> {
			}, (content) -> String.valueOf(content.exportStrategy()), (warning) -> {
			}, this::switching, (dump) -> {
			});

	private void switching() {
		ControlStatus now = this.control.statusNow();
		this.seenBySwitch.add(now.state() + " " + now.applied());
		this.seenFromOutside.add(this.control.status().state());
	}

	@Test
	void aContentReadsAppliedOnlyOnceTheSwitchToItIsMade() {
		this.control.read("export-strategy=all_ranks");
		assertThat(this.seenFromOutside).containsExactly("absent");
		assertThat(this.seenBySwitch).containsExactly("applied {export-strategy=all_ranks}");
		assertThat(this.control.status().state()).isEqualTo("applied");
	}

	@Test
	void aWithdrawnContentReadsAbsentOnlyOnceTheSwitchBackIsMade() {
		this.control.read("export-strategy=all_ranks");
		this.control.absent();
		assertThat(this.seenFromOutside).containsExactly("absent", "applied");
		assertThat(this.control.status().state()).isEqualTo("absent");
	}

	@Test
	void aSwitchThatFailsLeavesTheStateInErrorOnceItIsUndone() {
		JobControl<String> refusing = new JobControl<>("lens.properties", 4, () -> Set.of("all_ranks"), (groups) -> {
		}, (content) -> String.valueOf(content.exportStrategy()), (warning) -> {
		}, () -> {
			throw new IllegalStateException("the exporter cannot be built");
		}, (dump) -> {
		});
		refusing.read("export-strategy=all_ranks");
		assertThat(refusing.status().state()).isEqualTo("error");
		assertThat(refusing.status().error()).contains("the exporter cannot be built");
		assertThat(refusing.inForce()).isNull();
	}

}
