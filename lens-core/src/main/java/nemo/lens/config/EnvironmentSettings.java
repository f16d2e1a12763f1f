package nemo.lens.config;

import java.util.Map;
import java.util.Objects;

/**
 * Reads every setting from environment variables with a primary and an optional fallback prefix,
 * following NeMo Lens 0.1.0: each from the variables its row names
 * ({@code PREFIX_EXPORT_SAMPLE_RATE}), blank meaning unset, errors naming the primary variable even
 * when the value came from the fallback; then the row's standard variable
 * ({@code OTEL_SERVICE_NAME}). Each value passes its row's rule ({@link Setting#read}).
 */
public final class EnvironmentSettings {

	private EnvironmentSettings() {
	}

	/**
	 * Reads every setting.
	 * @param env the variables
	 * @param prefix the primary prefix, such as {@code NEMO_LENS}
	 * @param fallbackPrefix the fallback prefix, or {@code null}
	 * @return the values by {@link Setting#ordinal()}, {@code null} where every variable of the
	 * setting is blank or unset
	 * @throws IllegalArgumentException when the prefix is blank, or naming the variable when a
	 * value is malformed or breaks its setting's rule
	 */
	public static Object[] read(Map<String, String> env, String prefix, String fallbackPrefix) {
		Objects.requireNonNull(env, "env must not be null");
		if (prefix == null || prefix.isBlank()) {
			throw new IllegalArgumentException("Environment prefix must be a non-empty string, got '" + prefix + "'.");
		}
		String primary = prefix.trim();
		String fallback = (fallbackPrefix == null || fallbackPrefix.isBlank()) ? null : fallbackPrefix.trim();
		Setting[] rows = Setting.rows();
		Object[] values = new Object[rows.length];
		for (Setting row : rows) {
			values[row.ordinal()] = read(env, row, primary, fallback);
		}
		return values;
	}

	private static Object read(Map<String, String> env, Setting row, String primary, String fallback) {
		for (String variable : row.variables(primary)) {
			String value = trimmed(env.get(variable));
			if (value.isEmpty() && fallback != null) {
				value = trimmed(env.get(fallback + variable.substring(primary.length())));
			}
			Object read = row.read(variable, value);
			if (read != null) {
				return read;
			}
		}
		String standard = row.standardVariable();
		return (standard != null) ? row.read(standard, trimmed(env.get(standard))) : null;
	}

	private static String trimmed(String value) {
		return (value != null) ? value.trim() : "";
	}

}
