package nemo.lens.control;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Ends an override by itself, on a timer of this process: the revert happens even when the
 * operator's tooling is gone. One daemon thread, {@code nemo-lens-override}, lives while an
 * override is pending, and none otherwise.
 */
public final class OverrideTimer {

	private ScheduledExecutorService timer;

	private ScheduledFuture<?> pending;

	/**
	 * Runs {@code end} at {@code until}, in place of any end pending.
	 * @param until when
	 * @param end what ends the override
	 */
	public synchronized void schedule(Instant until, Runnable end) {
		cancel();
		ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, (task) -> {
			Thread thread = new Thread(task, "nemo-lens-override");
			thread.setDaemon(true);
			return thread;
		});
		timer.setRemoveOnCancelPolicy(true);
		this.timer = timer;
		// Saturated: an end past 292 years holds no nanosecond count, and then never comes anyway.
		Duration left = Duration.between(Instant.now(), until);
		long delay = left.isNegative() ? 0 : (left.getSeconds() >= Long.MAX_VALUE / 1_000_000_000L) ? Long.MAX_VALUE
				: left.toNanos();
		this.pending = timer.schedule(end, delay, TimeUnit.NANOSECONDS);
	}

	/** Drops the pending end, and the thread with it. */
	public synchronized void cancel() {
		if (this.pending != null) {
			this.pending.cancel(false);
			this.pending = null;
		}
		if (this.timer != null) {
			this.timer.shutdown();
			this.timer = null;
		}
	}

}
