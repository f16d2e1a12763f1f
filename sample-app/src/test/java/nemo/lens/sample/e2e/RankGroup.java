package nemo.lens.sample.e2e;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The ranks of one job, each a {@link SampleAppProcess}, all started at once as a launcher starts
 * them, so their start-ups overlap.
 */
public final class RankGroup implements AutoCloseable {

	private final List<SampleAppProcess> ranks;

	private RankGroup(List<SampleAppProcess> ranks) {
		this.ranks = ranks;
	}

	/** The ranks a test started itself, in rank order, such as some under a wrapper. */
	public static RankGroup of(List<SampleAppProcess> ranks) {
		return new RankGroup(List.copyOf(ranks));
	}

	/**
	 * Starts {@code worldSize} ranks without waiting for any.
	 * @param name prefixes each rank's log name
	 * @param environment the whole environment of one rank
	 */
	public static RankGroup start(String name, int worldSize, IntFunction<Map<String, String>> environment) {
		List<SampleAppProcess> ranks = new ArrayList<>();
		try {
			for (int rank = 0; rank < worldSize; rank++) {
				ranks.add(SampleAppProcess.start(name + "-rank" + rank, environment.apply(rank)));
			}
		}
		catch (RuntimeException ex) {
			ranks.forEach(SampleAppProcess::close);
			throw ex;
		}
		return new RankGroup(List.copyOf(ranks));
	}

	/** Waits until every rank is healthy; their start-ups run side by side meanwhile. */
	public RankGroup awaitHealthy(Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		for (SampleAppProcess rank : this.ranks) {
			rank.awaitHealthy(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
		}
		return this;
	}

	/** The ranks, by rank. */
	public List<SampleAppProcess> ranks() {
		return this.ranks;
	}

	public SampleAppProcess rank(int rank) {
		return this.ranks.get(rank);
	}

	public int size() {
		return this.ranks.size();
	}

	/**
	 * Sends SIGTERM to every rank at once, as a scheduler ends a job, then waits for each.
	 * @return each rank's time from the signal to its exit, by rank
	 */
	public Map<Integer, Duration> terminate(Duration timeout) {
		long start = System.nanoTime();
		List<Thread> stopping = new ArrayList<>();
		Map<Integer, Duration> exits = new LinkedHashMap<>();
		List<AssertionError> failures = new ArrayList<>();
		for (int rank = 0; rank < this.ranks.size(); rank++) {
			int index = rank;
			Thread thread = new Thread(() -> {
				try {
					Duration exit = this.ranks.get(index).terminate(timeout);
					synchronized (exits) {
						exits.put(index, exit);
					}
				}
				catch (AssertionError ex) {
					synchronized (failures) {
						failures.add(ex);
					}
				}
			}, "terminate-rank" + rank);
			thread.start();
			stopping.add(thread);
		}
		for (Thread thread : stopping) {
			try {
				// terminate(timeout) returns within the timeout plus a forced kill.
				thread.join(timeout.plusSeconds(10).toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		}
		if (!failures.isEmpty()) {
			throw failures.get(0);
		}
		Map<Integer, Duration> byRank = new LinkedHashMap<>();
		for (int rank = 0; rank < this.ranks.size(); rank++) {
			byRank.put(rank, exits.get(rank));
		}
		if (byRank.containsValue(null)) {
			throw new AssertionError("Not every rank exited after SIGTERM within " + timeout + " ("
					+ Duration.ofNanos(System.nanoTime() - start) + " passed): " + byRank);
		}
		return byRank;
	}

	/** Kills whatever rank a test left running. */
	@Override
	public void close() {
		this.ranks.forEach(SampleAppProcess::close);
	}

}
