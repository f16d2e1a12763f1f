package nemo.lens.sdk;

import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Whether the OTLP endpoint of a signal was configured, by any of the names the OpenTelemetry SDK
 * reads it by ({@code OTEL_EXPORTER_OTLP_ENDPOINT}, {@code OTEL_EXPORTER_OTLP_<SIGNAL>_ENDPOINT},
 * their {@code otel.*} system properties, or the caller's {@code otel.*} properties). Only whether
 * one is set: its value is the SDK's to read and check.
 */
public final class OtlpEndpoints {

	private OtlpEndpoints() {
	}

	/**
	 * Whether a signal's OTLP endpoint is configured.
	 * @param signal {@code traces}, {@code metrics} or {@code logs}
	 * @param otelProperties the caller's {@code otel.*} properties
	 * @param environment looks up environment variables; returns {@code null} when unset
	 * @return whether an endpoint is set for the signal or for every signal
	 */
	public static boolean configured(String signal, Map<String, String> otelProperties,
			Function<String, String> environment) {
		return set("otel.exporter.otlp.endpoint", otelProperties, environment)
				|| set("otel.exporter.otlp." + signal + ".endpoint", otelProperties, environment);
	}

	private static boolean set(String property, Map<String, String> otelProperties,
			Function<String, String> environment) {
		String variable = property.toUpperCase(Locale.ROOT).replace('.', '_');
		return hasText(otelProperties.get(property)) || hasText(System.getProperty(property))
				|| hasText(environment.apply(variable));
	}

	private static boolean hasText(String value) {
		return value != null && !value.isBlank();
	}

}
