package nemo.lens.sample.e2e;

import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Traffic on one process: {@code GET /work} (three spans each) from a few threads, with a
 * {@code GET /actuator/health} every so often, bounded both in calls and in time. It records how
 * many answered 200 and how long the slowest took, which is how a test tells that the application
 * kept serving. It does not count spans: what the application made is what it says it served
 * ({@code GET /work/served}, and its count at shutdown), not what this client saw answered.
 */
public final class WorkLoad {

	/** One health check per this many calls. */
	private static final int HEALTH_EVERY = 50;

	private WorkLoad() {
	}

	/**
	 * Drives the load and returns when {@code calls} were made or {@code limit} passed.
	 * @param calls how many requests in all, {@code /work} and health checks together
	 * @param threads how many at once
	 */
	public static Result drive(SampleAppProcess app, int calls, int threads, Duration limit) {
		long start = System.nanoTime();
		long deadline = start + limit.toNanos();
		AtomicInteger tickets = new AtomicInteger();
		AtomicInteger work = new AtomicInteger();
		AtomicInteger ok = new AtomicInteger();
		AtomicLong slowestNanos = new AtomicLong();
		List<String> failures = Collections.synchronizedList(new ArrayList<>());
		List<Thread> workers = new ArrayList<>();
		for (int i = 0; i < threads; i++) {
			Thread worker = new Thread(() -> {
				int ticket;
				while ((ticket = tickets.getAndIncrement()) < calls && System.nanoTime() - deadline < 0) {
					boolean health = ticket % HEALTH_EVERY == HEALTH_EVERY - 1;
					String path = health ? "/actuator/health" : "/work";
					long sent = System.nanoTime();
					try {
						int status = app.get(path).statusCode();
						slowestNanos.accumulateAndGet(System.nanoTime() - sent, Math::max);
						if (!health) {
							work.incrementAndGet();
						}
						if (status == 200) {
							ok.incrementAndGet();
						}
						else if (failures.size() < 10) {
							failures.add(path + " answered " + status);
						}
					}
					catch (UncheckedIOException ex) {
						if (failures.size() < 10) {
							failures.add(path + ": " + ex.getCause());
						}
					}
				}
			}, "work-load-" + i);
			worker.start();
			workers.add(worker);
		}
		for (Thread worker : workers) {
			try {
				// Each request times out after 10 s, so a worker ends at most that long after the deadline.
				worker.join(limit.plusSeconds(15).toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		}
		int made = Math.min(tickets.get(), calls);
		return new Result(made, work.get(), ok.get(), Duration.ofNanos(slowestNanos.get()),
				Duration.ofNanos(System.nanoTime() - start), List.copyOf(failures));
	}

	/**
	 * What a load did.
	 *
	 * @param calls requests made
	 * @param workCalls of which {@code GET /work}
	 * @param ok requests answered 200
	 * @param slowest the longest answer
	 * @param elapsed the whole load
	 * @param failures the first few requests that did not answer 200, and why
	 */
	public record Result(int calls, int workCalls, int ok, Duration slowest, Duration elapsed, List<String> failures) {

		@Override
		public String toString() {
			return this.ok + " of " + this.calls + " answered 200 in " + this.elapsed.toMillis() + " ms, slowest "
					+ this.slowest.toMillis() + " ms" + (this.failures.isEmpty() ? "" : ", failures " + this.failures);
		}

	}

}
