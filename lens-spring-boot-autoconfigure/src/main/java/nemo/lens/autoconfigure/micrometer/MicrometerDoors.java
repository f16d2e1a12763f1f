package nemo.lens.autoconfigure.micrometer;

import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import nemo.lens.Signal;
import nemo.lens.autoconfigure.door.DoorDeclaration;
import nemo.lens.autoconfigure.door.DoorDeclarations;

/**
 * Micrometer's registries as doors, one per monitoring system that Spring Boot configures, each
 * named {@code micrometer.<system>} and carrying metrics: the push registries follow the decision
 * unless opted out; the Prometheus registry, which a collector scrapes, is left alone unless opted
 * in. A new kind of registry is one more name here.
 */
final class MicrometerDoors implements DoorDeclarations {

	/** The start of every registry door's name. */
	static final String PREFIX = "micrometer.";

	/** The Prometheus scrape endpoint's registry: a pull door, ungated by default. */
	static final String PROMETHEUS = PREFIX + "prometheus";

	/** The registries Spring Boot configures but Prometheus: each pushes its metrics. */
	private static final List<String> PUSH_REGISTRIES = List.of("appoptics", "atlas", "datadog", "dynatrace", "elastic",
			"ganglia", "graphite", "humio", "influx", "jmx", "kairos", "newrelic", "otlp", "signalfx", "stackdriver",
			"statsd", "wavefront");

	private static final Set<Signal> METRICS = Set.of(Signal.METRICS);

	@Override
	public List<DoorDeclaration> doors() {
		return Stream
			.concat(PUSH_REGISTRIES.stream().map((registry) -> DoorDeclaration.push(PREFIX + registry, METRICS)),
					Stream.of(DoorDeclaration.pull(PROMETHEUS, METRICS)))
			.toList();
	}

}
