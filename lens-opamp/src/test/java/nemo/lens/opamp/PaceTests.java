package nemo.lens.opamp;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A server's retry hint stretches a rank's wait within [interval, 1 h] and never shortens it; a
 * hint that cannot be read counts as none.
 */
class PaceTests {

	private static final Duration INTERVAL = Duration.ofSeconds(30);

	private final Pace pace = new Pace(INTERVAL);

	private static final Instant NOW = Instant.parse("2026-12-07T06:00:00Z");

	@Test
	void aRetryAfterWithinTheBoundsIsHonoured() {
		assertThat(this.pace.afterRetryAfter("120", NOW)).isEqualTo(Duration.ofMinutes(2));
		assertThat(this.pace.afterRetryAfter("Mon, 07 Dec 2026 06:05:00 GMT", NOW)).isEqualTo(Duration.ofMinutes(5));
	}

	@Test
	void aRetryAfterOfYearsOrPastAnyNumberIsTheCeiling() {
		assertThat(this.pace.afterRetryAfter("31536000", NOW)).isEqualTo(Duration.ofHours(1));
		assertThat(this.pace.afterRetryAfter("99999999999", NOW)).isEqualTo(Duration.ofHours(1));
		assertThat(this.pace.afterRetryAfter("99999999999999999999999", NOW)).isEqualTo(Duration.ofHours(1));
	}

	@Test
	void aShortNegativeOrUnreadableHintIsTheInterval() {
		assertThat(this.pace.afterRetryAfter("0", NOW)).isEqualTo(INTERVAL);
		assertThat(this.pace.afterRetryAfter("-5", NOW)).isEqualTo(INTERVAL);
		assertThat(this.pace.afterRetryAfter("soon", NOW)).isEqualTo(INTERVAL);
		assertThat(this.pace.afterRetryAfter("Sun, 06 Dec 2026 06:00:00 GMT", NOW)).isEqualTo(INTERVAL);
		assertThat(this.pace.afterRetryAfter(null, NOW)).isEqualTo(INTERVAL);
		assertThat(this.pace.afterNanos(-1)).isEqualTo(INTERVAL);
		assertThat(this.pace.afterNanos(Long.MAX_VALUE)).isEqualTo(Duration.ofHours(1));
	}

}
