package nemo.lens.benchmarks.switching;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Keeps a rank making spans, as a training loop would: one thread calls the sample application's
 * {@code GET /work} (a parent span and two children, exported once the rank is switched on) every
 * {@link #PAUSE} after the previous call returned, until closed. The pause paces the work, it waits
 * for nothing: a switch on is therefore followed by spans within about 10 ms, which bounds what the
 * pacing adds to a measured switch.
 */
final class WorkLoad implements AutoCloseable {

	/** About 100 calls, 300 spans, a second on an idle rank: steady, and light on two cores. */
	static final Duration PAUSE = Duration.ofMillis(10);

	private final SampleRank rank;

	private final Thread thread;

	private final AtomicLong calls = new AtomicLong();

	private final AtomicReference<Exception> failure = new AtomicReference<>();

	private volatile boolean running = true;

	private WorkLoad(SampleRank rank) {
		this.rank = rank;
		this.thread = new Thread(this::loop, "switch-bench-work");
		this.thread.setDaemon(true);
	}

	/**
	 * Starts calling the rank.
	 * @param rank the rank
	 * @return the running load
	 */
	static WorkLoad start(SampleRank rank) {
		WorkLoad load = new WorkLoad(rank);
		load.thread.start();
		return load;
	}

	private void loop() {
		try {
			while (this.running) {
				this.rank.get("/work");
				this.calls.incrementAndGet();
				Thread.sleep(PAUSE.toMillis());
			}
		}
		catch (InterruptedException ex) {
			// Closed while waiting: the loop ends.
		}
		catch (RuntimeException ex) {
			this.failure.set(ex);
		}
	}

	/**
	 * Fails when the load stopped on an error: a switch measured without work would wait for spans
	 * that nothing makes.
	 * @throws IllegalStateException when a call failed
	 */
	void check() {
		Exception failed = this.failure.get();
		if (failed != null) {
			throw new IllegalStateException("GET /work failed after " + this.calls.get() + " calls", failed);
		}
	}

	/** How many calls returned so far. */
	long calls() {
		return this.calls.get();
	}

	@Override
	public void close() throws InterruptedException {
		this.running = false;
		this.thread.interrupt();
		this.thread.join();
	}

}
