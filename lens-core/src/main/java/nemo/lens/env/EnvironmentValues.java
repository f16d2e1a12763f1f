package nemo.lens.env;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
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

	/** A whole number and a unit, as Spring Boot's simple duration style writes it ({@code 5s}). */
	private static final Pattern SIMPLE_DURATION = Pattern.compile("([+-]?\\d+)\\s*([a-zA-Z]+)");

	private static final Map<String, ChronoUnit> DURATION_UNITS = Map.of("ns", ChronoUnit.NANOS, "us",
			ChronoUnit.MICROS, "ms", ChronoUnit.MILLIS, "s", ChronoUnit.SECONDS, "m", ChronoUnit.MINUTES, "h",
			ChronoUnit.HOURS, "d", ChronoUnit.DAYS);

	private static final String DURATION_FORMS = "a whole number with a unit (ns, us, ms, s, m, h, d), such as 5s "
			+ "or 5000ms, or ISO-8601 such as PT5S";

	private EnvironmentValues() {
	}

	/**
	 * Whether {@link #read(String, String, Class)} reads values of a type.
	 * @param type the type
	 * @return whether it is one of the types NeMo Lens reads from text
	 */
	public static boolean isReadable(Class<?> type) {
		return type == boolean.class || type == Boolean.class || type == int.class || type == Integer.class
				|| type == double.class || type == Double.class || type == Duration.class || type == List.class
				|| type == String.class;
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
	 * Parses a duration: a whole number with a unit ({@code 5s}, {@code 5000ms}, {@code 15m}) or
	 * ISO-8601 ({@code PT5S}). A bare number is refused rather than read in an implied unit, since
	 * {@code 5} meant 5 ms to Spring and 5 s to most people.
	 * @param name the setting or variable the value came from, for the error message
	 * @param raw the raw value
	 * @return the duration
	 * @throws IllegalArgumentException when the value is no such duration or does not fit one
	 */
	public static Duration parseDuration(String name, String raw) {
		String value = (raw != null) ? raw.trim() : "";
		if (INTEGER.matcher(value).matches()) {
			throw new IllegalArgumentException("Invalid duration for " + name + ": '" + value
					+ "'. A bare number has no unit: write " + value + "s or " + value + "ms (" + DURATION_FORMS + ").");
		}
		Matcher simple = SIMPLE_DURATION.matcher(value);
		if (simple.matches()) {
			ChronoUnit unit = DURATION_UNITS.get(simple.group(2).toLowerCase(Locale.ROOT));
			if (unit != null) {
				try {
					return Duration.of(Long.parseLong(simple.group(1)), unit);
				}
				catch (NumberFormatException | ArithmeticException ex) {
					throw new IllegalArgumentException(
							"Invalid duration for " + name + ": '" + value + "'. It is too long to hold.");
				}
			}
		}
		else {
			try {
				return Duration.parse(value);
			}
			catch (DateTimeParseException ex) {
				// refused below, with the forms that are allowed
			}
		}
		throw new IllegalArgumentException(
				"Invalid duration for " + name + ": '" + value + "'. Expected " + DURATION_FORMS + ".");
	}

	/**
	 * Checks that a duration is more than zero.
	 * @param name the setting, for the error
	 * @param value the duration
	 * @return the duration
	 * @throws IllegalArgumentException when it is zero or negative
	 */
	public static Duration checkPositive(String name, Duration value) {
		if (value.isNegative() || value.isZero()) {
			throw new IllegalArgumentException(name + " must be more than zero, got " + value + ".");
		}
		return value;
	}

	/**
	 * Checks that a count is more than zero.
	 * @param name the setting or variable the value came from, for the error message
	 * @param value the count
	 * @return the count
	 * @throws IllegalArgumentException when it is zero or negative
	 */
	public static int checkPositive(String name, int value) {
		if (value <= 0) {
			throw new IllegalArgumentException(name + " must be more than zero, got " + value + ".");
		}
		return value;
	}

	/**
	 * Checks that an export rank names a rank of the job, or is {@code -1} for the last rank. The
	 * Python library accepts any value, and {@code single_rank} then selects no rank at all (past
	 * the world size) or the last one (below {@code -1}); a job that sends nothing without a word is
	 * the surprise this refuses.
	 * @param name the setting or variable the value came from, for the error message
	 * @param value the export rank
	 * @param worldSize the job's world size
	 * @param worldSizeSource where the world size came from ({@code from WORLD_SIZE (torchrun)}),
	 * for the error message
	 * @return the export rank
	 * @throws IllegalArgumentException naming the value, the world size and its source, when the
	 * value is at or past the world size, or below {@code -1}
	 */
	public static int checkExportRank(String name, int value, int worldSize, String worldSizeSource) {
		if (value < -1 || value >= worldSize) {
			throw new IllegalArgumentException(name + " " + value + " is no rank of this job: the world size is "
					+ worldSize + " " + worldSizeSource + ". Set a rank from 0 to " + (worldSize - 1)
					+ ", or -1 for the last rank.");
		}
		return value;
	}

	/**
	 * Checks that a count is zero or more.
	 * @param name the setting or variable the value came from, for the error message
	 * @param value the count
	 * @return the count
	 * @throws IllegalArgumentException when it is negative
	 */
	public static int checkNotNegative(String name, int value) {
		if (value < 0) {
			throw new IllegalArgumentException(name + " must not be negative, got " + value + ".");
		}
		return value;
	}

	/**
	 * Checks that a duration is zero or positive.
	 * @param name the setting or variable the value came from, for the error message
	 * @param value the value
	 * @return the value
	 * @throws IllegalArgumentException when the value is negative
	 */
	public static Duration checkNotNegative(String name, Duration value) {
		if (value.isNegative()) {
			throw new IllegalArgumentException(name + " must not be negative, got " + value + ".");
		}
		return value;
	}

	/**
	 * Parses a comma-separated list: entries trimmed, empty entries dropped ({@code "a, b,"} is
	 * {@code [a, b]}).
	 * @param raw the raw value
	 * @return the entries, never {@code null}
	 */
	public static List<String> parseList(String raw) {
		if (raw == null || raw.isBlank()) {
			return List.of();
		}
		return Arrays.stream(raw.split(",")).map(String::trim).filter((entry) -> !entry.isEmpty()).toList();
	}

	/**
	 * Reads one variable as NeMo Lens does on every path: trimmed, blank meaning unset, then
	 * parsed by the type it is read as ({@code boolean}, {@code int}, {@code double},
	 * {@link Duration}, a comma-separated {@link List} of text, or text).
	 * @param name the variable, for the error message
	 * @param raw the raw value, or {@code null} when unset
	 * @param type {@code boolean}, {@code int}, {@code double} (or their boxes), {@code Duration},
	 * {@code List} or {@code String}
	 * @return the value, or {@code null} when unset or blank
	 * @throws IllegalArgumentException when the value cannot be read as that type
	 */
	public static Object read(String name, String raw, Class<?> type) {
		if (!isReadable(type)) {
			throw new IllegalArgumentException("Cannot read " + name + " as " + type.getName() + ".");
		}
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
		if (type == Duration.class) {
			return parseDuration(name, value);
		}
		if (type == List.class) {
			return parseList(value);
		}
		return value;
	}

}
