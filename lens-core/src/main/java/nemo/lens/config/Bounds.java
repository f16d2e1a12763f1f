package nemo.lens.config;

import java.time.Duration;
import java.util.Locale;

import nemo.lens.env.EnvironmentValues;

/**
 * The range of a number or duration setting, with the sign rule checked before it. Every bounded
 * setting has a floor and a ceiling, so that no value an operator can type overflows later
 * arithmetic ({@code System.nanoTime() + timeout.toNanos()}), allocates a ring the JVM cannot hold,
 * or polls a shared file system in a loop. A value an operator gives (a variable, a property) must
 * lie within the range; a value given in code only below the ceiling, so that a program may poll
 * faster than an operator may ask (its tests do), but nothing overflows.
 */
public final class Bounds {

	/** The longest shutdown timeout and switch drain timeout: a job's exit waits no longer. */
	public static final Duration MAX_TIMEOUT = Duration.ofHours(1);

	/** The longest override: every override ends by itself, within a month at the latest. */
	public static final Duration MAX_OVERRIDE = Duration.ofDays(30);

	static final int ANY = 0;

	static final int NOT_NEGATIVE = 1;

	static final int POSITIVE = 2;

	static final int FRACTION = 3;

	/** The most spans or log records a flight recorder keeps: its ring is allocated whole. */
	static final int MAX_RECORDED = 1_000_000;

	private final Comparable<?> floor;

	private final Comparable<?> ceiling;

	private final int readSign;

	private final int givenSign;

	private final String why;

	private Bounds(Comparable<?> floor, Comparable<?> ceiling, int readSign, int givenSign, String why) {
		this.floor = floor;
		this.ceiling = ceiling;
		this.readSign = readSign;
		this.givenSign = givenSign;
		this.why = why;
	}

	static Bounds of(Comparable<?> floor, Comparable<?> ceiling, int readSign, int givenSign, String why) {
		return new Bounds(floor, ceiling, readSign, givenSign, why);
	}

	static Bounds fraction() {
		return new Bounds(null, null, FRACTION, FRACTION, "");
	}

	/**
	 * A duration that must be more than zero, within a range: an operator's override durations.
	 * @param ceiling the longest
	 * @return the bounds
	 */
	public static Bounds positive(Duration ceiling) {
		return new Bounds(Duration.ofNanos(1), ceiling, POSITIVE, POSITIVE, "");
	}

	/**
	 * The largest value allowed, for a reader that caps what another party suggests (an OpAMP
	 * server's retry hint may not stretch its interval past the interval's own ceiling).
	 * @return the ceiling, or {@code null} for a fraction
	 */
	public Object ceiling() {
		return this.ceiling;
	}

	/**
	 * Checks a value an operator gave: its sign, then the range.
	 * @param name the variable or property the value came from, for the error
	 * @param raw the text the value was read from, for the error
	 * @param value the value, a {@link Duration}, an {@code int} or a {@code double}
	 * @throws IllegalArgumentException naming {@code name}, showing {@code raw} and what is
	 * allowed, when the value is outside
	 */
	public void checkRead(String name, String raw, Object value) {
		checkSign(this.readSign, name, value);
		if (this.floor != null && (compare(value, this.floor) < 0 || compare(value, this.ceiling) > 0)) {
			refuse(name, raw);
		}
	}

	/** Checks a value given in code: its sign, then the ceiling only. */
	void checkGiven(String name, Object value) {
		checkSign(this.givenSign, name, value);
		if (this.ceiling != null && compare(value, this.ceiling) > 0) {
			refuse(name, value.toString());
		}
	}

	private static void checkSign(int sign, String name, Object value) {
		if (sign == FRACTION) {
			EnvironmentValues.checkFraction(name, (double) value);
		}
		else if (value instanceof Duration duration) {
			if (sign == POSITIVE) {
				EnvironmentValues.checkPositive(name, duration);
			}
			else if (sign == NOT_NEGATIVE) {
				EnvironmentValues.checkNotNegative(name, duration);
			}
		}
		else if (sign == POSITIVE) {
			EnvironmentValues.checkPositive(name, (int) value);
		}
		else if (sign == NOT_NEGATIVE) {
			EnvironmentValues.checkNotNegative(name, (int) value);
		}
	}

	@SuppressWarnings({ "unchecked", "rawtypes" })
	private static int compare(Object value, Comparable bound) {
		return -bound.compareTo(value);
	}

	private void refuse(String name, String raw) {
		if (this.floor instanceof Duration) {
			throw new IllegalArgumentException(name + " must be within " + written((Duration) this.floor) + " and "
					+ written((Duration) this.ceiling) + ", got '" + raw + "'" + this.why + ".");
		}
		throw new IllegalArgumentException(String.format(Locale.ROOT, "%s must be within %,d and %,d, got '%s'.", name,
				this.floor, this.ceiling, raw));
	}

	/** {@code 1h}, {@code 100ms}, {@code 0s}: a duration as an operator writes it. */
	static String written(Duration duration) {
		if (duration.isZero()) {
			return "0s";
		}
		long nanos = duration.toNanos();
		String[] units = { "d", "h", "m", "s", "ms", "us", "ns" };
		long[] sizes = { 86_400_000_000_000L, 3_600_000_000_000L, 60_000_000_000L, 1_000_000_000L, 1_000_000L,
				1_000L, 1L };
		for (int i = 0; i < units.length; i++) {
			if (nanos % sizes[i] == 0) {
				return (nanos / sizes[i]) + units[i];
			}
		}
		return duration.toString();
	}

}
