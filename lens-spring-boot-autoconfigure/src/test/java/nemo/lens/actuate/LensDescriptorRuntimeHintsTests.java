package nemo.lens.actuate;

import org.junit.jupiter.api.Test;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;

import static org.assertj.core.api.Assertions.assertThat;

/** Jackson may read every component of the descriptor, down to the door and strategy summaries. */
class LensDescriptorRuntimeHintsTests {

	@Test
	void theDescriptorAndTheSummariesItListsMayBeWrittenAsJson() {
		RuntimeHints hints = new RuntimeHints();
		new LensDescriptorRuntimeHints().registerHints(hints, getClass().getClassLoader());
		assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(LensDescriptor.class, "exporting"))
			.accepts(hints);
		assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(LensDescriptor.DoorSummary.class, "state"))
			.accepts(hints);
		assertThat(RuntimeHintsPredicates.reflection()
			.onMethodInvocation(LensDescriptor.StrategySummary.class, "builtin")).accepts(hints);
	}

}
