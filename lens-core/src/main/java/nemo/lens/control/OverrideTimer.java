package nemo.lens.control;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * Ends an override by itself, on a timer of this process: the revert happens even when the
 * operator's tooling is gone. One daemon thread, {@code nemo-lens-override}, lives while an
 * override is pending, and none otherwise; a new override reuses it.
 * <p>
 * An end is scheduled before the override it ends is put in force and kept only once it is
 * ({@link #keep}), so that a switch that is then refused drops it ({@link #drop}) and leaves the end
 * pending before as it was.
 */
public final class OverrideTimer {

	private final ThreadFactory threadFactory;

	private ScheduledThreadPoolExecutor timer;

	private ScheduledFuture<?> pending;

	/**
	 * Creates a timer whose thread is {@code nemo-lens-override}.
	 */
	public OverrideTimer() {
		this((task) -> {
			Thread thread = new Thread(task, "nemo-lens-override");
			thread.setDaemon(true);
			return thread;
		});
	}

	/**
	 * Creates a timer whose thread a factory makes.
	 * @param threadFactory makes the timer's thread
	 */
	public OverrideTimer(ThreadFactory threadFactory) {
		this.threadFactory = threadFactory;
	}

	/**
	 * Schedules {@code end} at {@code until}, beside the end pending, which stays until this one is
	 * {@linkplain #keep kept}.
	 * @param until when
	 * @param end what ends the override
	 * @return the end scheduled, to keep or drop
	 * @throws IllegalStateException when no thread can run the end: then nothing changed
	 */
	public synchronized ScheduledFuture<?> schedule(Instant until, Runnable end) {
		boolean started = this.timer == null;
		if (started) {
			ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, this.threadFactory);
			timer.setRemoveOnCancelPolicy(true);
			this.timer = timer;
		}
		// Saturated: an end past 292 years holds no nanosecond count, and then never comes anyway.
		Duration left = Duration.between(Instant.now(), until);
		long delay = left.isNegative() ? 0 : (left.getSeconds() >= Long.MAX_VALUE / 1_000_000_000L) ? Long.MAX_VALUE
				: left.toNanos();
		try {
			ScheduledFuture<?> scheduled = this.timer.schedule(end, delay, TimeUnit.NANOSECONDS);
			if (this.timer.getPoolSize() == 0) {
				// The factory refused the thread: the end would never come.
				scheduled.cancel(false);
				throw new IllegalStateException("no thread could be started to end the override by itself");
			}
			return scheduled;
		}
		catch (RuntimeException | Error ex) {
			if (started) {
				this.timer.shutdownNow();
				this.timer = null;
			}
			throw ex;
		}
	}

	/**
	 * Makes an end scheduled by {@link #schedule} the pending one, dropping the end pending before.
	 * @param end the end to keep
	 */
	public synchronized void keep(ScheduledFuture<?> end) {
		if (this.pending != null && this.pending != end) {
			this.pending.cancel(false);
		}
		this.pending = end;
	}

	/**
	 * Drops an end scheduled by {@link #schedule} and not kept; the end pending before stays.
	 * @param end the end to drop
	 */
	public synchronized void drop(ScheduledFuture<?> end) {
		end.cancel(false);
		if (this.pending == null) {
			stopThread();
		}
	}

	/** Drops the pending end, and the thread with it. */
	public synchronized void cancel() {
		if (this.pending != null) {
			this.pending.cancel(false);
			this.pending = null;
		}
		stopThread();
	}

	private void stopThread() {
		if (this.timer != null) {
			this.timer.shutdown();
			this.timer = null;
		}
	}

}
