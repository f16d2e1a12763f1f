package nemo.lens.actuate;

import java.time.Duration;
import java.util.Objects;

/**
 * How long an override set through the {@code lens} endpoint lasts: the default when a request
 * names no duration, and the longest a request may ask for, so that a forgotten switch cannot stay
 * on ({@code nemo.lens.override.default-duration}, {@code nemo.lens.override.max-duration}).
 *
 * @param defaultDuration how long an override lasts unless the request says; more than zero
 * @param maxDuration the longest override; at least the default
 */
public record OverrideLimits(Duration defaultDuration, Duration maxDuration) {

	/** 15 minutes by default, 24 hours at most. */
	public static final OverrideLimits DEFAULTS = new OverrideLimits(Duration.ofMinutes(15), Duration.ofHours(24));

	/**
	 * Checks the limits.
	 * @throws IllegalArgumentException when the default is not positive or exceeds the maximum
	 */
	public OverrideLimits {
		Objects.requireNonNull(defaultDuration, "defaultDuration must not be null");
		Objects.requireNonNull(maxDuration, "maxDuration must not be null");
		if (defaultDuration.isNegative() || defaultDuration.isZero()) {
			throw new IllegalArgumentException(
					"nemo.lens.override.default-duration must be more than zero, got " + defaultDuration + ".");
		}
		if (maxDuration.compareTo(defaultDuration) < 0) {
			throw new IllegalArgumentException("nemo.lens.override.max-duration (" + maxDuration
					+ ") must be at least nemo.lens.override.default-duration (" + defaultDuration + ").");
		}
	}

}
