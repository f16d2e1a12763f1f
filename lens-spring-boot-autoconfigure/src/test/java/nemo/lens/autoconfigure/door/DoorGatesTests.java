package nemo.lens.autoconfigure.door;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import nemo.lens.Signal;
import nemo.lens.autoconfigure.failure.LensStartupException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class DoorGatesTests {

	private static final DoorDeclarations DECLARED = () -> List.of(
			DoorDeclaration.push("sdk.push", EnumSet.allOf(Signal.class)),
			DoorDeclaration.push("registry.push", Set.of(Signal.METRICS)),
			DoorDeclaration.pull("registry.scrape", Set.of(Signal.METRICS)));

	@Test
	void pushDoorsFollowTheDecisionUnlessOptedOut() {
		DoorGates gates = DoorGates.of(List.of(DECLARED), Map.of("registry.push", false));
		assertThat(gates.isGated("sdk.push")).isTrue();
		assertThat(gates.isGated("registry.push")).isFalse();
	}

	@Test
	void pulledDoorsAreLeftAloneUnlessOptedIn() {
		assertThat(DoorGates.of(List.of(DECLARED), Map.of()).isGated("registry.scrape")).isFalse();
		assertThat(DoorGates.of(List.of(DECLARED), Map.of("registry.scrape", true)).isGated("registry.scrape")).isTrue();
	}

	@Test
	void aDoorCarriesTheSignalsItsIntegrationDeclares() {
		DoorGates gates = DoorGates.of(List.of(DECLARED), Map.of());
		assertThat(gates.signalsOf("registry.push")).containsExactly(Signal.METRICS);
		assertThat(gates.signalsOf("sdk.push")).containsExactly(Signal.TRACES, Signal.METRICS, Signal.LOGS);
	}

	@Test
	void doorNamesAreReadInAnyCase() {
		assertThat(DoorGates.of(List.of(DECLARED), Map.of("Registry.Push", false)).isGated("registry.push")).isFalse();
	}

	@Test
	void anUnknownDoorFailsNamingThePropertyAndTheDoorsThereAre() {
		assertThatExceptionOfType(LensStartupException.class)
			.isThrownBy(() -> DoorGates.of(List.of(DECLARED), Map.of("registry.psuh", false)))
			.withMessage("nemo.lens.gate.registry.psuh names no telemetry door NeMo Lens can gate: 'registry.psuh'.")
			.satisfies((ex) -> assertThat(ex.getAction())
				.isEqualTo("Use one of [registry.push, registry.scrape, sdk.push] after nemo.lens.gate."));
	}

	@Test
	void theDoorsAreThoseEveryIntegrationDeclaresInSpringFactories() {
		assertThatExceptionOfType(LensStartupException.class).isThrownBy(() -> DoorGates.of(Map.of("none", true)))
			.satisfies((ex) -> assertThat(ex.getAction()).isEqualTo("Use one of [boot.opentelemetry, "
					+ "global.opentelemetry, micrometer.appoptics, micrometer.atlas, micrometer.datadog, "
					+ "micrometer.dynatrace, micrometer.elastic, micrometer.ganglia, micrometer.graphite, "
					+ "micrometer.humio, micrometer.influx, micrometer.jmx, micrometer.kairos, micrometer.newrelic, "
					+ "micrometer.otlp, micrometer.prometheus, micrometer.signalfx, micrometer.stackdriver, "
					+ "micrometer.statsd, micrometer.wavefront, otel.starter] after nemo.lens.gate."));
	}

}
