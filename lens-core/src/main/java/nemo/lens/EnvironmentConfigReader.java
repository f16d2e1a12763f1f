package nemo.lens;

import java.util.Map;
import java.util.Objects;

import nemo.lens.env.EnvironmentValues;

/**
 * Reads a {@link NemoLensConfig} from environment variables with a primary and an optional
 * fallback prefix, following NeMo Lens 0.1.0: blank means unset, and errors name the primary
 * variable even when the value came from the fallback.
 */
final class EnvironmentConfigReader {

	private final Map<String, String> env;

	private final String prefix;

	private final String fallbackPrefix;

	EnvironmentConfigReader(Map<String, String> env, String prefix, String fallbackPrefix) {
		this.env = Objects.requireNonNull(env, "env must not be null");
		if (prefix == null || prefix.isBlank()) {
			throw new IllegalArgumentException("Environment prefix must be a non-empty string, got '" + prefix + "'.");
		}
		this.prefix = prefix.trim();
		this.fallbackPrefix = (fallbackPrefix == null || fallbackPrefix.isBlank()) ? null : fallbackPrefix.trim();
	}

	NemoLensConfig read() {
		NemoLensConfig.Builder builder = NemoLensConfig.builder();
		ifPresent("ENABLED", (name, value) -> builder.enabled(EnvironmentValues.parseBoolean(name, value)));
		String serviceName = this.env.get("OTEL_SERVICE_NAME");
		builder.serviceName(serviceName);
		ifPresent("EXPORT_STRATEGY", (name, value) -> builder.exportStrategy(value));
		ifPresent("EXPORT_RANK", (name, value) -> builder.exportRank(EnvironmentValues.parseInt(name, value)));
		ifPresent("EXPORT_SAMPLE_RATE", (name, value) -> {
			double rate = EnvironmentValues.parseDouble(name, value);
			NemoLensConfig.Builder.checkSampleRate(name, rate);
			builder.exportSampleRate(rate);
		});
		ifPresent("SAMPLER_ENABLED", (name, value) -> builder.samplerEnabled(EnvironmentValues.parseBoolean(name, value)));
		ifPresent("TRACES_ENABLED", (name, value) -> builder.tracesEnabled(EnvironmentValues.parseBoolean(name, value)));
		ifPresent("METRICS_ENABLED", (name, value) -> builder.metricsEnabled(EnvironmentValues.parseBoolean(name, value)));
		ifPresent("LOGS_ENABLED", (name, value) -> builder.logsEnabled(EnvironmentValues.parseBoolean(name, value)));
		ifPresent("EXPORTER", (name, value) -> builder.exporter(value));
		ifPresent("RUN_ID", (name, value) -> builder.runId(value));
		ifPresent("USER_ID", (name, value) -> builder.user(value));
		return builder.build();
	}

	/**
	 * Calls the setter with the primary variable's name and the first non-blank trimmed value of
	 * the primary, then the fallback variable; does nothing when both are blank or unset.
	 */
	private void ifPresent(String key, ValueSetter setter) {
		String primaryName = this.prefix + "_" + key;
		String value = trimmed(this.env.get(primaryName));
		if (value.isEmpty() && this.fallbackPrefix != null) {
			value = trimmed(this.env.get(this.fallbackPrefix + "_" + key));
		}
		if (!value.isEmpty()) {
			setter.set(primaryName, value);
		}
	}

	private static String trimmed(String value) {
		return (value != null) ? value.trim() : "";
	}

	@FunctionalInterface
	private interface ValueSetter {

		void set(String variableName, String value);

	}

}
