package nemo.lens.autoconfigure;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.springframework.boot.SpringBootVersion;
import org.springframework.context.ApplicationContext;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * The Spring Boot line these tests run on ({@code -Dboot.line}), and the auto-configurations of
 * each telemetry door on it, named as that line names them: Boot 4 moved them from actuator into
 * modules of their own. One test then covers a door on every line where it exists.
 */
public enum BootLine {

	/** Spring Boot 3.5: OpenTelemetry, tracing and metrics export live in actuator's auto-configuration. */
	BOOT_3_5("org.springframework.boot.actuate.autoconfigure.opentelemetry.OpenTelemetryAutoConfiguration",
			"org.springframework.boot.actuate.autoconfigure.logging.OpenTelemetryLoggingAutoConfiguration",
			"org.springframework.boot.actuate.autoconfigure.tracing.OpenTelemetryTracingAutoConfiguration",
			"org.springframework.boot.actuate.autoconfigure.tracing.MicrometerTracingAutoConfiguration",
			"org.springframework.boot.actuate.autoconfigure.observation.ObservationAutoConfiguration",
			"org.springframework.boot.actuate.autoconfigure.metrics.",
			"org.springframework.boot.actuate.endpoint.jackson.EndpointObjectMapper"),

	/** Spring Boot 4.0 and 4.1: a module per technology. */
	BOOT_4("org.springframework.boot.opentelemetry.autoconfigure.OpenTelemetrySdkAutoConfiguration",
			"org.springframework.boot.opentelemetry.autoconfigure.logging.OpenTelemetryLoggingAutoConfiguration",
			"org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration",
			"org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration",
			"org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration",
			"org.springframework.boot.micrometer.metrics.autoconfigure.",
			"org.springframework.boot.actuate.endpoint.jackson.EndpointJsonMapper");

	private final List<String> openTelemetry;

	private final String metricsPackage;

	private final String endpointJsonMapper;

	BootLine(String sdk, String logging, String tracing, String micrometerTracing, String observation,
			String metricsPackage, String endpointJsonMapper) {
		this.openTelemetry = List.of(sdk, logging, tracing, micrometerTracing, observation);
		this.metricsPackage = metricsPackage;
		this.endpointJsonMapper = endpointJsonMapper;
	}

	/**
	 * The line on the test class path.
	 * @return the line
	 */
	public static BootLine current() {
		return SpringBootVersion.getVersion().startsWith("3.") ? BOOT_3_5 : BOOT_4;
	}

	/**
	 * Boot's OpenTelemetry SDK, its log export, tracing on OpenTelemetry, Micrometer Tracing and
	 * the Observation registry: what {@code spring-boot-starter-opentelemetry} switches on.
	 * @return the auto-configuration classes
	 */
	public Class<?>[] openTelemetry() {
		return classes(this.openTelemetry);
	}

	/**
	 * Micrometer's registry set-up and the export to the given monitoring systems.
	 * @param systems Boot's names of the systems, such as {@code Otlp} or {@code Datadog}
	 * @return the auto-configuration classes
	 */
	public Class<?>[] metrics(String... systems) {
		List<String> names = new ArrayList<>(List.of(this.metricsPackage + "MetricsAutoConfiguration",
				this.metricsPackage + "CompositeMeterRegistryAutoConfiguration"));
		Arrays.stream(systems)
			.map((system) -> this.metricsPackage + "export." + system.toLowerCase(Locale.ROOT) + "." + system
					+ "MetricsExportAutoConfiguration")
			.forEach(names::add);
		return classes(names);
	}

	/**
	 * Writes a value as the actuator endpoints of this line write it: Jackson 3 on Boot 4,
	 * Jackson 2 on Boot 3.5, both honouring the same Jackson annotations.
	 * @param context a context with actuator's endpoint JSON mapper
	 * @param value the value
	 * @return the JSON
	 */
	public String endpointJson(ApplicationContext context, Object value) {
		Class<?> holderType = load(this.endpointJsonMapper);
		Object mapperHolder = context.getBean(holderType);
		Object mapper = ReflectionUtils.invokeMethod(method(holderType, "get"), mapperHolder);
		return (String) ReflectionUtils.invokeMethod(method(mapper.getClass(), "writeValueAsString", Object.class),
				mapper, value);
	}

	private static Method method(Class<?> type, String name, Class<?>... parameterTypes) {
		Method method = ReflectionUtils.findMethod(type, name, parameterTypes);
		if (method == null) {
			throw new IllegalStateException(type.getName() + " has no method " + name);
		}
		return method;
	}

	private static Class<?>[] classes(List<String> names) {
		return names.stream().map(BootLine::load).toArray(Class<?>[]::new);
	}

	private static Class<?> load(String name) {
		return ClassUtils.resolveClassName(name, BootLine.class.getClassLoader());
	}

}
