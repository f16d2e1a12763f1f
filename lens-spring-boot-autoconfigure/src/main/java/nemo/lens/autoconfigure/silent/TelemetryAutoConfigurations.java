package nemo.lens.autoconfigure.silent;

import java.util.List;

/**
 * Spring Boot's telemetry auto-configurations, in the groups a rank silent for life can start
 * without, by the names they have on each Boot line (4.x keeps them in modules of their own, 3.5 in
 * actuator's auto-configuration). A group is known by its names alone: whether it is on the class
 * path is read as a resource, and a skipped candidate is never loaded, so that a silent rank pays
 * for none of their classes.
 */
public enum TelemetryAutoConfigurations {

	/**
	 * Boot's OpenTelemetry SDK, its log export, and Micrometer Tracing with its bridges and
	 * exporters. The rank's no-op {@code OpenTelemetry} and both {@code Tracer}s stand in.
	 */
	TRACING("OpenTelemetry and tracing", List.of("org.springframework.boot.opentelemetry.autoconfigure.",
			"org.springframework.boot.micrometer.tracing.",
			"org.springframework.boot.actuate.autoconfigure.opentelemetry.",
			"org.springframework.boot.actuate.autoconfigure.tracing.",
			"org.springframework.boot.actuate.autoconfigure.logging.OpenTelemetryLoggingAutoConfiguration",
			"org.springframework.boot.actuate.autoconfigure.logging.otlp."),
			List.of("org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration",
					"org.springframework.boot.opentelemetry.autoconfigure.OpenTelemetrySdkAutoConfiguration",
					"org.springframework.boot.actuate.autoconfigure.tracing.MicrometerTracingAutoConfiguration",
					"org.springframework.boot.actuate.autoconfigure.opentelemetry.OpenTelemetryAutoConfiguration")),

	/**
	 * Micrometer's metrics: the registries, their binders (JVM, system, logging, executors) and
	 * instrumentations. An empty composite {@code MeterRegistry} stands in.
	 */
	METRICS("metrics", List.of("org.springframework.boot.micrometer.metrics.", "org.springframework.boot.actuate.autoconfigure.metrics."),
			List.of("org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
					"org.springframework.boot.actuate.autoconfigure.metrics.MetricsAutoConfiguration")),

	/**
	 * The Observation API's registry and its instrumentations, which feed tracing and metrics only.
	 * The no-op {@code ObservationRegistry} stands in.
	 */
	OBSERVATION("Observation",
			List.of("org.springframework.boot.micrometer.observation.",
					"org.springframework.boot.actuate.autoconfigure.observation."),
			List.of("org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration",
					"org.springframework.boot.actuate.autoconfigure.observation.ObservationAutoConfiguration"));

	private final String description;

	private final List<String> prefixes;

	private final List<String> markers;

	TelemetryAutoConfigurations(String description, List<String> prefixes, List<String> markers) {
		this.description = description;
		this.prefixes = prefixes;
		this.markers = markers;
	}

	/**
	 * What the group is, as a log line names it.
	 * @return the description, such as {@code metrics}
	 */
	public String description() {
		return this.description;
	}

	/**
	 * Whether an auto-configuration belongs to this group.
	 * @param autoConfiguration the auto-configuration's class name
	 * @return whether it does
	 */
	public boolean contains(String autoConfiguration) {
		for (String prefix : this.prefixes) {
			if (autoConfiguration.startsWith(prefix)) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Whether any Boot line's auto-configuration of this group is on the class path, read as a
	 * resource so that none of its classes is loaded.
	 * @param classLoader the application's class loader
	 * @return whether the group is present
	 */
	boolean isPresent(ClassLoader classLoader) {
		for (String marker : this.markers) {
			if (ClassFiles.present(marker, classLoader)) {
				return true;
			}
		}
		return false;
	}

}
