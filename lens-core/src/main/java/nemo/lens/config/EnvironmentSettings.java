package nemo.lens.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import nemo.lens.env.EnvironmentValues;

/**
 * Reads settings from environment variables with a primary and an optional fallback prefix,
 * following NeMo Lens 0.1.0: each setting from the variable named after it
 * ({@code exportSampleRate} from {@code PREFIX_EXPORT_SAMPLE_RATE}), blank means unset, and errors
 * name the primary variable even when the value came from the fallback. Beyond the reference, and
 * as the Spring starter reads them: the service name is {@code PREFIX_SERVICE_NAME}, then the
 * reference's {@code OTEL_SERVICE_NAME}; the user {@code PREFIX_USER}, then the reference's
 * {@code PREFIX_USER_ID}. Each value read passes {@link SettingChecks}.
 */
public final class EnvironmentSettings {

	private static final String SERVICE_NAME_VARIABLE = "OTEL_SERVICE_NAME";

	private final Map<String, String> env;

	private final String prefix;

	private final String fallbackPrefix;

	/**
	 * Creates a reader over an environment.
	 * @param env the variables
	 * @param prefix the primary prefix, such as {@code NEMO_LENS}
	 * @param fallbackPrefix the fallback prefix, or {@code null}
	 * @throws IllegalArgumentException when the prefix is blank
	 */
	public EnvironmentSettings(Map<String, String> env, String prefix, String fallbackPrefix) {
		this.env = Objects.requireNonNull(env, "env must not be null");
		if (prefix == null || prefix.isBlank()) {
			throw new IllegalArgumentException("Environment prefix must be a non-empty string, got '" + prefix + "'.");
		}
		this.prefix = prefix.trim();
		this.fallbackPrefix = (fallbackPrefix == null || fallbackPrefix.isBlank()) ? null : fallbackPrefix.trim();
	}

	/**
	 * Reads a setting from the first of its variables that is set: for each, the first non-blank
	 * trimmed value of the primary, then the fallback variable, as the setting's type.
	 * @param setting the setting's name, as the {@code NemoLensConfig} component
	 * @param type the setting's type
	 * @return the value, or {@code null} when all its variables are blank or unset
	 * @throws IllegalArgumentException naming the variable when the value is malformed or breaks
	 * the setting's rule
	 */
	public Object read(String setting, Class<?> type) {
		for (String key : variableKeys(setting)) {
			String primaryName = this.prefix + "_" + key;
			String value = trimmed(this.env.get(primaryName));
			if (value.isEmpty() && this.fallbackPrefix != null) {
				value = trimmed(this.env.get(this.fallbackPrefix + "_" + key));
			}
			Object read = EnvironmentValues.read(primaryName, value, type);
			if (read != null) {
				return SettingChecks.check(setting, primaryName, value, read);
			}
		}
		if (setting.equals("serviceName")) {
			return EnvironmentValues.read(SERVICE_NAME_VARIABLE, this.env.get(SERVICE_NAME_VARIABLE), String.class);
		}
		return null;
	}

	/**
	 * The variables some settings are read from, with the given prefix, in the order given; for
	 * tools that check an environment for typos.
	 * @param prefix the prefix
	 * @param settings the settings' names
	 * @return the variable names
	 */
	public static List<String> variableNames(String prefix, List<String> settings) {
		List<String> names = new ArrayList<>();
		for (String setting : settings) {
			for (String key : variableKeys(setting)) {
				names.add(prefix + "_" + key);
			}
		}
		return names;
	}

	/**
	 * The variables a setting is read from, without the prefix: {@code exportSampleRate} from
	 * {@code EXPORT_SAMPLE_RATE}; {@code user} from {@code USER}, then {@code USER_ID}.
	 * @param setting the setting's name
	 * @return the variable names without the prefix, in the order they are read
	 */
	public static List<String> variableKeys(String setting) {
		if (setting.equals("user")) {
			return List.of("USER", "USER_ID");
		}
		// A loop, not a regular expression: every rank derives each setting's variable at start-up.
		StringBuilder key = new StringBuilder(setting.length() + 4);
		for (int i = 0; i < setting.length(); i++) {
			char c = setting.charAt(i);
			if (i > 0 && c >= 'A' && c <= 'Z' && isLowerAscii(setting.charAt(i - 1))) {
				key.append('_');
			}
			key.append(c);
		}
		return List.of(key.toString().toUpperCase(Locale.ROOT));
	}

	private static boolean isLowerAscii(char c) {
		return c >= 'a' && c <= 'z';
	}

	private static String trimmed(String value) {
		return (value != null) ? value.trim() : "";
	}

}
