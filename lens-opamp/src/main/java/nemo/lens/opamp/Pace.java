package nemo.lens.opamp;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.regex.Pattern;

import nemo.lens.config.Setting;

/**
 * How long a rank waits before its next poll: the interval, whatever the server answers. A server's
 * hint to come back later (a {@code Retry-After} header, an OpAMP {@code retry_after_nanoseconds})
 * may stretch one wait up to the interval's own ceiling (1 h), never shorten it: at 10,000 ranks
 * one server's answer reaches every rank at once, and a hint of zero or less would have them all
 * poll in a loop, one of years would silence them for good. A hint that cannot be read counts as
 * none.
 */
final class Pace {

	/** Seconds as {@code Retry-After} gives them; more than 18 digits are past any ceiling. */
	private static final Pattern SECONDS = Pattern.compile("\\d+");

	private final Duration interval;

	private final Duration ceiling;

	Pace(Duration interval) {
		this.interval = interval;
		Duration ceiling = (Duration) Setting.OPAMP_INTERVAL.bounds().ceiling();
		this.ceiling = (ceiling.compareTo(interval) > 0) ? ceiling : interval;
	}

	/** The wait after an answer that gives no hint. */
	Duration interval() {
		return this.interval;
	}

	/** The wait a hint asks for, within [interval, ceiling]; {@code null} or negative: the interval. */
	Duration within(Duration hint) {
		if (hint == null || hint.compareTo(this.interval) < 0) {
			return this.interval;
		}
		return (hint.compareTo(this.ceiling) > 0) ? this.ceiling : hint;
	}

	/** The wait an OpAMP {@code retry_after_nanoseconds} asks for. */
	Duration afterNanos(long nanos) {
		return within(Duration.ofNanos(nanos));
	}

	/**
	 * The wait a {@code Retry-After} header asks for: seconds, or an HTTP date.
	 * @param header the header's value, or {@code null}
	 * @param now the time now, for a date
	 */
	Duration afterRetryAfter(String header, Instant now) {
		if (header == null) {
			return this.interval;
		}
		String value = header.trim();
		if (SECONDS.matcher(value).matches()) {
			return (value.length() > 18) ? this.ceiling : within(Duration.ofSeconds(Long.parseLong(value)));
		}
		try {
			Instant at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
			return within(Duration.between(now, at));
		}
		catch (DateTimeParseException | ArithmeticException ex) {
			return this.interval;
		}
	}

}
