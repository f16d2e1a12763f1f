package nemo.lens.live;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

import nemo.lens.control.ControlFilePoller;

/**
 * Runs a rank's rehearsal of its first switch once, on a low-priority daemon thread of its own, at
 * the moment a control file's poller would: one interval after the start plus a random share of
 * ten more (at most 10 s), so that the ranks of a job started together spread it. For a rank an
 * OpAMP server switches and no control file watches: without it, every rank of the job would pay
 * its first SDK and first export at the operator's first change, all in the same second.
 */
public final class RehearsalTimer implements AutoCloseable {

	private static final Logger logger = Logger.getLogger(RehearsalTimer.class.getName());

	private final ScheduledExecutorService thread;

	private RehearsalTimer(ScheduledExecutorService thread) {
		this.thread = thread;
	}

	/**
	 * Schedules the rehearsal.
	 * @param interval the interval the rank is polled at, such as its OpAMP server's
	 * @param rehearsal the rehearsal, such as {@code handle::prepareToSwitchOn}
	 * @return the timer, which the rank closes at shutdown
	 */
	public static RehearsalTimer start(Duration interval, Runnable rehearsal) {
		ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread preparing = new Thread(task, "nemo-lens-prepare-switch");
			preparing.setDaemon(true);
			preparing.setPriority(Thread.MIN_PRIORITY);
			return preparing;
		});
		thread.schedule(() -> {
			try {
				rehearsal.run();
			}
			catch (RuntimeException | LinkageError ex) {
				// The rehearsal only makes the first switch cheaper: the switch works without it.
				logger.log(Level.FINE, "NeMo Lens: the rehearsal of the first switch failed", ex);
			}
			finally {
				thread.shutdown();
			}
		}, ControlFilePoller.idleWorkDelay(interval, ThreadLocalRandom.current().nextDouble()), TimeUnit.NANOSECONDS);
		return new RehearsalTimer(thread);
	}

	/** Cancels the rehearsal if it has not run, and ends the thread. */
	@Override
	public void close() {
		this.thread.shutdownNow();
	}

}
