package nemo.lens.autoconfigure.door;

import java.util.Map;

import nemo.lens.autoconfigure.failure.LensStartupException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class DoorGatesTests {

	@Test
	void pushDoorsFollowTheDecisionUnlessOptedOut() {
		DoorGates gates = DoorGates.of(Map.of("micrometer.otlp", false));
		assertThat(gates.isGated(DoorGates.BOOT_OPENTELEMETRY)).isTrue();
		assertThat(gates.isGated("micrometer.datadog")).isTrue();
		assertThat(gates.isGated("micrometer.otlp")).isFalse();
	}

	@Test
	void theScrapeDoorIsLeftAloneUnlessOptedIn() {
		assertThat(DoorGates.defaults().isGated(DoorGates.MICROMETER_PROMETHEUS)).isFalse();
		assertThat(DoorGates.of(Map.of("micrometer.prometheus", true)).isGated(DoorGates.MICROMETER_PROMETHEUS))
			.isTrue();
	}

	@Test
	void doorNamesAreReadInAnyCase() {
		assertThat(DoorGates.of(Map.of("Boot.OpenTelemetry", false)).isGated(DoorGates.BOOT_OPENTELEMETRY)).isFalse();
	}

	@Test
	void anUnknownDoorFailsNamingThePropertyAndTheDoorsThereAre() {
		assertThatExceptionOfType(LensStartupException.class)
			.isThrownBy(() -> DoorGates.of(Map.of("micrometer.otpl", false)))
			.withMessage("nemo.lens.gate.micrometer.otpl names no telemetry door NeMo Lens can gate: 'micrometer.otpl'.")
			.satisfies((ex) -> assertThat(ex.getAction()).contains("micrometer.otlp").contains("otel.starter"));
	}

}
