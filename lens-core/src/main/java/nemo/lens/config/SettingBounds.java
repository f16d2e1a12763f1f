package nemo.lens.config;

import java.time.Duration;
import java.util.Map;

/**
 * The range of every duration and size setting: each has a floor and a ceiling, so that no value an
 * operator can type overflows later arithmetic ({@code System.nanoTime() + timeout.toNanos()},
 * {@code Instant.now().plus(duration)}), allocates a ring the JVM cannot hold, or polls a shared
 * file system in a loop. The ceilings are far beyond any useful value; the floors are the least
 * that means something. A refusal names the setting, shows the value as written and gives the
 * range, and for the control interval the reason of its floor.
 */
public final class SettingBounds {

	/** The longest shutdown timeout and switch drain timeout: a job's exit waits no longer. */
	public static final Duration MAX_TIMEOUT = Duration.ofHours(1);

	/**
	 * The least control interval: every rank of a job stats the control file once an interval, on
	 * a shared file system, so a rank polling in a loop (one nanosecond) made thousands of
	 * {@code statx} calls a second, each, and burnt a core.
	 */
	public static final Duration MIN_CONTROL_INTERVAL = Duration.ofMillis(100);

	/** The longest control interval. */
	public static final Duration MAX_CONTROL_INTERVAL = Duration.ofHours(1);

	/**
	 * The least OpAMP polling interval: every rank of a job polls the one server once an interval, so
	 * 1,000 ranks at 1 s are already 1,000 requests a second; a shorter interval would let a job of a
	 * few thousand ranks flood it. A switch made at the server reaches a rank within one interval.
	 */
	public static final Duration MIN_OPAMP_INTERVAL = Duration.ofSeconds(1);

	/** The longest OpAMP polling interval: a switch made at the server waits no longer. */
	public static final Duration MAX_OPAMP_INTERVAL = Duration.ofHours(1);

	/** The longest override: every override ends by itself, within a month at the latest. */
	public static final Duration MAX_OVERRIDE = Duration.ofDays(30);

	/** The longest least interval between automatic dumps. */
	public static final Duration MAX_MIN_DUMP_INTERVAL = Duration.ofDays(1);

	/** The most spans or log records a flight recorder keeps: its ring is allocated whole. */
	public static final int MAX_RECORDED = 1_000_000;

	/** The most dump files a rank keeps. */
	public static final int MAX_DUMPS = 10_000;

	/** The longest stall timeout: a span open a day is a stall by any measure. */
	public static final Duration MAX_STALL_TIMEOUT = Duration.ofDays(1);

	/** The most open spans a dump holds: each is copied at the dump. */
	public static final int MAX_OPEN_SPANS = 100_000;

	private static final String STATX_STORMS = ": every rank looks at the control file once an interval, "
			+ "and a shorter one is a storm of statx calls on a shared file system";

	private static final String SERVER_FLOOD = ": every rank polls the OpAMP server once an interval, "
			+ "and a shorter one lets a large job flood the server";

	private static final Map<String, DurationRange> DURATIONS = Map.of("opampInterval",
			new DurationRange(MIN_OPAMP_INTERVAL, MAX_OPAMP_INTERVAL, SERVER_FLOOD), "shutdownTimeout",
			new DurationRange(Duration.ZERO, MAX_TIMEOUT, ""), "switchDrainTimeout",
			new DurationRange(Duration.ZERO, MAX_TIMEOUT, ""), "controlInterval",
			new DurationRange(MIN_CONTROL_INTERVAL, MAX_CONTROL_INTERVAL, STATX_STORMS),
			"flightRecorderMinDumpInterval", new DurationRange(Duration.ZERO, MAX_MIN_DUMP_INTERVAL, ""),
			"overrideDefaultDuration", new DurationRange(Duration.ofNanos(1), MAX_OVERRIDE, ""),
			"overrideMaxDuration", new DurationRange(Duration.ofNanos(1), MAX_OVERRIDE, ""),
			"flightRecorderStallTimeout", new DurationRange(Duration.ofNanos(1), MAX_STALL_TIMEOUT, ""));

	private static final Map<String, IntRange> SIZES = Map.of("flightRecorderSpans", new IntRange(1, MAX_RECORDED),
			"flightRecorderLogs", new IntRange(0, MAX_RECORDED), "flightRecorderMaxDumps", new IntRange(1, MAX_DUMPS),
			"flightRecorderOpenSpans", new IntRange(0, MAX_OPEN_SPANS));

	private SettingBounds() {
	}

	/**
	 * Whether a setting has a range.
	 * @param setting the setting, named as the {@code NemoLensConfig} component
	 * @return whether {@link #check} checks it
	 */
	public static boolean isBounded(String setting) {
		return DURATIONS.containsKey(setting) || SIZES.containsKey(setting);
	}

	/**
	 * Checks a value of a setting against its range.
	 * @param setting the setting, named as the {@code NemoLensConfig} component
	 * @param name the variable or property the value came from, for the error
	 * @param raw the text the value was read from, for the error
	 * @param value the value, a {@link Duration} or an {@code int}
	 * @throws IllegalArgumentException naming {@code name}, showing {@code raw} and the range, when
	 * the value is outside it
	 */
	public static void check(String setting, String name, String raw, Object value) {
		DurationRange durations = DURATIONS.get(setting);
		if (durations != null) {
			durations.check(name, raw, (Duration) value);
		}
		IntRange sizes = SIZES.get(setting);
		if (sizes != null) {
			sizes.check(name, raw, (int) value);
		}
	}

	/**
	 * Checks a value given in code against the ceiling of its setting's range only: a program may
	 * poll its control file faster than an operator may ask (its tests do), but no value may
	 * overflow.
	 * @param setting the setting, named as the {@code NemoLensConfig} component
	 * @param value the value, a {@link Duration} or an {@code int}
	 * @throws IllegalArgumentException naming the setting when the value is above its ceiling
	 */
	public static void checkCeiling(String setting, Object value) {
		DurationRange durations = DURATIONS.get(setting);
		if (durations != null && ((Duration) value).compareTo(durations.max()) > 0) {
			durations.refuse(setting, value.toString());
		}
		IntRange sizes = SIZES.get(setting);
		if (sizes != null && (int) value > sizes.max()) {
			sizes.refuse(setting, value.toString());
		}
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

	private record DurationRange(Duration min, Duration max, String why) {

		void check(String name, String raw, Duration value) {
			if (value.compareTo(this.min) < 0 || value.compareTo(this.max) > 0) {
				refuse(name, raw);
			}
		}

		void refuse(String name, String raw) {
			throw new IllegalArgumentException(name + " must be within " + written(this.min) + " and "
					+ written(this.max) + ", got '" + raw + "'" + this.why + ".");
		}

	}

	private record IntRange(int min, int max) {

		void check(String name, String raw, int value) {
			if (value < this.min || value > this.max) {
				refuse(name, raw);
			}
		}

		void refuse(String name, String raw) {
			throw new IllegalArgumentException(String.format(java.util.Locale.ROOT,
					"%s must be within %,d and %,d, got '%s'.", name, this.min, this.max, raw));
		}

	}

}
