package nemo.lens.live;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadFactory;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import nemo.lens.ExportOverride;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.RecordingSpanExporter;
import nemo.lens.Signal;
import nemo.lens.SwitchRefusedException;
import nemo.lens.TelemetryOptions;
import nemo.lens.control.OverrideTimer;
import nemo.lens.sdk.ExportingTelemetryFactory;
import nemo.lens.sdk.ReusableExports;
import nemo.lens.spans.SpanGroups;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The steps of a switch that no public option reaches fail as the others do: a switch whose
 * override cannot get a thread to end it is refused with nothing changed, and a switch-off whose
 * drain cannot get a thread is made whole, its pipeline waiting to be taken back.
 */
class RefusedSwitchStepsTests {

	private static final ThreadFactory NO_THREADS = (task) -> {
		throw new IllegalStateException("unable to create native thread: possibly out of memory");
	};

	private static final NemoLensConfig CONFIG = NemoLensConfig.builder()
		.enabled(true)
		.exporter("none")
		.runId("run-1")
		.build();

	private LivePipeline pipeline;

	private LiveDecision decision;

	@AfterEach
	void shutdown() {
		if (this.decision != null) {
			this.decision.stop();
			this.pipeline.shutdown(Duration.ofSeconds(5));
		}
	}

	/** Rank 3 of 4: its strategy, single_rank, exports every signal. */
	private LiveDecision exportingRank(PipelineDrain drain, OverrideTimer timer) {
		Map<String, String> env = Map.of();
		ReusableExports exports = new ReusableExports(
				TelemetryOptions.builder().spanExporter(new RecordingSpanExporter()).build());
		this.pipeline = new LivePipeline(CONFIG, OpenTelemetry.noop(),
				new ExportingTelemetryFactory(CONFIG, 3, 4, exports, env::get), exports, null, drain);
		SignalDecisions.Decider decider = new SignalDecisions.Decider(new ExportStrategyRegistry(env::get), 3, 4, null);
		SignalDecisions signals = decider.decide(CONFIG);
		SpanGroups groups = SpanGroups.ofSetting(CONFIG.spanGroups(), Set.of());
		this.decision = new LiveDecision(CONFIG, signals, this.pipeline, groups, decider, (notice) -> {
		}, timer);
		this.pipeline.start(signals.exporting());
		return this.decision;
	}

	private static PipelineDrain drain(ThreadFactory threads) {
		return new PipelineDrain(CONFIG.switchDrainTimeout(), CONFIG.shutdownTimeout(), threads);
	}

	@Test
	void anOverrideWhoseEndCannotGetAThreadIsRefusedAndChangesNothing() {
		LiveDecision exporting = exportingRank(new PipelineDrain(CONFIG.switchDrainTimeout(), CONFIG.shutdownTimeout()),
				new OverrideTimer(NO_THREADS));
		Set<Signal> exportedBefore = this.pipeline.exported();
		OpenTelemetrySdk sdkBefore = this.pipeline.current();
		assertThatThrownBy(() -> exporting.override(ExportOverride.State.SILENT, Set.of(Signal.values()),
				Duration.ofMinutes(15), "test"))
			.isInstanceOf(SwitchRefusedException.class)
			.hasMessageContaining("unable to create native thread")
			.hasMessageEndingWith("nothing changed.");
		assertThat(exporting.override()).isNull();
		assertThat(this.pipeline.exported()).isEqualTo(exportedBefore);
		assertThat(this.pipeline.current()).isSameAs(sdkBefore);
	}

	@Test
	void aSwitchOffWhoseDrainCannotGetAThreadIsMadeAndItsPipelineWaitsToBeTakenBack() {
		LiveDecision exporting = exportingRank(drain(NO_THREADS), new OverrideTimer());
		Object tracesBefore = this.pipeline.current().getSdkTracerProvider();
		ExportOverride silent = exporting.override(ExportOverride.State.SILENT, Set.of(Signal.values()),
				Duration.ofMinutes(15), "test");
		assertThat(exporting.override()).isEqualTo(silent);
		assertThat(this.pipeline.exported()).isEmpty();
		exporting.removeOverride("test");
		assertThat(this.pipeline.current().getSdkTracerProvider()).as("taken back").isSameAs(tracesBefore);
	}

}
