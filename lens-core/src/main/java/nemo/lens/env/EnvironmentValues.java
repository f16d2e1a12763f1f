package nemo.lens.env;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Parses environment-variable text the way NeMo Lens 0.1.0 (and so Python's {@code int()} and
 * {@code float()}) does, so that a value accepted or refused by a Python rank is accepted or
 * refused by a Java rank of the same job. Every error names the variable, shows the value and
 * says what is allowed.
 */
public final class EnvironmentValues {

	private static final String DIGITS = "\\d+(?:_\\d+)*";

	private static final Pattern INTEGER = Pattern.compile("[+-]?" + DIGITS);

	private static final Pattern DECIMAL = Pattern.compile("[+-]?(?:" + DIGITS + "(?:\\.(?:" + DIGITS + ")?)?|\\."
			+ DIGITS + ")(?:[eE][+-]?" + DIGITS + ")?");

	private static final Pattern SPECIAL_FLOAT = Pattern.compile("[+-]?(?:inf|infinity|nan)",
			Pattern.CASE_INSENSITIVE);

	private static final String BOOLEAN_WORDS = "1, true, yes, on, 0, false, no, off";

	private EnvironmentValues() {
	}

	/**
	 * Parses a boolean from {@code 1/true/yes/on} or {@code 0/false/no/off}, case-insensitively.
	 * @param name the variable the value came from, for the error message
	 * @param raw the raw value
	 * @return the boolean
	 * @throws IllegalArgumentException when the value is none of the accepted words
	 */
	public static boolean parseBoolean(String name, String raw) {
		String value = (raw != null) ? raw.trim().toLowerCase(Locale.ROOT) : "";
		return switch (value) {
			case "1", "true", "yes", "on" -> true;
			case "0", "false", "no", "off" -> false;
			default -> throw new IllegalArgumentException(
					"Invalid boolean for " + name + ": '" + value + "'. Accepted values: " + BOOLEAN_WORDS + ".");
		};
	}

	/**
	 * Parses an integer with an optional sign and single underscores between digits
	 * ({@code +7}, {@code 1_000}).
	 * @param name the variable the value came from, for the error message
	 * @param raw the raw value
	 * @return the integer
	 * @throws IllegalArgumentException when the value is not such an integer or does not fit an
	 * {@code int}
	 */
	public static int parseInt(String name, String raw) {
		String value = (raw != null) ? raw.trim() : "";
		if (!INTEGER.matcher(value).matches()) {
			throw new IllegalArgumentException("Invalid integer for " + name + ": '" + value
					+ "'. Expected a whole number such as 0, -1, +7 or 1_000.");
		}
		try {
			return Integer.parseInt(value.replace("_", ""));
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException("Invalid integer for " + name + ": '" + value
					+ "'. Expected a whole number between " + Integer.MIN_VALUE + " and " + Integer.MAX_VALUE + ".");
		}
	}

	/**
	 * Parses a floating-point number in decimal or exponent form ({@code .5}, {@code 1e-1},
	 * {@code 1_000.5}); {@code nan} and {@code inf} parse, so that a range check can reject them
	 * with its own message.
	 * @param name the variable the value came from, for the error message
	 * @param raw the raw value
	 * @return the number
	 * @throws IllegalArgumentException when the value is not a number
	 */
	public static double parseDouble(String name, String raw) {
		String value = (raw != null) ? raw.trim() : "";
		if (SPECIAL_FLOAT.matcher(value).matches()) {
			boolean negative = value.startsWith("-");
			String word = value.toLowerCase(Locale.ROOT).replaceFirst("^[+-]", "");
			if (word.equals("nan")) {
				return Double.NaN;
			}
			return negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
		}
		if (!DECIMAL.matcher(value).matches()) {
			throw new IllegalArgumentException("Invalid number for " + name + ": '" + value
					+ "'. Expected a decimal number such as 0.1, .5 or 1e-1.");
		}
		return Double.parseDouble(value.replace("_", ""));
	}

	/**
	 * Checks that a value is a fraction within {@code [0.0, 1.0]}.
	 * @param name the setting or variable the value came from, for the error message
	 * @param value the value
	 * @return the value
	 * @throws IllegalArgumentException when the value is NaN or outside {@code [0.0, 1.0]}
	 */
	public static double checkFraction(String name, double value) {
		if (Double.isNaN(value) || value < 0.0 || value > 1.0) {
			throw new IllegalArgumentException(name + " must be within [0.0, 1.0], got " + value + ".");
		}
		return value;
	}

	/**
	 * Reads one variable as NeMo Lens does on every path: trimmed, blank meaning unset, then
	 * parsed by the type it is read as ({@code boolean}, {@code int}, {@code double} or text).
	 * @param name the variable, for the error message
	 * @param raw the raw value, or {@code null} when unset
	 * @param type {@code boolean}, {@code int}, {@code double} (or their boxes), or {@code String}
	 * @return the value, or {@code null} when unset or blank
	 * @throws IllegalArgumentException when the value cannot be read as that type
	 */
	public static Object read(String name, String raw, Class<?> type) {
		String value = (raw != null) ? raw.trim() : "";
		if (value.isEmpty()) {
			return null;
		}
		if (type == boolean.class || type == Boolean.class) {
			return parseBoolean(name, value);
		}
		if (type == int.class || type == Integer.class) {
			return parseInt(name, value);
		}
		if (type == double.class || type == Double.class) {
			return parseDouble(name, value);
		}
		if (type == String.class) {
			return value;
		}
		throw new IllegalArgumentException("Cannot read " + name + " as " + type.getName() + ".");
	}

}
