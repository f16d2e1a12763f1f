package nemo.lens.benchmarks.fleet;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;

import com.sun.net.httpserver.HttpExchange;
import nemo.lens.benchmarks.LoopbackServer;

/**
 * The fleet's collector: one OTLP/HTTP (protobuf) receiver on {@code 127.0.0.1} that answers every
 * export with an empty {@code 200} and counts, per rank (from the {@code dl.rank} resource
 * attribute), requests, bytes, spans, metric data points and log records, and when each request
 * with spans arrived ({@link System#nanoTime()} as its handler starts, before the body is read).
 * <p>
 * Waiting is on arrivals: {@link #await} is woken by each request, never polls on a timer.
 */
public final class FleetReceiver implements AutoCloseable {

	/** What one rank sent so far. */
	public static final class RankLoad {

		long requests;

		long bytes;

		long spans;

		long points;

		long logs;

		long latestSpanStart;

		final List<Long> spanArrivals = new ArrayList<>();

		RankLoad copy() {
			RankLoad copy = new RankLoad();
			copy.requests = this.requests;
			copy.bytes = this.bytes;
			copy.spans = this.spans;
			copy.points = this.points;
			copy.logs = this.logs;
			copy.latestSpanStart = this.latestSpanStart;
			copy.spanArrivals.addAll(this.spanArrivals);
			return copy;
		}

		/** Requests of every signal. */
		public long requests() {
			return this.requests;
		}

		/** Request bytes (bodies) of every signal. */
		public long bytes() {
			return this.bytes;
		}

		/** Spans. */
		public long spans() {
			return this.spans;
		}

		/** Metric data points. */
		public long points() {
			return this.points;
		}

		/** The latest start time (wall clock, ns since the epoch) of any span received. */
		public long latestSpanStart() {
			return this.latestSpanStart;
		}

	}

	private final Map<Integer, RankLoad> ranks = new HashMap<>();

	private LoopbackServer server;

	private FleetReceiver() {
	}

	/**
	 * Starts a receiver on a free port of {@code 127.0.0.1}.
	 * @return the running receiver
	 */
	public static FleetReceiver start() {
		FleetReceiver receiver = new FleetReceiver();
		// A backlog for a whole fleet connecting at once after a job-wide switch.
		receiver.server = LoopbackServer.start(receiver::handle, "fleet-receiver", 1024);
		return receiver;
	}

	/** The base URL, as {@code OTEL_EXPORTER_OTLP_ENDPOINT} takes it. */
	public String endpoint() {
		return this.server.endpoint();
	}

	/** A copy of what every rank sent so far, by rank. */
	public synchronized Map<Integer, RankLoad> snapshot() {
		Map<Integer, RankLoad> copy = new TreeMap<>();
		this.ranks.forEach((rank, load) -> copy.put(rank, load.copy()));
		return copy;
	}

	/**
	 * The first arrival of a request with spans from a rank at or after a time.
	 * @return the arrival in {@link System#nanoTime()}, or {@code -1} when none yet
	 */
	public synchronized long firstSpanArrivalAfter(int rank, long nanos) {
		RankLoad load = this.ranks.get(rank);
		if (load != null) {
			for (long arrival : load.spanArrivals) {
				if (arrival >= nanos) {
					return arrival;
				}
			}
		}
		return -1;
	}

	/**
	 * The last arrival of a request with spans from a rank.
	 * @return the arrival in {@link System#nanoTime()}, or {@code -1} when none
	 */
	public synchronized long lastSpanArrival(int rank) {
		RankLoad load = this.ranks.get(rank);
		return (load == null || load.spanArrivals.isEmpty()) ? -1 : load.spanArrivals.get(load.spanArrivals.size() - 1);
	}

	/**
	 * Waits until a condition over what was received holds, checked at each arrival.
	 * @return whether it held within the timeout
	 */
	public synchronized boolean await(BooleanSupplier condition, Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (!condition.getAsBoolean()) {
			long left = deadline - System.nanoTime();
			if (left <= 0) {
				return false;
			}
			wait(Math.max(1, left / 1_000_000));
		}
		return true;
	}

	private void handle(HttpExchange exchange) throws IOException {
		long arrived = System.nanoTime();
		try (exchange; InputStream in = exchange.getRequestBody()) {
			byte[] body = in.readAllBytes();
			String path = exchange.getRequestURI().getPath();
			String signal = path.endsWith("/v1/traces") ? "traces" : path.endsWith("/v1/metrics") ? "metrics" : "logs";
			if ("POST".equals(exchange.getRequestMethod())) {
				Map<Integer, OtlpCounts.Tally> tallies;
				try {
					tallies = OtlpCounts.decode(body, signal);
				}
				catch (RuntimeException ex) {
					tallies = Map.of(-1, new OtlpCounts.Tally());
				}
				received(arrived, body.length, tallies);
			}
			exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
			exchange.sendResponseHeaders(200, -1);
		}
	}

	private synchronized void received(long arrived, int bytes, Map<Integer, OtlpCounts.Tally> tallies) {
		// A request is counted once, on the first rank it names: Lens ranks send one resource each.
		boolean first = true;
		for (Map.Entry<Integer, OtlpCounts.Tally> entry : tallies.entrySet()) {
			RankLoad load = this.ranks.computeIfAbsent(entry.getKey(), (key) -> new RankLoad());
			OtlpCounts.Tally tally = entry.getValue();
			if (first) {
				load.requests++;
				load.bytes += bytes;
				first = false;
			}
			load.spans += tally.spans;
			load.points += tally.points;
			load.logs += tally.logs;
			load.latestSpanStart = Math.max(load.latestSpanStart, tally.latestSpanStart);
			if (tally.spans > 0) {
				load.spanArrivals.add(arrived);
			}
		}
		notifyAll();
	}

	@Override
	public void close() {
		this.server.stop();
	}

}
