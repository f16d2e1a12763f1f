package nemo.lens.live;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.logging.Level;
import java.util.logging.Logger;

import nemo.lens.Signal;
import nemo.lens.sdk.ExportingTelemetry;

/**
 * Closes the pipeline of a signal that stopped exporting, without cutting what is under way: spans
 * already started on it may end and are exported whole for up to the drain timeout
 * ({@code nemo.lens.switch.drain-timeout}); only those still open then are ended, marked truncated.
 * Metrics export their last collection, and logs what their processor holds. Then the pipeline
 * closes within the shutdown timeout, its threads and connections with it.
 * <p>
 * Each signal has at most one pipeline here, draining or closing, so that switches never stack
 * pipelines, whatever their rate: until its close begins, a draining pipeline is taken back by a
 * switch-on of the same signal, which goes on with it; once its close has begun, a switch-on of
 * that signal waits for the close to end before it builds another ({@link #awaitClose}). The
 * drains run on at most one daemon thread per signal ({@code nemo-lens-drain}), which end soon
 * after the last drain.
 */
final class PipelineDrain {

	private static final Logger logger = Logger.getLogger(PipelineDrain.class.getName());

	/** How often a drain looks whether the spans under way have ended. */
	private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

	/**
	 * How long past the shutdown timeout a switch-on waits for its signal's close: the close returns
	 * within the timeout, and this covers a busy machine's scheduling.
	 */
	private static final Duration CLOSE_OVERRUN = Duration.ofSeconds(1);

	/** The drain timeout, in nanoseconds: counted at start-up, so that no drain's sum can fail. */
	private final long drainNanos;

	private final Duration shutdownTimeout;

	/** How long a switch-on waits for its signal's close, in nanoseconds. */
	private final long closeWaitNanos;

	private final ThreadPoolExecutor threads;

	/** The pipeline draining for each signal and not yet closing. */
	private final Map<Signal, Draining> draining = new EnumMap<>(Signal.class);

	/** The pipeline closing for each signal now: a switch-on of the signal waits for it. */
	private final Map<Signal, ExportingTelemetry> closing = new EnumMap<>(Signal.class);

	/** The pipelines a close has begun on and that still serve or close a signal, to end them at shutdown. */
	private final Set<ExportingTelemetry> unstopped = Collections.newSetFromMap(new IdentityHashMap<>());

	private boolean shutDown;

	/**
	 * @param drainTimeout how long spans under way may still end
	 * @param shutdownTimeout how long a pipeline may take to close
	 */
	PipelineDrain(Duration drainTimeout, Duration shutdownTimeout) {
		this(drainTimeout, shutdownTimeout, (task) -> {
			Thread thread = new Thread(task, "nemo-lens-drain");
			thread.setDaemon(true);
			return thread;
		});
	}

	/**
	 * @param drainTimeout how long spans under way may still end
	 * @param shutdownTimeout how long a pipeline may take to close
	 * @param threadFactory makes the drain threads
	 */
	PipelineDrain(Duration drainTimeout, Duration shutdownTimeout, ThreadFactory threadFactory) {
		this.drainNanos = drainTimeout.toNanos();
		this.shutdownTimeout = shutdownTimeout;
		this.closeWaitNanos = shutdownTimeout.plus(CLOSE_OVERRUN).toNanos();
		int signals = Signal.values().length;
		// One drain at a time per signal needs no more threads than signals; the queue holds the
		// drains of pipelines taken back, which end at their next look.
		this.threads = new ThreadPoolExecutor(signals, signals, 100, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(),
				threadFactory);
		this.threads.allowCoreThreadTimeOut(true);
	}

	/**
	 * Drains a signal's pipeline in the background, then closes it. Never throws: where no thread
	 * can be had for the drain, the pipeline waits here, to be taken back by the next switch-on of
	 * the signal or ended at shutdown.
	 * @param signal the signal that stopped
	 * @param sdk its pipeline
	 */
	void drain(Signal signal, ExportingTelemetry sdk) {
		giveBack(signal, new Draining(sdk, System.nanoTime() + this.drainNanos));
	}

	/**
	 * Takes back the pipeline a signal drains, unless its close has begun.
	 * @param signal the signal switched on again
	 * @return the pipeline and its drain, to serve the signal again, or {@code null} when none can
	 * be taken back
	 */
	synchronized Draining reclaim(Signal signal) {
		return this.draining.remove(signal);
	}

