package nemo.lens;

import java.lang.reflect.RecordComponent;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import nemo.lens.env.EnvironmentValues;

/**
 * Reads a {@link NemoLensConfig} from environment variables with a primary and an optional
 * fallback prefix, following NeMo Lens 0.1.0: each setting from the variable named after it
 * ({@code exportSampleRate} from {@code PREFIX_EXPORT_SAMPLE_RATE}), blank means unset, and errors
 * name the primary variable even when the value came from the fallback. Two names differ, as in
 * the reference: the service name is {@code OTEL_SERVICE_NAME}, the user {@code PREFIX_USER_ID}.
 */
final class EnvironmentConfigReader {

	private static final String SERVICE_NAME_VARIABLE = "OTEL_SERVICE_NAME";

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
		NemoLensConfig defaults = NemoLensConfig.defaults();
		Object[] values = new Object[ConfigComponents.ALL.length];
		for (int i = 0; i < values.length; i++) {
			RecordComponent component = ConfigComponents.ALL[i];
			Object value = component.getName().equals("serviceName") ? this.env.get(SERVICE_NAME_VARIABLE)
					: read(component);
			values[i] = (value != null) ? value : ConfigComponents.value(component, defaults);
		}
		return ConfigComponents.construct(values);
	}

	/**
	 * Reads the first non-blank trimmed value of the primary, then the fallback variable, as the
	 * component's type; {@code null} when both are blank or unset.
	 */
	private Object read(RecordComponent component) {
		String key = variableKey(component.getName());
		String primaryName = this.prefix + "_" + key;
		String value = trimmed(this.env.get(primaryName));
		if (value.isEmpty() && this.fallbackPrefix != null) {
			value = trimmed(this.env.get(this.fallbackPrefix + "_" + key));
		}
		Object read = EnvironmentValues.read(primaryName, value, component.getType());
		if (read != null && component.getName().equals("exportSampleRate")) {
			EnvironmentValues.checkFraction(primaryName, (double) read);
		}
		return read;
	}

	/** {@code exportSampleRate} is read from {@code EXPORT_SAMPLE_RATE}, {@code user} from {@code USER_ID}. */
	static String variableKey(String componentName) {
		if (componentName.equals("user")) {
			return "USER_ID";
		}
		return componentName.replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
	}

	private static String trimmed(String value) {
		return (value != null) ? value.trim() : "";
	}

}
