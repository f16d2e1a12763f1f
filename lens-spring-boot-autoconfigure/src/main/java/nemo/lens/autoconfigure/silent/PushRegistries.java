package nemo.lens.autoconfigure.silent;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Micrometer's push registries as Spring Boot configures them: each monitoring system's name in
 * Boot's properties ({@code management.<system>.metrics.export.*}) and the registry class whose
 * presence makes Boot build one. Prometheus, which a collector scrapes, is not among them.
 */
public final class PushRegistries {

	private static final Map<String, String> REGISTRY_TYPES = new TreeMap<>(Map.ofEntries(
			Map.entry("appoptics", "io.micrometer.appoptics.AppOpticsMeterRegistry"),
			Map.entry("atlas", "io.micrometer.atlas.AtlasMeterRegistry"),
			Map.entry("datadog", "io.micrometer.datadog.DatadogMeterRegistry"),
			Map.entry("dynatrace", "io.micrometer.dynatrace.DynatraceMeterRegistry"),
			Map.entry("elastic", "io.micrometer.elastic.ElasticMeterRegistry"),
			Map.entry("ganglia", "io.micrometer.ganglia.GangliaMeterRegistry"),
			Map.entry("graphite", "io.micrometer.graphite.GraphiteMeterRegistry"),
			Map.entry("humio", "io.micrometer.humio.HumioMeterRegistry"),
			Map.entry("influx", "io.micrometer.influx.InfluxMeterRegistry"),
			Map.entry("jmx", "io.micrometer.jmx.JmxMeterRegistry"),
			Map.entry("kairos", "io.micrometer.kairos.KairosMeterRegistry"),
			Map.entry("newrelic", "io.micrometer.newrelic.NewRelicMeterRegistry"),
			Map.entry("otlp", "io.micrometer.registry.otlp.OtlpMeterRegistry"),
			Map.entry("signalfx", "io.micrometer.signalfx.SignalFxMeterRegistry"),
			Map.entry("stackdriver", "io.micrometer.stackdriver.StackdriverMeterRegistry"),
			Map.entry("statsd", "io.micrometer.statsd.StatsdMeterRegistry"),
			Map.entry("wavefront", "io.micrometer.wavefront.WavefrontMeterRegistry")));

	/** The start of a registry door's name and gate key: {@code micrometer.<system>}. */
	static final String DOOR_PREFIX = "micrometer.";

	private PushRegistries() {
	}

	/**
	 * Every push registry's system name, sorted.
	 * @return the names, such as {@code otlp}
	 */
	public static Set<String> names() {
		return REGISTRY_TYPES.keySet();
	}

	/**
	 * The systems whose registry is on the class path, sorted.
	 * @param classLoader the application's class loader
	 * @return the names
	 */
	public static Set<String> present(ClassLoader classLoader) {
		Set<String> present = new TreeSet<>();
		REGISTRY_TYPES.forEach((name, type) -> {
			if (ClassFiles.present(type, classLoader)) {
				present.add(name);
			}
		});
		return present;
	}

	/**
	 * The system whose registry a type is, or extends.
	 * @param type a registry's type
	 * @return the system's name, such as {@code otlp}; empty for a registry none of Boot's
	 */
	public static Optional<String> systemOf(Class<?> type) {
		for (Class<?> candidate = type; candidate != null; candidate = candidate.getSuperclass()) {
			for (Map.Entry<String, String> entry : REGISTRY_TYPES.entrySet()) {
				if (entry.getValue().equals(candidate.getName())) {
					return Optional.of(entry.getKey());
				}
			}
		}
		return Optional.empty();
	}

	/**
	 * Spring Boot's switch of a system's registry.
	 * @param name the system's name
	 * @return the property, such as {@code management.otlp.metrics.export.enabled}
	 */
	static String exportSwitch(String name) {
		return "management." + name + ".metrics.export.enabled";
	}

}
