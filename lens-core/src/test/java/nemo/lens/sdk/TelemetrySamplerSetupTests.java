package nemo.lens.sdk;

import java.util.Map;

import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.RecordingSpanExporter;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TelemetrySamplerSetupTests {

	private final TelemetrySetup setup = new TelemetrySetup(new ExportStrategyRegistry((name) -> null),
			(name) -> null);

	private final RecordingSpanExporter spans = new RecordingSpanExporter();

	private TelemetryHandle exportingRank(int rank, boolean samplerEnabled) {
		NemoLensConfig config = NemoLensConfig.builder()
			.enabled(true)
			.exportStrategy("all_ranks")
			.exporter("none")
			.exportSampleRate(0.1)
			.samplerEnabled(samplerEnabled)
			.build();
		return this.setup.setup(config, rank, 16, TelemetryOptions.builder()
			.spanExporter(this.spans)
			.otelProperties(Map.of("otel.traces.sampler", "always_off"))
			.build());
	}

	@Test
	void samplerKeepsTheSpansOfASampledRank() {
		TelemetryHandle handle = exportingRank(3, true);
		handle.tracer().spanBuilder("step").startSpan().end();
		handle.shutdown();
		assertThat(this.spans.spans()).hasSize(1);
	}

	@Test
	void samplerDropsTheSpansOfAnUnsampledRankThatStillExports() {
		TelemetryHandle handle = exportingRank(0, true);
		handle.tracer().spanBuilder("step").startSpan().end();
		assertThat(handle.isExporting()).isTrue();
		handle.shutdown();
		assertThat(this.spans.spans()).isEmpty();
	}

	@Test
	void withoutTheRankSamplerTheSdkSamplerSettingApplies() {
		TelemetryHandle handle = exportingRank(3, false);
		handle.tracer().spanBuilder("step").startSpan().end();
		handle.shutdown();
		assertThat(this.spans.spans()).isEmpty();
	}

}