	/**
	 * Drains again a pipeline taken back by a switch that was then refused, until the end its drain
	 * had.
	 * @param signal the signal
	 * @param drain what {@link #reclaim} gave
	 */
	synchronized void giveBack(Signal signal, Draining drain) {
		if (this.shutDown) {
			return;
		}
		this.draining.put(signal, drain);
		try {
			this.threads.execute(() -> drainThenClose(signal, drain));
		}
		catch (RuntimeException | OutOfMemoryError ex) {
			// The switch is made: the pipeline is silent already, and waits here until the next
			// switch-on of the signal takes it back or the shutdown ends it.
			logger.log(Level.WARNING, "NeMo Lens: no thread to drain the " + signal.key()
					+ " pipeline that stopped (" + ex + "); it closes with the rank, unless switched on before");
		}
	}

	/**
	 * Waits for the close of a signal's last pipeline, if one is under way, so that a switch-on does
	 * not build a pipeline beside one that still closes; at most as long as a close may take.
	 * @param signal the signal switched on
	 * @return {@code null} when no close of the signal runs (any more), else why the switch-on
	 * should not go ahead
	 */
	synchronized String awaitClose(Signal signal) {
		long deadline = System.nanoTime() + this.closeWaitNanos;
		try {
			while (this.closing.containsKey(signal) && !this.shutDown) {
				long left = deadline - System.nanoTime();
				if (left <= 0) {
					return "the " + signal.key() + " pipeline switched off before is still closing after "
							+ TimeUnit.NANOSECONDS.toMillis(this.closeWaitNanos) + " ms";
				}
				TimeUnit.NANOSECONDS.timedWait(this, left);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return "interrupted while the " + signal.key() + " pipeline switched off before was closing";
		}
		return null;
	}

	private void drainThenClose(Signal signal, Draining drain) {
		ExportingTelemetry sdk = drain.sdk();
		if (signal == Signal.TRACES) {
			while (sdk.hasOpenSpans() && System.nanoTime() < drain.deadline() && stillDraining(signal, drain)) {
				LockSupport.parkNanos(POLL_NANOS);
			}
		}
		synchronized (this) {
			if (this.draining.get(signal) != drain) {
				// Taken back by a switch-on, ended by the shutdown, or drained by another thread.
				return;
			}
			this.draining.remove(signal);
			this.closing.put(signal, sdk);
			this.unstopped.add(sdk);
		}
		try {
			switch (signal) {
				case TRACES -> sdk.stopTraces(this.shutdownTimeout);
				case METRICS -> sdk.stopMetrics(this.shutdownTimeout);
				case LOGS -> sdk.stopLogs(this.shutdownTimeout);
			}
		}
		finally {
			synchronized (this) {
				this.closing.remove(signal, sdk);
				if (sdk.isStopped()) {
					this.unstopped.remove(sdk);
				}
				notifyAll();
			}
		}
	}

	private synchronized boolean stillDraining(Signal signal, Draining drain) {
		return this.draining.get(signal) == drain;
	}

	/**
	 * Ends every pipeline at once, those serving and those draining or closing, all together within
	 * the timeout; spans still open are ended, marked truncated. No drain starts after it, and a
	 * switch-on waiting for a close goes on at once.
	 * @param serving the pipelines serving signals now
	 * @param timeout the longest wait
	 * @return whether every pipeline closed in time
	 */
	boolean shutdown(Collection<ExportingTelemetry> serving, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		Set<ExportingTelemetry> all = Collections.newSetFromMap(new IdentityHashMap<>());
		all.addAll(serving);
		synchronized (this) {
			this.shutDown = true;
			this.draining.values().forEach((drain) -> all.add(drain.sdk()));
			all.addAll(this.unstopped);
			this.draining.clear();
			notifyAll();
		}
		this.threads.shutdown();
		if (all.isEmpty()) {
			return true;
		}
		if (all.size() == 1) {
			// The usual case, on the caller's thread: what was lost is reported before it returns.
			return all.iterator().next().shutdown(timeout);
		}
		List<Boolean> results = Collections.synchronizedList(new ArrayList<>());
		CountDownLatch done = new CountDownLatch(all.size());
		for (ExportingTelemetry sdk : all) {
			Thread thread = new Thread(() -> {
				try {
					results.add(sdk.shutdown(Duration.ofNanos(Math.max(0, deadline - System.nanoTime()))));
				}
				finally {
					done.countDown();
				}
			}, "nemo-lens-shutdown");
			thread.setDaemon(true);
			thread.start();
		}
		try {
			return done.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)
					&& !results.contains(Boolean.FALSE);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	/**
	 * A pipeline draining for a signal, until its deadline: each drain is its own, so that a
	 * pipeline taken back and drained again is not closed by the first drain's thread.
	 *
	 * @param sdk the pipeline
	 * @param deadline when spans still open on it are ended, in {@link System#nanoTime()}
	 */
	record Draining(ExportingTelemetry sdk, long deadline) {

	}

}
