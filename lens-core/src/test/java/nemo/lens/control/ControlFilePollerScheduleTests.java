package nemo.lens.control;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When a rank's poller looks at the control file and rehearses its first switch: at a random phase
 * of the interval and a random moment of its first ten intervals, so that the ranks of a job started
 * together neither stat a shared file system in the same millisecond nor rehearse in the same second.
 */
class ControlFilePollerScheduleTests {

	private static final Duration SECOND = Duration.ofSeconds(1);

	@Test
	void periodicLooksBeginAtAPhaseSpreadOverTheFirstInterval() {
		assertThat(ControlFilePoller.phaseDelay(SECOND, 0.0)).isEqualTo(1);
		assertThat(ControlFilePoller.phaseDelay(SECOND, 0.5)).isEqualTo(500_000_000L);
		assertThat(ControlFilePoller.phaseDelay(SECOND, 0.999_999_999_9)).isEqualTo(SECOND.toNanos());
	}

	@Test
	void aChangeIsSeenWithinOneIntervalWhateverThePhase() {
		for (double fraction = 0; fraction < 1; fraction += 0.01) {
			assertThat(ControlFilePoller.phaseDelay(Duration.ofSeconds(5), fraction)).isBetween(1L, Duration.ofSeconds(5).toNanos());
		}
	}

	@Test
	void theRehearsalComesAfterOneIntervalWithinTheNextTen() {
		Duration interval = Duration.ofMillis(500);
		assertThat(ControlFilePoller.idleWorkDelay(interval, 0.0)).isEqualTo(interval.toNanos());
		assertThat(ControlFilePoller.idleWorkDelay(interval, 0.5)).isEqualTo(interval.toNanos() * 6);
	}

	@Test
	void theRehearsalIsPutOffAtMostTenSecondsBeyondTheFirstInterval() {
		Duration interval = Duration.ofSeconds(5);
		long latest = ControlFilePoller.idleWorkDelay(interval, 0.999_999);
		assertThat(latest).isLessThanOrEqualTo(interval.plusSeconds(10).toNanos())
			.isGreaterThan(interval.plusSeconds(9).toNanos());
	}

	@Test
	void aHugeIntervalDoesNotOverflow() {
		Duration interval = Duration.ofDays(365 * 100);
		assertThat(ControlFilePoller.idleWorkDelay(interval, 0.999)).isGreaterThan(interval.toNanos());
	}

}
