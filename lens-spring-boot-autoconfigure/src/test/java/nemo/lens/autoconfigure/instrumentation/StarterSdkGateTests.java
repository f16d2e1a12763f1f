package nemo.lens.autoconfigure.instrumentation;

import java.util.Map;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdkBuilder;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.Signal;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import nemo.lens.autoconfigure.door.DoorGates;
import nemo.lens.autoconfigure.door.DoorState;
import nemo.lens.autoconfigure.door.RankIdentity;
import nemo.lens.autoconfigure.door.TelemetryDoors;
import nemo.lens.launch.RankInfo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The instrumentation starter builds its SDK with the SDK's autoconfigure module; the gate
 * customizes that build as the starter would let it, here on the module itself.
 */
class StarterSdkGateTests {

	private TelemetryHandle handle;

	private OpenTelemetrySdk sdk;

	private final InMemorySpanExporter exported = InMemorySpanExporter.create();

	private final InMemoryMetricReader metrics = InMemoryMetricReader.create();

	@AfterEach
	void close() {
		if (this.sdk != null) {
			this.sdk.close();
		}
		if (this.handle != null) {
			this.handle.shutdown();
		}
	}

	private static NemoLensConfig.Builder config() {
		return NemoLensConfig.builder().enabled(true).exporter("none").runId("run-1");
	}

	private TelemetryDoors build(int rank, Map<String, Boolean> gates) {
		return build(rank, config().build(), gates);
	}

	private TelemetryDoors build(int rank, NemoLensConfig config, Map<String, Boolean> gates) {
		RankInfo rankInfo = RankInfo.detect(Map.of("NEMO_LENS_RANK", String.valueOf(rank), "NEMO_LENS_WORLD_SIZE", "2"));
		this.handle = new TelemetrySetup(new ExportStrategyRegistry((name) -> null), (name) -> null).setup(config, rank,
				2, TelemetryOptions.defaults());
		TelemetryDoors doors = new TelemetryDoors(this.handle, DoorGates.of(gates));
		AutoConfiguredOpenTelemetrySdkBuilder builder = AutoConfiguredOpenTelemetrySdk.builder()
			.addPropertiesSupplier(() -> Map.of("otel.traces.exporter", "none", "otel.metrics.exporter", "none",
					"otel.logs.exporter", "none", "otel.service.name", "starter-app"))
			.addTracerProviderCustomizer(
					(tracerProvider, properties) -> tracerProvider.addSpanProcessor(SimpleSpanProcessor.create(this.exported)))
			.addMeterProviderCustomizer((meterProvider, properties) -> meterProvider.registerMetricReader(this.metrics));
		new StarterSdkGate(doors, RankIdentity.of(this.handle, rankInfo)).customize(builder);
		this.sdk = builder.build().getOpenTelemetrySdk();
		return doors;
	}

	@Test
	void aSilentRankGetsADisabledSdkThatExportsNothing() {
		TelemetryDoors doors = build(0, Map.of());
		this.sdk.getTracer("test").spanBuilder("work").startSpan().end();
		assertThat(this.exported.getFinishedSpanItems()).isEmpty();
		assertThat(doors.states()).containsEntry(OpenTelemetryStarterDoor.NAME, DoorState.SILENCED);
	}

	@Test
	void anExportingRanksSdkExportsWithTheRankOnItsResource() {
		TelemetryDoors doors = build(1, Map.of());
		this.sdk.getTracer("test").spanBuilder("work").startSpan().end();
		assertThat(this.exported.getFinishedSpanItems()).hasSize(1);
		Resource resource = this.exported.getFinishedSpanItems().get(0).getResource();
		assertThat(resource.getAttribute(AttributeKey.longKey("dl.rank"))).isEqualTo(1L);
		assertThat(resource.getAttribute(AttributeKey.stringKey("service.name"))).isEqualTo("starter-app");
		assertThat(doors.states()).containsEntry(OpenTelemetryStarterDoor.NAME, DoorState.EXPORTING);
	}

	@Test
	void anExportingRanksSdkCarriesTheNvDlNamesAsIntegersWhenAsked() {
		build(1, config().attributeNames("nv").build(), Map.of());
		this.sdk.getTracer("test").spanBuilder("work").startSpan().end();
		Resource resource = this.exported.getFinishedSpanItems().get(0).getResource();
		assertThat(resource.getAttribute(AttributeKey.longKey("nv.dl.rank"))).isEqualTo(1L);
		assertThat(resource.getAttribute(AttributeKey.longKey("nv.dl.world_size"))).isEqualTo(2L);
		assertThat(resource.getAttribute(AttributeKey.longKey("dl.rank"))).isNull();
	}

	@Test
	void anOptedOutStarterIsLeftAsConfiguredOnASilentRank() {
		TelemetryDoors doors = build(0, Map.of(OpenTelemetryStarterDoor.NAME, false));
		this.sdk.getTracer("test").spanBuilder("work").startSpan().end();
		assertThat(this.exported.getFinishedSpanItems()).hasSize(1);
		assertThat(doors.states()).containsEntry(OpenTelemetryStarterDoor.NAME, DoorState.UNGATED);
	}

	@Test
	void aRankThatSendsOnlyMetricsGetsAStarterSdkThatRecordsMetricsAndNoSpans() {
		TelemetryDoors doors = build(0, config().metricsExportStrategy("all_ranks").build(), Map.of());
		this.sdk.getTracer("test").spanBuilder("work").startSpan().end();
		this.sdk.getMeter("test").counterBuilder("work.calls").build().add(1);
		assertThat(this.exported.getFinishedSpanItems()).isEmpty();
		assertThat(this.metrics.collectAllMetrics()).extracting("name").contains("work.calls");
		assertThat(doors.states()).containsEntry(OpenTelemetryStarterDoor.NAME, DoorState.EXPORTING);
		assertThat(doors.signalStates(OpenTelemetryStarterDoor.NAME)).containsEntry(Signal.TRACES, DoorState.SILENCED)
			.containsEntry(Signal.METRICS, DoorState.EXPORTING);
	}

	@Test
	void aRankThatSendsOnlyTracesGetsAStarterSdkThatRecordsSpansAndNoMetrics() {
		build(0, config().tracesExportStrategy("all_ranks").build(), Map.of());
		this.sdk.getTracer("test").spanBuilder("work").startSpan().end();
		this.sdk.getMeter("test").counterBuilder("work.calls").build().add(1);
		assertThat(this.exported.getFinishedSpanItems()).hasSize(1);
		assertThat(this.metrics.collectAllMetrics()).isEmpty();
	}

}
