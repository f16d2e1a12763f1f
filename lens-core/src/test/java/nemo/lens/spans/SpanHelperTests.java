package nemo.lens.spans;

import java.util.HashMap;
import java.util.Map;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.RecordingSpanExporter;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The span helpers of a handle on an exporting and a silent rank, with the real SDK and an
 * in-memory exporter. Python reference: {@code managed_span} (group-gated, records the exception
 * and sets ERROR), {@code span_cm} (ungated), {@code trace_fn} (group checked at call time).
 */
class SpanHelperTests {

	private final Map<String, String> env = new HashMap<>();

	private final TelemetrySetup setup = new TelemetrySetup(new ExportStrategyRegistry(this.env::get), this.env::get);

	private final RecordingSpanExporter spans = new RecordingSpanExporter();

	private TelemetryHandle rank(int rank, String spanGroups) {
		NemoLensConfig config = NemoLensConfig.builder()
			.enabled(true)
			.exportStrategy("single_rank")
			.exporter("none")
			.spanGroups(spanGroups)
			.runId("run-1")
			.build();
		return this.setup.setup(config, rank, 2, TelemetryOptions.builder().spanExporter(this.spans).build());
	}

	private TelemetryHandle exporting(String spanGroups) {
		return rank(1, spanGroups);
	}

	private TelemetryHandle silent(String spanGroups) {
		return rank(0, spanGroups);
	}

	@Test
	void spanInAnEnabledGroupIsExportedWithItsAttributes() {
		try (TelemetryHandle handle = exporting("per_step")) {
			try (LensScope scope = handle.span("train.step").group(SpanGroups.STEP).attribute("dl.step", 7).start()) {
				assertThat(scope.isRecording()).isTrue();
				assertThat(Span.current()).isSameAs(scope.span());
				scope.attribute("loss", 0.5);
			}
		}
		SpanData span = this.spans.spans().get(0);
		assertThat(span.getName()).isEqualTo("train.step");
		assertThat(span.getAttributes().get(AttributeKey.longKey("dl.step"))).isEqualTo(7L);
		assertThat(span.getAttributes().get(AttributeKey.doubleKey("loss"))).isEqualTo(0.5);
	}

	@Test
	void spanInADisabledGroupIsNeitherCreatedNorExported() {
		try (TelemetryHandle handle = exporting("default")) {
			try (LensScope scope = handle.span("train.step").group(SpanGroups.STEP).attribute("dl.step", 7).start()) {
				assertThat(scope.isRecording()).isFalse();
				assertThat(scope.span()).isSameAs(Span.getInvalid());
				assertThat(Span.current().getSpanContext().isValid()).isFalse();
			}
		}
		assertThat(this.spans.spans()).isEmpty();
	}

	@Test
	void spanWithoutAGroupIsAlwaysExportedOnAnExportingRank() {
		try (TelemetryHandle handle = exporting("")) {
			handle.span("evaluate").run(() -> {
			});
		}
		assertThat(this.spans.spans()).extracting(SpanData::getName).containsExactly("evaluate");
	}

	@Test
	void groupSwitchedAtRunTimeAppliesToTheNextSpan() {
		try (TelemetryHandle handle = exporting("default")) {
			handle.span("before").group(SpanGroups.STEP).run(() -> {
			});
			handle.spanGroups().set("default,step");
			handle.span("after").group(SpanGroups.STEP).run(() -> {
			});
			handle.spanGroups().set("default");
			handle.span("switched-off").group(SpanGroups.STEP).run(() -> {
			});
		}
		assertThat(this.spans.spans()).extracting(SpanData::getName).containsExactly("after");
	}

	@Test
	void runRecordsTheExceptionSetsErrorAndRethrows() {
		try (TelemetryHandle handle = exporting("default")) {
			assertThatIllegalStateException().isThrownBy(() -> handle.span("checkpoint.save")
				.group(SpanGroups.CHECKPOINT)
				.run(() -> {
					throw new IllegalStateException("disk full");
				})).withMessage("disk full");
		}
		SpanData span = this.spans.spans().get(0);
		assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
		assertThat(span.getStatus().getDescription()).isEqualTo("disk full");
		assertThat(span.getEvents()).singleElement()
			.satisfies((event) -> assertThat(event.getName()).isEqualTo("exception"));
	}

