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
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import nemo.lens.Signal;
import nemo.lens.sdk.ExportingTelemetry;

/**
 * Closes the pipeline of a signal that stopped exporting, without cutting what is under way: spans
 * already started on it may end and are exported whole for up to the drain timeout
 * ({@code nemo.lens.switch.drain-timeout}); only those still open then are ended, marked truncated.
 * Metrics export their last collection, and logs what their processor holds. Then the pipeline
 * closes within the shutdown timeout, its threads and connections with it.
 * <p>
 * Until its close begins, a draining pipeline can be reclaimed by a switch-on of the same signal,
 * which then goes on with it: flips faster than a drain never stack pipelines. The drains run on
 * short-lived daemon threads ({@code nemo-lens-drain}) that end soon after the last drain.
 */
final class PipelineDrain {

	/** How often a drain looks whether the spans under way have ended. */
	private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

	private final Duration drainTimeout;

	private final Duration shutdownTimeout;

	private final ThreadPoolExecutor threads;

	/** The pipeline draining for each signal and not yet closing. */
	private final Map<Signal, ExportingTelemetry> draining = new EnumMap<>(Signal.class);

	/** The pipelines closing now, to end them at shutdown. */
	private final Set<ExportingTelemetry> closing = Collections.newSetFromMap(new IdentityHashMap<>());

	private boolean shutDown;

	/**
	 * @param drainTimeout how long spans under way may still end
	 * @param shutdownTimeout how long a pipeline may take to close
	 */
	PipelineDrain(Duration drainTimeout, Duration shutdownTimeout) {
		this.drainTimeout = drainTimeout;
		this.shutdownTimeout = shutdownTimeout;
		this.threads = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 100, TimeUnit.MILLISECONDS,
				new SynchronousQueue<>(), (task) -> {
					Thread thread = new Thread(task, "nemo-lens-drain");
					thread.setDaemon(true);
					return thread;
				});
	}

	/**
	 * Drains a signal's pipeline in the background, then closes it.
	 * @param signal the signal that stopped
	 * @param sdk its pipeline
	 */
	synchronized void drain(Signal signal, ExportingTelemetry sdk) {
		if (this.shutDown) {
			return;
		}
		this.draining.put(signal, sdk);
		long deadline = System.nanoTime() + this.drainTimeout.toNanos();
		this.threads.execute(() -> drainThenClose(signal, sdk, deadline));
	}

	/**
	 * Takes back the pipeline a signal drains, unless its close has begun.
	 * @param signal the signal switched on again
	 * @return the pipeline, to serve the signal again, or {@code null} when none can be taken back
	 */
	synchronized ExportingTelemetry reclaim(Signal signal) {
		return this.draining.remove(signal);
	}

	private void drainThenClose(Signal signal, ExportingTelemetry sdk, long deadline) {
		if (signal == Signal.TRACES) {
			while (sdk.hasOpenSpans() && System.nanoTime() < deadline && stillDraining(signal, sdk)) {
				LockSupport.parkNanos(POLL_NANOS);
			}
		}
		synchronized (this) {
			if (this.draining.get(signal) != sdk) {
				// Reclaimed by a switch-on, or ended by the shutdown.
				return;
			}
			this.draining.remove(signal);
			this.closing.add(sdk);
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
				if (sdk.isStopped()) {
					this.closing.remove(sdk);
				}
			}
		}
	}

	private synchronized boolean stillDraining(Signal signal, ExportingTelemetry sdk) {
		return this.draining.get(signal) == sdk;
	}

	/**
	 * Ends every pipeline at once, those serving and those draining or closing, all together within
	 * the timeout; spans still open are ended, marked truncated. No drain starts after it.
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
			all.addAll(this.draining.values());
			all.addAll(this.closing);
			this.draining.clear();
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

}
