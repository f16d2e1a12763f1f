package nemo.lens.benchmarks.switching;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.sun.net.httpserver.HttpExchange;
import nemo.lens.benchmarks.LoopbackServer;

/**
 * An OTLP/HTTP receiver on {@code 127.0.0.1}, on a port the kernel picks, that notes when each
 * {@code POST /v1/traces} arrives ({@link System#nanoTime()} as its handler starts, before the
 * body is read) and answers every request, traces, metrics or logs, with an empty
 * {@code 200}: an empty protobuf message is a full success to the OTLP exporters. It decodes
 * nothing: the benchmark asks only when the first request after a switch arrived, and an
 * exporter sends a trace request only when it has spans.
 */
final class TraceReceiver implements AutoCloseable {

	private static final String TRACES = "/v1/traces";

	private final List<Long> traceArrivals = new ArrayList<>();

	private LoopbackServer server;

	private TraceReceiver() {
	}

	/**
	 * Starts a receiver on a free port of {@code 127.0.0.1}.
	 * @return the running receiver
	 */
	static TraceReceiver start() {
		TraceReceiver receiver = new TraceReceiver();
		receiver.server = LoopbackServer.start(receiver::handle, "switch-bench-receiver", 0);
		return receiver;
	}

	/** The base URL, as {@code OTEL_EXPORTER_OTLP_ENDPOINT} takes it. */
	String endpoint() {
		return this.server.endpoint();
	}

	/** How many trace requests arrived so far. */
	synchronized int traceRequests() {
		return this.traceArrivals.size();
	}

	/**
	 * Waits for a trace request to arrive, woken by each arrival.
	 * @param index which, counted from 0: {@link #traceRequests()} read before a switch is the
	 * first one after it
	 * @param timeout the longest wait
	 * @return its arrival, in {@link System#nanoTime()}
	 * @throws IllegalStateException when it has not arrived within the timeout
	 */
	synchronized long awaitTraceRequest(int index, Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (this.traceArrivals.size() <= index) {
			long left = deadline - System.nanoTime();
			if (left <= 0) {
				throw new IllegalStateException("No trace request " + (index + 1) + " within " + timeout + " (got "
						+ this.traceArrivals.size() + ")");
			}
			wait(Math.max(1, left / 1_000_000));
		}
		return this.traceArrivals.get(index);
	}

	private void handle(HttpExchange exchange) throws IOException {
		long arrived = System.nanoTime();
		try (exchange; InputStream body = exchange.getRequestBody()) {
			body.transferTo(OutputStream.nullOutputStream());
			if ("POST".equals(exchange.getRequestMethod()) && exchange.getRequestURI().getPath().endsWith(TRACES)) {
				arrived(arrived);
			}
			exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
			exchange.sendResponseHeaders(200, -1);
		}
	}

	private synchronized void arrived(long nanos) {
		this.traceArrivals.add(nanos);
		notifyAll();
	}

	@Override
	public void close() {
		this.server.stop();
	}

}
