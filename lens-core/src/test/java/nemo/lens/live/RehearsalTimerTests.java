package nemo.lens.live;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A rank an OpAMP server switches, without a control file, rehearses its first switch once, on a
 * low-priority thread of its own, no sooner than one interval after the start.
 */
class RehearsalTimerTests {

	@Test
	void runsTheRehearsalOnceOnALowPriorityDaemonThread() throws InterruptedException {
		CountDownLatch ran = new CountDownLatch(1);
		AtomicReference<Thread> thread = new AtomicReference<>();
		AtomicInteger runs = new AtomicInteger();
		try (RehearsalTimer timer = RehearsalTimer.start(Duration.ofMillis(10), () -> {
			thread.set(Thread.currentThread());
			runs.incrementAndGet();
			ran.countDown();
		})) {
			assertThat(ran.await(30, TimeUnit.SECONDS)).isTrue();
			thread.get().join(TimeUnit.SECONDS.toMillis(30));
			assertThat(thread.get().isAlive()).as("the timer's thread ends after the rehearsal").isFalse();
		}
		assertThat(runs).hasValue(1);
		assertThat(thread.get().getName()).isEqualTo("nemo-lens-prepare-switch");
		assertThat(thread.get().isDaemon()).isTrue();
		assertThat(thread.get().getPriority()).isEqualTo(Thread.MIN_PRIORITY);
	}

	@Test
	void waitsAtLeastOneIntervalAfterTheStart() throws InterruptedException {
		CountDownLatch ran = new CountDownLatch(1);
		long started = System.nanoTime();
		AtomicReference<Long> at = new AtomicReference<>();
		try (RehearsalTimer timer = RehearsalTimer.start(Duration.ofMillis(200), () -> {
			at.set(System.nanoTime());
			ran.countDown();
		})) {
			assertThat(ran.await(30, TimeUnit.SECONDS)).isTrue();
		}
		assertThat(at.get() - started).isGreaterThanOrEqualTo(Duration.ofMillis(200).toNanos());
	}

	@Test
	void closedBeforeItsMomentItNeverRuns() throws InterruptedException {
		AtomicInteger runs = new AtomicInteger();
		RehearsalTimer timer = RehearsalTimer.start(Duration.ofHours(1), runs::incrementAndGet);
		timer.close();
		assertThat(runs).hasValue(0);
	}

	@Test
	void aRehearsalThatFailsStillEndsItsThread() throws InterruptedException {
		CountDownLatch ran = new CountDownLatch(1);
		AtomicReference<Thread> thread = new AtomicReference<>();
		try (RehearsalTimer timer = RehearsalTimer.start(Duration.ofMillis(10), () -> {
			thread.set(Thread.currentThread());
			ran.countDown();
			throw new IllegalStateException("rehearsal failed");
		})) {
			assertThat(ran.await(30, TimeUnit.SECONDS)).isTrue();
			thread.get().join(TimeUnit.SECONDS.toMillis(30));
			assertThat(thread.get().isAlive()).isFalse();
		}
	}

}
