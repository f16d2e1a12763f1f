package nemo.lens.autoconfigure.silent;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

import nemo.lens.autoconfigure.NemoLensProperties;

import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * Which of Spring Boot's telemetry auto-configurations a rank silent for life starts without: each
 * group on the class path, unless the application still needs it on such a rank. Boot's
 * OpenTelemetry and tracing are kept in a web application, whose server and clients pass the W3C
 * trace context of a request on through the rank's no-op telemetry, when their door is opted out
 * ({@code nemo.lens.gate.boot.opentelemetry=false}, Boot's SDK then exports on every rank) and
 * when the flight recorder is on (it keeps the spans Boot's instrumentation makes);
 * metrics are kept when a push registry's door is opted out, when a registry that a collector
 * scrapes is on the class path (Prometheus), or when the {@code metrics} endpoint is exposed, since
 * the rank's meters are then read where it runs; the Observation API is kept while either of the
 * other two is.
 */
final class SkippedAutoConfigurations {

	private static final String BOOT_DOOR = "boot.opentelemetry";

	private static final String[] SCRAPED_REGISTRIES = { "io.micrometer.prometheusmetrics.PrometheusMeterRegistry",
			"io.micrometer.prometheus.PrometheusMeterRegistry" };

	private static final String[] EXPOSURES = { "management.endpoints.web.exposure.include",
			"management.endpoints.jmx.exposure.include" };

	private SkippedAutoConfigurations() {
	}

	/**
	 * The groups a rank silent for life skips.
	 * @param properties the bound settings
	 * @param environment the environment
	 * @param classLoader the application's class loader
	 * @param webApplication whether the application serves requests, whose trace context the rank
	 * passes on
	 * @return the groups, possibly empty
	 */
	static Set<TelemetryAutoConfigurations> of(NemoLensProperties properties, Environment environment,
			ClassLoader classLoader, boolean webApplication) {
		Map<String, Boolean> gates = properties.gate();
		boolean keepTracing = webApplication || Boolean.FALSE.equals(gates.get(BOOT_DOOR))
				|| properties.flightRecorder().isEnabled();
		boolean keepMetrics = registryDoorOptedOut(gates) || scrapedRegistryPresent(classLoader)
				|| metricsEndpointExposed(environment);
		Set<TelemetryAutoConfigurations> skipped = EnumSet.noneOf(TelemetryAutoConfigurations.class);
		boolean tracingPresent = TelemetryAutoConfigurations.TRACING.isPresent(classLoader);
		boolean metricsPresent = TelemetryAutoConfigurations.METRICS.isPresent(classLoader);
		if (tracingPresent && !keepTracing) {
			skipped.add(TelemetryAutoConfigurations.TRACING);
		}
		if (metricsPresent && !keepMetrics) {
			skipped.add(TelemetryAutoConfigurations.METRICS);
		}
		boolean observationFeedsNothing = !(tracingPresent && keepTracing) && !(metricsPresent && keepMetrics);
		if (observationFeedsNothing && TelemetryAutoConfigurations.OBSERVATION.isPresent(classLoader)) {
			skipped.add(TelemetryAutoConfigurations.OBSERVATION);
		}
		return skipped;
	}

	private static boolean registryDoorOptedOut(Map<String, Boolean> gates) {
		for (Map.Entry<String, Boolean> gate : gates.entrySet()) {
			if (gate.getKey().startsWith(PushRegistries.DOOR_PREFIX) && Boolean.FALSE.equals(gate.getValue())) {
				return true;
			}
		}
		return false;
	}

	private static boolean scrapedRegistryPresent(ClassLoader classLoader) {
		for (String registry : SCRAPED_REGISTRIES) {
			if (ClassFiles.present(registry, classLoader)) {
				return true;
			}
		}
		return false;
	}

	private static boolean metricsEndpointExposed(Environment environment) {
		Binder binder = Binder.get(environment);
		for (String exposure : EXPOSURES) {
			Set<String> included = binder.bind(exposure, Bindable.setOf(String.class)).orElse(Set.of());
			if (included.contains("metrics") || included.contains("*")) {
				return true;
			}
		}
		return false;
	}

}
