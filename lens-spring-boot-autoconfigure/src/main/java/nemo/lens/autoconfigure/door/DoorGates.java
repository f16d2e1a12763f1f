package nemo.lens.autoconfigure.door;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import nemo.lens.Signal;
import nemo.lens.autoconfigure.failure.LensStartupException;

/**
 * Which doors follow the rank's decision: {@code nemo.lens.gate.<door>} ({@code true} or
 * {@code false}, in any of the core's spellings) per door. Push doors are gated unless opted out; pull doors, where the collector
 * chooses to scrape, are ungated unless opted in. Names and values are checked at start-up, so a
 * typo fails loudly instead of leaving a door open.
 */
public final class DoorGates {

	/** The property prefix of the gate switches. */
	public static final String PREFIX = "nemo.lens.gate";

	/** Spring Boot's own OpenTelemetry SDK (its exporters, providers and processors). */
	public static final String BOOT_OPENTELEMETRY = "boot.opentelemetry";

	/** The OpenTelemetry instrumentation Spring Boot starter's own SDK. */
	public static final String OTEL_STARTER = "otel.starter";

	/** {@code GlobalOpenTelemetry}, for libraries that find their telemetry there. */
	public static final String GLOBAL_OPENTELEMETRY = "global.opentelemetry";

	/** The prefix of the Micrometer registry doors, such as {@code micrometer.otlp}. */
	public static final String MICROMETER = "micrometer.";

	/** The Prometheus scrape endpoint's registry: a pull door, ungated by default. */
	public static final String MICROMETER_PROMETHEUS = MICROMETER + "prometheus";

	/**
	 * The Micrometer registries that Spring Boot configures; a registry door is named after one.
	 */
	static final Set<String> MICROMETER_REGISTRIES = Set.of("appoptics", "atlas", "datadog", "dynatrace", "elastic",
			"ganglia", "graphite", "humio", "influx", "jmx", "kairos", "newrelic", "otlp", "prometheus", "signalfx",
			"stackdriver", "statsd", "wavefront");

	private static final Set<String> PULL_DOORS = Set.of(MICROMETER_PROMETHEUS);

	private static final Set<String> GATEABLE;

	private static final Set<Signal> ALL_SIGNALS = Collections.unmodifiableSet(EnumSet.allOf(Signal.class));

	private static final Set<Signal> METRICS_ONLY = Collections.unmodifiableSet(EnumSet.of(Signal.METRICS));

	static {
		Set<String> names = new TreeSet<>();
		names.add(BOOT_OPENTELEMETRY);
		names.add(OTEL_STARTER);
		names.add(GLOBAL_OPENTELEMETRY);
		MICROMETER_REGISTRIES.forEach((registry) -> names.add(MICROMETER + registry));
		GATEABLE = Set.copyOf(names);
	}

	private final Map<String, Boolean> gates;

	private DoorGates(Map<String, Boolean> gates) {
		this.gates = Map.copyOf(gates);
	}

	/**
	 * Takes the gate switches, as bound from {@code nemo.lens.gate.*} (each value read by the core's
	 * boolean reading, like every other switch).
	 * @param settings door name to whether it follows the decision
	 * @return the gates
	 * @throws LensStartupException when a name is no known door
	 */
	public static DoorGates of(Map<String, Boolean> settings) {
		Map<String, Boolean> gates = new TreeMap<>();
		settings.forEach((rawName, gated) -> {
			String name = rawName.trim().toLowerCase(Locale.ROOT);
			if (!GATEABLE.contains(name)) {
				throw new LensStartupException(
						PREFIX + "." + rawName + " names no telemetry door NeMo Lens can gate: '" + rawName + "'.",
						"Use one of " + new TreeSet<>(GATEABLE) + " after " + PREFIX + ".", null);
			}
			if (gated != null) {
				gates.put(name, gated);
			}
		});
		return new DoorGates(gates);
	}

	/**
	 * The signals a door carries: a Micrometer registry carries metrics; the Lens SDK, Spring
	 * Boot's OpenTelemetry, the instrumentation starter's SDK and the global carry all three.
	 * @param door the door name
	 * @return the signals, in the order of {@link Signal}
	 */
	public static Set<Signal> signalsOf(String door) {
		return door.startsWith(MICROMETER) ? METRICS_ONLY : ALL_SIGNALS;
	}

	/**
	 * Returns no switches: every door at its default.
	 * @return the default gates
	 */
	public static DoorGates defaults() {
		return new DoorGates(Map.of());
	}

	/**
	 * Whether a door follows the rank's decision.
	 * @param door the door name
	 * @return whether gated
	 */
	public boolean isGated(String door) {
		return this.gates.getOrDefault(door, !PULL_DOORS.contains(door));
	}

}
