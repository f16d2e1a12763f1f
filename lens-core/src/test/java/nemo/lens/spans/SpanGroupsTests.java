package nemo.lens.spans;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Span groups against NeMo Lens 0.1.0 (Python) as test vectors. Sources: {@code nemo/lens/groups.py}
 * ({@code SpanGroup}: the eight base groups, {@code _PRESETS}, {@code resolve}: comma-separated,
 * trimmed, case-insensitive, unknown entries a {@code ValueError} listing the sorted valid options),
 * {@code docs/user-guide/span-groups.md} (the spec string examples and the presets table),
 * {@code nemo/lens/config.py} ({@code span_groups = "default"}) and {@code nemo/lens/state.py}
 * (enabled groups replaced whole by {@code set_enabled_span_groups}; an unknown name is simply
 * not enabled). Not taken: the later {@code docs/user-guide/span-groups.mdx} (the line after 0.2.0),
 * where Lens names no groups of its own, libraries register theirs with {@code SpanRegistry} and an
 * unknown spec entry only warns; the Java presets and errors are 0.1.0's, and a library's extra
 * groups ({@code MegatronSpanGroup} in the 0.1.0 page) come in through
 * {@code TelemetryOptions.extraSpanGroups}. Helpers: {@code docs/user-guide/instrumentation.md}
 * ({@code managed_span}, {@code trace_fn}, {@code span_cm}); cross-rank:
 * {@code docs/user-guide/distributed-tracing.md} ({@code broadcast_trace_context},
 * {@code create_linked_span}).
 */
class SpanGroupsTests {

	@Test
	void defaultPresetIsTheCoarseGroups() {
		assertThat(SpanGroups.resolve("default")).containsExactly("checkpoint", "evaluate", "job");
	}

	@Test
	void perStepPresetAddsTheIterationGroups() {
		assertThat(SpanGroups.resolve("per_step")).containsExactly("checkpoint", "evaluate", "forward_backward", "job",
				"load_checkpoint", "model_init", "optimizer", "step");
	}

	@Test
	void allPresetIsEveryBaseGroup() {
		assertThat(SpanGroups.resolve("all")).isEqualTo(SpanGroups.BASE_GROUPS);
	}

	@Test
	void allPresetIncludesALibrarysExtraGroups() {
		SpanGroups groups = SpanGroups.of("all", List.of("microbatch", "Layer"));
		assertThat(groups.enabled()).contains("microbatch", "layer", "job", "optimizer").hasSize(10);
		assertThat(SpanGroups.of("per_step", List.of("microbatch")).isEnabled("microbatch")).isFalse();
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', textBlock = """
			default,step                     | checkpoint evaluate job step
			step,optimizer,checkpoint        | checkpoint optimizer step
			' Step , OPTIMIZER '             | optimizer step
			'DEFAULT'                        | checkpoint evaluate job
			'job,,evaluate,'                 | evaluate job
			""")
	void specMixesPresetsAndGroupNamesCaseInsensitively(String spec, String expected) {
		assertThat(SpanGroups.resolve(spec)).containsExactly(expected.split(" "));
	}

	@Test
	void blankSpecEnablesNothing() {
		assertThat(SpanGroups.resolve(" ")).isEmpty();
		assertThat(SpanGroups.of(null).enabled()).isEmpty();
	}

	@Test
	void unknownEntryIsAnErrorListingTheValidOptions() {
		assertThatIllegalArgumentException().isThrownBy(() -> SpanGroups.resolve("default,per_stpe"))
			.withMessage("Unknown span group or preset: 'per_stpe'. Valid options: [all, checkpoint, default, "
					+ "evaluate, forward_backward, job, load_checkpoint, model_init, optimizer, per_step, step].");
	}

	@Test
	void presetNameCannotBeAnExtraGroup() {
		assertThatIllegalArgumentException().isThrownBy(() -> SpanGroups.of("default", Set.of("all")))
			.withMessageContaining("'all'");
	}

	@Test
	void unknownGroupAtAnInstrumentationSiteIsDisabled() {
		assertThat(SpanGroups.of("all").isEnabled("microbatch")).isFalse();
	}

	@Test
	void nullGroupAtAnInstrumentationSiteIsDisabled() {
		assertThat(SpanGroups.of("all").isEnabled(null)).isFalse();
	}

	@Test
	void groupNameBuiltAtRunTimeIsFoundLikeTheConstant() {
		String built = new StringBuilder("st").append("ep").toString();
		assertThat(SpanGroups.of("step").isEnabled(built)).isTrue();
		assertThat(SpanGroups.of("default").isEnabled(built)).isFalse();
	}

	@Test
	void everyOneOfThousandsOfExtraGroupsIsFoundAndSwitched() {
		// More names than the lookup table grows for: many share a first slot and are found by probing.
		List<String> extra = new ArrayList<>();
		for (int i = 0; i < 6000; i++) {
			extra.add("layer" + i);
		}
		SpanGroups groups = SpanGroups.of("per_step", extra);
		assertThat(extra).noneMatch(groups::isEnabled);
		assertThat(groups.isEnabled("step")).isTrue();
		groups.set("all");
		assertThat(extra).allMatch(groups::isEnabled);
		groups.set("layer17,layer5999");
		assertThat(extra).filteredOn(groups::isEnabled).containsExactly("layer17", "layer5999");
		assertThat(groups.isEnabled("layer6000")).isFalse();
	}

	@Test
	void setSwitchesTheEnabledGroupsAtRunTime() {
		SpanGroups groups = SpanGroups.of("default");
		assertThat(groups.isEnabled("step")).isFalse();
		assertThat(groups.set("per_step")).contains("step");
		assertThat(groups.isEnabled("step")).isTrue();
		assertThat(groups.spec()).isEqualTo("per_step");
		groups.set("job");
		assertThat(groups.isEnabled("step")).isFalse();
		assertThat(groups.isEnabled("checkpoint")).isFalse();
	}

	@Test
	void invalidSwitchChangesNothing() {
		SpanGroups groups = SpanGroups.of("per_step");
		assertThatIllegalArgumentException().isThrownBy(() -> groups.set("step,bogus"));
		assertThat(groups.spec()).isEqualTo("per_step");
		assertThat(groups.enabled()).hasSize(8);
	}

	@Test
	void readersDuringSwitchesSeeOneSpecsGroupsNeverAMix() throws InterruptedException {
		// "default" has job but not step, "step" the other way round: seeing both or neither is a mix.
		SpanGroups groups = SpanGroups.of("default");
		AtomicReference<String> mixed = new AtomicReference<>();
		CountDownLatch done = new CountDownLatch(1);
		Thread writer = new Thread(() -> {
			for (int i = 0; i < 20_000; i++) {
				groups.set((i % 2 == 0) ? "step" : "default");
			}
			done.countDown();
		});
		writer.start();
		while (done.getCount() > 0) {
			Set<String> seen = groups.enabled();
			if (seen.contains("job") == seen.contains("step")) {
				mixed.set(seen.toString());
			}
		}
		writer.join();
		assertThat(mixed.get()).isNull();
	}

}
