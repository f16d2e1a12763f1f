package nemo.lens.autoconfigure.door;

import java.util.Map;

import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.Signal;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TelemetryDoorsTests {

	private static TelemetryHandle handle(boolean enabled, int rank) {
		NemoLensConfig config = NemoLensConfig.builder().enabled(enabled).exporter("none").build();
		return new TelemetrySetup(new ExportStrategyRegistry((name) -> null), (name) -> null).setup(config, rank, 2,
				TelemetryOptions.defaults());
	}

	@Test
	void aSilentRanksGatedDoorIsSilencedAndItsOwnSdkToo() {
		TelemetryHandle silent = handle(true, 0);
		TelemetryDoors doors = new TelemetryDoors(silent, DoorGates.defaults());
		assertThat(doors.open("micrometer.otlp")).isEqualTo(DoorState.SILENCED);
		assertThat(doors.states()).containsEntry(TelemetryDoors.LENS_SDK, DoorState.SILENCED)
			.containsEntry("micrometer.otlp", DoorState.SILENCED);
		silent.shutdown();
	}

	@Test
	void theExportingRanksGatedDoorExports() {
		TelemetryHandle exporting = handle(true, 1);
		assertThat(new TelemetryDoors(exporting, DoorGates.defaults()).open("micrometer.otlp"))
			.isEqualTo(DoorState.EXPORTING);
		exporting.shutdown();
	}

	@Test
	void withLensDisabledEveryDoorIsUngatedAndLensHasNoDoorOfItsOwn() {
		TelemetryHandle disabled = handle(false, 0);
		TelemetryDoors doors = new TelemetryDoors(disabled, DoorGates.defaults());
		assertThat(doors.open("boot.opentelemetry")).isEqualTo(DoorState.UNGATED);
		assertThat(doors.states()).doesNotContainKey(TelemetryDoors.LENS_SDK);
	}

	@Test
	void askingWhatADoorMustDoRecordsNothing() {
		TelemetryHandle silent = handle(true, 0);
		TelemetryDoors doors = new TelemetryDoors(silent, DoorGates.of(Map.of()));
		assertThat(doors.stateOf("micrometer.datadog")).isEqualTo(DoorState.SILENCED);
		assertThat(doors.states()).doesNotContainKey("micrometer.datadog");
		silent.shutdown();
	}

	@Test
	void aDoorLeftAsConfiguredIsReportedUngatedWhateverTheDecision() {
		TelemetryHandle silent = handle(true, 0);
		TelemetryDoors doors = new TelemetryDoors(silent, DoorGates.defaults());
		doors.open("micrometer.otlp");
		doors.leftAsConfigured("micrometer.otlp");
		assertThat(doors.states()).containsEntry("micrometer.otlp", DoorState.UNGATED);
		assertThat(doors.named(DoorState.SILENCED)).containsExactly(TelemetryDoors.LENS_SDK);
		silent.shutdown();
	}

	@Test
	void aDoorFollowsTheDecisionOfEachSignalItCarries() {
		NemoLensConfig config = NemoLensConfig.builder()
			.enabled(true)
			.exporter("none")
			.metricsExportStrategy("all_ranks")
			.build();
		TelemetryHandle metricsOnly = new TelemetrySetup(new ExportStrategyRegistry((name) -> null), (name) -> null)
			.setup(config, 0, 2, TelemetryOptions.defaults());
		TelemetryDoors doors = new TelemetryDoors(metricsOnly, DoorGates.defaults());
		assertThat(doors.open("micrometer.otlp")).isEqualTo(DoorState.EXPORTING);
		assertThat(doors.open("boot.opentelemetry")).isEqualTo(DoorState.EXPORTING);
		assertThat(doors.signalStates("boot.opentelemetry")).containsExactly(
				Map.entry(Signal.TRACES, DoorState.SILENCED), Map.entry(Signal.METRICS, DoorState.EXPORTING),
				Map.entry(Signal.LOGS, DoorState.SILENCED));
		assertThat(doors.signalStates("micrometer.otlp")).containsOnlyKeys(Signal.METRICS);
		metricsOnly.shutdown();
	}

}
