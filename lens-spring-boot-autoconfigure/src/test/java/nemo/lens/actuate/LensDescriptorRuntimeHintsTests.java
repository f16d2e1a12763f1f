package nemo.lens.actuate;

import org.junit.jupiter.api.Test;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;

import static org.assertj.core.api.Assertions.assertThat;

/** Jackson may read every component of the descriptor, down to the door and strategy summaries. */
class LensDescriptorRuntimeHintsTests {

	// onMethod(..).invoke() rather than Spring 7's onMethodInvocation: the same test runs on Boot 3.5
	// (Spring Framework 6.2), where only the former exists.
	@Test
	@SuppressWarnings("deprecation")
	void theDescriptorAndTheSummariesItListsMayBeWrittenAsJson() {
		RuntimeHints hints = new RuntimeHints();
		new LensDescriptorRuntimeHints().registerHints(hints, getClass().getClassLoader());
		assertThat(RuntimeHintsPredicates.reflection().onMethod(LensDescriptor.class, "exporting").invoke())
			.accepts(hints);
		assertThat(RuntimeHintsPredicates.reflection().onMethod(LensDescriptor.DoorSummary.class, "state").invoke())
			.accepts(hints);
		assertThat(RuntimeHintsPredicates.reflection()
			.onMethod(LensDescriptor.StrategySummary.class, "builtin").invoke()).accepts(hints);
	}

}
