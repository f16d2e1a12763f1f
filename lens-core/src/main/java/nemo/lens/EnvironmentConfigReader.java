package nemo.lens;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import nemo.lens.env.EnvironmentValues;

/**
 * Reads a {@link NemoLensConfig} from environment variables with a primary and an optional
 * fallback prefix, following NeMo Lens 0.1.0: each setting from the variable named after it
 * ({@code exportSampleRate} from {@code PREFIX_EXPORT_SAMPLE_RATE}), blank means unset, and errors
 * name the primary variable even when the value came from the fallback. Beyond the reference, and
 * as the Spring starter reads them: the service name is {@code PREFIX_SERVICE_NAME}, then the
 * reference's {@code OTEL_SERVICE_NAME}; the user {@code PREFIX_USER}, then the reference's
 * {@code PREFIX_USER_ID}.
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
			Object value = read(component);
			if (value == null && component.getName().equals("serviceName")) {
				value = EnvironmentValues.read(SERVICE_NAME_VARIABLE, this.env.get(SERVICE_NAME_VARIABLE), String.class);
			}
			values[i] = (value != null) ? value : ConfigComponents.value(component, defaults);
		}
		return ConfigComponents.construct(values);
	}

	/**
	 * Reads the component from the first of its variables that is set: for each, the first
	 * non-blank trimmed value of the primary, then the fallback variable, as the component's type;
	 * {@code null} when all are blank or unset.
	 */
	private Object read(RecordComponent component) {
		for (String key : variableKeys(component.getName())) {
			String primaryName = this.prefix + "_" + key;
			String value = trimmed(this.env.get(primaryName));
			if (value.isEmpty() && this.fallbackPrefix != null) {
				value = trimmed(this.env.get(this.fallbackPrefix + "_" + key));
			}
			Object read = EnvironmentValues.read(primaryName, value, component.getType());
			if (read != null) {
				return SettingChecks.check(component.getName(), primaryName, value, read);
			}
		}
		return null;
	}

	/**
	 * The variables every setting is read from, with the given prefix, in the order of the
	 * settings; what {@code fromEnv} reads, for tools that check an environment for typos.
	 */
	static List<String> variableNames(String prefix) {
		List<String> names = new ArrayList<>();
		for (RecordComponent component : ConfigComponents.ALL) {
			variableKeys(component.getName()).forEach((key) -> names.add(prefix + "_" + key));
		}
		return names;
	}

	/**
	 * {@code exportSampleRate} is read from {@code EXPORT_SAMPLE_RATE}; {@code user} from
	 * {@code USER}, then {@code USER_ID}.
	 */
	static List<String> variableKeys(String componentName) {
		if (componentName.equals("user")) {
			return Arrays.asList("USER", "USER_ID");
		}
		return List.of(componentName.replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT));
	}

	private static String trimmed(String value) {
		return (value != null) ? value.trim() : "";
	}

}
