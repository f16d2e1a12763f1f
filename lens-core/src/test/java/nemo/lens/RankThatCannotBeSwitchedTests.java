package nemo.lens;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapSetter;
import io.opentelemetry.sdk.trace.data.SpanData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * A plain Java rank without a control file and without
 * {@link TelemetryOptions.Builder#switchable(boolean)} keeps its start-up decision: a silent one
 * hands out the no-op API and builds no pipeline, and neither kind takes an override.
 */
class RankThatCannotBeSwitchedTests {

	private final RecordingSpanExporter spans = new RecordingSpanExporter();

	private TelemetryHandle handle;

	@AfterEach
	void shutdown() {
		if (this.handle != null) {
			this.handle.shutdown();
		}
	}

	private TelemetryHandle rank(int rank) {
		NemoLensConfig config = NemoLensConfig.builder().enabled(true).exporter("none").build();
		this.handle = new TelemetrySetup(new ExportStrategyRegistry((name) -> null), (name) -> null).setup(config,
				rank, 4, TelemetryOptions.builder().spanExporter(this.spans).shutdownHook(false).build());
		return this.handle;
	}

	private List<String> spanNames() {
		return this.spans.spans().stream().map(SpanData::getName).toList();
	}

	@Test
	void aSilentRankRefusesAnOverrideNamingBothWaysToAllowItAndStaysSilent() {
		TelemetryHandle silent = rank(0);
		assertThatIllegalStateException()
			.isThrownBy(() -> silent.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(1), "test"))
			.withMessageContaining("cannot be switched")
			.withMessageContaining("NEMO_LENS_CONTROL_FILE")
			.withMessageContaining("TelemetryOptions.builder().switchable(true)")
			.withMessageContaining("nothing changed");
		assertThat(silent.isExporting()).isFalse();
		assertThat(silent.override()).isEmpty();
		silent.tracer().spanBuilder("step").startSpan().end();
		assertThat(spanNames()).isEmpty();
	}

	@Test
	void anExportingRankRefusesAnOverrideAndGoesOnExporting() {
		TelemetryHandle exporting = rank(3);
		assertThatIllegalStateException()
			.isThrownBy(() -> exporting.override(ExportOverride.State.SILENT, Duration.ofMinutes(1), "test"))
			.withMessageContaining("cannot be switched");
		assertThat(exporting.isExporting()).isTrue();
		exporting.tracer().spanBuilder("step").startSpan().end();
		exporting.shutdown();
		assertThat(spanNames()).containsExactly("step");
	}

	@Test
	void aSilentRankRefusesNewSettingsAndKeepsItsStrategy() {
		TelemetryHandle silent = rank(0);
		NemoLensConfig allRanks = NemoLensConfig.builder().enabled(true).exporter("none").exportStrategy("all_ranks")
			.build();
		assertThatIllegalStateException().isThrownBy(() -> silent.reconfigure(allRanks, "test"))
			.withMessageContaining("cannot be switched (reconfigure)");
		assertThat(silent.exportStrategy()).isEqualTo("single_rank");
		assertThat(silent.isSelectedByStrategy(Signal.TRACES)).isFalse();
	}

	@Test
	void aSilentRankHandsOutTelemetryThatStillCarriesTraceContextThrough() {
		OpenTelemetry telemetry = rank(0).openTelemetry();
		SpanContext upstream = SpanContext.create("0af7651916cd43dd8448eb211c80319c", "b7ad6b7169203331",
				TraceFlags.getSampled(), TraceState.getDefault());
		Map<String, String> headers = new HashMap<>();
		Context incoming = Context.root().with(Span.wrap(upstream));
		telemetry.getPropagators().getTextMapPropagator().inject(incoming, headers, MapSetter.INSTANCE);
		Context extracted = telemetry.getPropagators().getTextMapPropagator().extract(Context.root(), headers,
				MapGetter.INSTANCE);
		Span child = telemetry.getTracer("library").spanBuilder("call").setParent(extracted).startSpan();
		assertThat(headers).containsKey("traceparent");
		assertThat(child.getSpanContext().getTraceId()).isEqualTo(upstream.getTraceId());
	}

	@Test
	void aSilentRankReportsNoControlNoRecorderAndNoSdk() {
		TelemetryHandle silent = rank(0);
		assertThat(silent.controlStatus()).isEmpty();
		assertThat(silent.flightRecorder()).isEmpty();
		assertThat(silent.sdk()).isEmpty();
		assertThat(silent.strategyPicks()).contains("single_rank: rank 3");
	}

	@Test
	void aRankWhoseProgramMaySwitchItTakesAnOverride() {
		NemoLensConfig config = NemoLensConfig.builder().enabled(true).exporter("none").build();
		this.handle = new TelemetrySetup(new ExportStrategyRegistry((name) -> null), (name) -> null).setup(config, 0, 4,
				TelemetryOptions.builder().switchable(true).spanExporter(this.spans).shutdownHook(false).build());
		this.handle.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(1), "test");
		this.handle.tracer().spanBuilder("step").startSpan().end();
		this.handle.shutdown();
		assertThat(spanNames()).containsExactly("step");
	}

	private enum MapSetter implements TextMapSetter<Map<String, String>> {

		INSTANCE;

		@Override
		public void set(Map<String, String> carrier, String key, String value) {
			carrier.put(key, value);
		}

	}

}