	@Test
	void callReturnsTheValueAndNestsInnerSpans() {
		try (TelemetryHandle handle = exporting("per_step")) {
			int result = handle.span("train.step").group(SpanGroups.STEP).call(() -> handle.span("optimizer")
				.group(SpanGroups.OPTIMIZER)
				.call(() -> 42));
			assertThat(result).isEqualTo(42);
		}
		SpanData inner = this.spans.spans().get(0);
		SpanData outer = this.spans.spans().get(1);
		assertThat(inner.getParentSpanId()).isEqualTo(outer.getSpanId());
		assertThat(outer.getParentSpanContext().isValid()).isFalse();
	}

	@Test
	void secretLookingAttributesAreRedactedAndNullsAndObjectsSkipped() {
		try (TelemetryHandle handle = exporting("default")) {
			handle.span("evaluate")
				.group(SpanGroups.EVALUATE)
				.attribute("llm.prompt", "tell me the password")
				.attribute("api_key", "sk-123")
				.attribute("dataset", "mmlu")
				.attribute("missing", null)
				.attribute("config", new Object())
				.run(() -> {
				});
		}
		var attributes = this.spans.spans().get(0).getAttributes();
		assertThat(attributes.get(AttributeKey.stringKey("llm.prompt"))).isEqualTo("[REDACTED]");
		assertThat(attributes.get(AttributeKey.stringKey("api_key"))).isEqualTo("[REDACTED]");
		assertThat(attributes.get(AttributeKey.stringKey("dataset"))).isEqualTo("mmlu");
		assertThat(attributes.asMap()).hasSize(3);
	}

	@Test
	void silentRankRunsTheBodyAndExportsNothing() {
		try (TelemetryHandle handle = silent("all")) {
			assertThat(handle.isExporting()).isFalse();
			assertThat(handle.span("step").group(SpanGroups.STEP).isEnabled()).isFalse();
			int result = handle.span("step").group(SpanGroups.STEP).attribute("token", "x").call(() -> 3);
			assertThat(result).isEqualTo(3);
			try (LensScope scope = handle.span("evaluate").start()) {
				assertThat(scope.isRecording()).isFalse();
				scope.attribute("password", "hunter2").recordException(new IllegalStateException());
			}
		}
		assertThat(this.spans.spans()).isEmpty();
	}

	@Test
	void silentRankStillRethrowsTheBodysException() {
		try (TelemetryHandle handle = silent("all")) {
			assertThatIllegalStateException().isThrownBy(() -> handle.span("step").run(() -> {
				throw new IllegalStateException("boom");
			}));
		}
	}

	@Test
	void badSpanGroupSpecFailsSetupOnEveryRankNamingTheSetting() {
		assertThatIllegalArgumentException().isThrownBy(() -> silent("per_stpe"))
			.withMessageStartingWith("Invalid span groups (nemo.lens.span-groups, NEMO_LENS_SPAN_GROUPS) 'per_stpe': "
					+ "Unknown span group or preset: 'per_stpe'. Valid options: [all, checkpoint,");
	}

	@Test
	void librarysOwnGroupsCanBeNamedInTheSpec() {
		NemoLensConfig config = NemoLensConfig.builder().enabled(true).exportStrategy("all_ranks").exporter("none")
			.spanGroups("default,microbatch").build();
		try (TelemetryHandle handle = this.setup.setup(config, 0, 1, TelemetryOptions.builder()
			.spanExporter(this.spans)
			.extraSpanGroups(java.util.List.of("microbatch", "layer"))
			.build())) {
			assertThat(handle.spanGroups().enabled()).containsExactly("checkpoint", "evaluate", "job", "microbatch");
			handle.span("forward.microbatch").group("microbatch").run(() -> {
			});
			handle.span("layer").group("layer").run(() -> {
			});
		}
		assertThat(this.spans.spans()).extracting(SpanData::getName).containsExactly("forward.microbatch");
	}

	@Test
	void spanGroupsAreReadFromTheEnvironment() {
		NemoLensConfig config = NemoLensConfig.fromEnv(Map.of("NEMO_LENS_SPAN_GROUPS", " per_step ",
				"NEMO_LENS_JOB_TRACE", "yes"), "NEMO_LENS", null);
		assertThat(config.spanGroups()).isEqualTo("per_step");
		assertThat(config.jobTrace()).isTrue();
		assertThat(NemoLensConfig.defaults().spanGroups()).isEqualTo("default");
		assertThat(NemoLensConfig.defaults().jobTrace()).isFalse();
	}

}
