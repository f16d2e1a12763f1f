package nemo.lens.spans;

import java.util.HashMap;
import java.util.Map;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.trace.data.LinkData;
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

/**
 * One trace per job, in one JVM standing for several ranks (the multi-process proof is the
 * sample's {@code JobTraceIT}). Python reference: {@code broadcast_trace_context} shares rank 0's
 * context by a collective; here every rank derives the same parent alone. {@code create_linked_span}
 * links a pipeline stage to a remote span context.
 */
class JobTraceTests {

	private final Map<String, String> env = new HashMap<>();

	private final TelemetrySetup setup = new TelemetrySetup(new ExportStrategyRegistry(this.env::get), this.env::get);

	private final RecordingSpanExporter spans = new RecordingSpanExporter();

	private TelemetryHandle rank(int rank, String runId, boolean jobTrace) {
		NemoLensConfig config = NemoLensConfig.builder()
			.enabled(true)
			.exportStrategy("all_ranks")
			.exporter("none")
			.runId(runId)
			.jobTrace(jobTrace)
			.spanGroups("per_step")
			.build();
		return this.setup.setup(config, rank, 4, TelemetryOptions.builder().spanExporter(this.spans).allowReinit(true).build());
	}

	private void topLevelSpan(TelemetryHandle handle) {
		handle.span("job").group(SpanGroups.JOB).run(() -> handle.span("inner").run(() -> {
		}));
	}

	@Test
	void ranksOfOneRunPutTheirTopLevelSpansInOneTrace() {
		for (int rank = 0; rank < 3; rank++) {
			try (TelemetryHandle handle = rank(rank, "run-a", true)) {
				topLevelSpan(handle);
			}
		}
		String jobTraceId = JobTrace.derived("nemo", "run-a").traceId();
		assertThat(this.spans.spans()).hasSize(6).allSatisfy((span) -> assertThat(span.getTraceId()).isEqualTo(jobTraceId));
		assertThat(this.spans.spans()).filteredOn((span) -> span.getName().equals("job"))
			.allSatisfy((span) -> assertThat(span.getParentSpanId()).isEqualTo(JobTrace.derived("nemo", "run-a").parent().getSpanId()));
	}

	@Test
	void differentRunsGetDifferentTraces() {
		assertThat(JobTrace.derived("nemo", "run-a").traceId()).isNotEqualTo(JobTrace.derived("nemo", "run-b").traceId());
		assertThat(JobTrace.derived("nemo", "run-a").traceId()).isNotEqualTo(JobTrace.derived("other", "run-a").traceId());
	}

	@Test
	void jobTraceIsOffByDefaultSoRanksStartTheirOwnTraces() {
		for (int rank = 0; rank < 2; rank++) {
			try (TelemetryHandle handle = rank(rank, "run-a", false)) {
				assertThat(handle.jobTrace()).isEmpty();
				topLevelSpan(handle);
			}
		}
		assertThat(this.spans.spans()).hasSize(4);
		assertThat(this.spans.spans().stream().map(SpanData::getTraceId).distinct()).hasSize(2);
	}

	@Test
	void traceparentSetByTheLaunchScriptWinsOverTheRunId() {
		String traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
		this.env.put("TRACEPARENT", "00-" + traceId + "-00f067aa0ba902b7-01");
		try (TelemetryHandle handle = rank(0, "run-a", true)) {
			assertThat(handle.jobTrace()).get().satisfies((job) -> assertThat(job.source()).isEqualTo("TRACEPARENT"));
			topLevelSpan(handle);
		}
		assertThat(this.spans.spans()).allSatisfy((span) -> assertThat(span.getTraceId()).isEqualTo(traceId));
		assertThat(this.spans.spans().get(1).getParentSpanId()).isEqualTo("00f067aa0ba902b7");
	}

	@Test
	void invalidTraceparentFailsSetupNamingTheVariable() {
		this.env.put("TRACEPARENT", "00-not-a-trace");
		assertThatIllegalArgumentException().isThrownBy(() -> rank(0, "run-a", true))
			.withMessageStartingWith("Invalid TRACEPARENT: '00-not-a-trace'. Expected a W3C traceparent");
	}

	@Test
	void traceparentIsIgnoredWhileTheJobTraceIsOff() {
		this.env.put("TRACEPARENT", "00-not-a-trace");
		try (TelemetryHandle handle = rank(0, "run-a", false)) {
			assertThat(handle.jobTrace()).isEmpty();
		}
	}

	@Test
	void pipelineStageLinksToTheStageBeforeItByRankAndStep() {
		try (TelemetryHandle stage0 = rank(0, "run-p", true)) {
			stage0.span("pipeline.forward").group(SpanGroups.STEP).stage(5).run(() -> {
			});
		}
		try (TelemetryHandle stage1 = rank(1, "run-p", true)) {
			stage1.span("pipeline.recv_forward").group(SpanGroups.STEP).stage(5).linkToRank(0, 5).run(() -> {
			});
		}
		SpanData forward = this.spans.spans().get(0);
		SpanData received = this.spans.spans().get(1);
		JobTrace job = JobTrace.derived("nemo", "run-p");
		assertThat(forward.getParentSpanId()).isEqualTo(job.stage(0, 5).getSpanId());
		assertThat(received.getParentSpanId()).isEqualTo(job.stage(1, 5).getSpanId());
		LinkData link = received.getLinks().get(0);
		assertThat(link.getSpanContext().getSpanId()).isEqualTo(forward.getParentSpanId());
		assertThat(link.getSpanContext().getTraceId()).isEqualTo(forward.getTraceId());
		assertThat(link.getAttributes().get(AttributeKey.longKey("dl.rank"))).isEqualTo(0L);
		assertThat(link.getAttributes().get(AttributeKey.longKey("dl.step"))).isEqualTo(5L);
	}

}
