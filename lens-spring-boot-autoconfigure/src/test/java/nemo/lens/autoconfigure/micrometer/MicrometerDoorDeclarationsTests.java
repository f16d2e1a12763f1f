package nemo.lens.autoconfigure.micrometer;

import java.util.List;

import nemo.lens.Signal;
import nemo.lens.autoconfigure.door.DoorDeclaration;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MicrometerDoorDeclarationsTests {

	private final List<DoorDeclaration> doors = new MicrometerDoors().doors();

	@Test
	void eachRegistryDoorIsNamedAfterItsMonitoringSystemAndCarriesMetricsOnly() {
		assertThat(this.doors).extracting(DoorDeclaration::name)
			.contains("micrometer.otlp", "micrometer.datadog", "micrometer.statsd", "micrometer.prometheus");
		assertThat(this.doors).allSatisfy((door) -> assertThat(door.signals()).containsExactly(Signal.METRICS));
	}

	@Test
	void onlyThePrometheusScrapeRegistryIsPulled() {
		assertThat(this.doors).filteredOn(DoorDeclaration::pulled)
			.extracting(DoorDeclaration::name)
			.containsExactly(MicrometerDoors.PROMETHEUS);
	}

}
