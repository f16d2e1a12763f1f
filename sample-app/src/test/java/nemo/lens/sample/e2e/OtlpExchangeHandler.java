package nemo.lens.sample.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

import com.google.protobuf.InvalidProtocolBufferException;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;
import io.opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse;
import io.opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest;
import io.opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;

/**
 * Answers one OTLP/HTTP request the way the current {@link FaultMode} says, and records what a
 * successful one carried, counting every request by its path first. Anything that is not a
 * binary-protobuf POST to a signal path (optionally under a prefix, one per rank) is refused
 * and written down as a failure, so a test can tell "nothing arrived" from "something wrong
 * arrived".
 */
final class OtlpExchangeHandler implements HttpHandler {

	static final String PROTOBUF = "application/x-protobuf";

	private final Recording recording;

	private final FaultMode faults;

	private final CountDownLatch stopped;

	/**
	 * @param stopped counted down when the server stops; black-holed requests wait for it, so that
	 * stopping never leaves a handler thread behind
	 */
	OtlpExchangeHandler(Recording recording, FaultMode faults, CountDownLatch stopped) {
		this.recording = recording;
		this.faults = faults;
		this.stopped = stopped;
	}

	@Override
	public void handle(HttpExchange exchange) throws IOException {
		try {
			answer(exchange);
		}
		catch (IOException ex) {
			// Usually the exporter gave up (its timeout) and closed the connection mid-request.
			this.recording.addFailure(describe(exchange) + ": " + ex);
		}
		finally {
			exchange.close();
		}
	}

	private void answer(HttpExchange exchange) throws IOException {
		String path = exchange.getRequestURI().getPath();
		this.recording.addPath(path);
		Signal signal = signalOf(path);
		if (signal == null) {
			reject(exchange, 404, "no such path");
			return;
		}
		this.recording.requests().increment(signal);
		this.recording.addHeaders(exchange.getRequestHeaders());
		if (!"POST".equals(exchange.getRequestMethod())) {
			reject(exchange, 405, "method not allowed");
			return;
		}
		String contentType = exchange.getRequestHeaders().getFirst("Content-Type");
		if (contentType == null || !contentType.toLowerCase(Locale.ROOT).startsWith(PROTOBUF)) {
			reject(exchange, 415, "content type " + contentType);
			return;
		}
		String encoding = exchange.getRequestHeaders().getFirst("Content-Encoding");
		if (encoding != null && !encoding.equalsIgnoreCase("gzip") && !encoding.equalsIgnoreCase("identity")) {
			reject(exchange, 415, "content encoding " + encoding);
			return;
		}
		byte[] body;
		try {
			body = readBody(exchange.getRequestBody(), "gzip".equalsIgnoreCase(encoding));
		}
		catch (ZipException ex) {
			reject(exchange, 400, "bad gzip body: " + ex.getMessage());
			return;
		}
		switch (this.faults.next()) {
			case BLACKHOLE -> hold(signal);
			case UNAVAILABLE -> unavailable(exchange, signal);
			case RESPOND -> record(exchange, signal, body);
		}
	}

	private void hold(Signal signal) {
		this.recording.blackholed().increment(signal);
		try {
			this.stopped.await();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private void unavailable(HttpExchange exchange, Signal signal) throws IOException {
		this.recording.unavailable().increment(signal);
		Duration retryAfter = this.faults.retryAfter();
		if (retryAfter != null) {
			// Retry-After counts whole seconds; round up so a client never comes back early.
			long seconds = (retryAfter.toMillis() + 999) / 1000;
			exchange.getResponseHeaders().set("Retry-After", Long.toString(seconds));
		}
		send(exchange, 503, new byte[0]);
	}

	private void record(HttpExchange exchange, Signal signal, byte[] body) throws IOException {
		byte[] response;
		try {
			switch (signal) {
				case TRACES -> {
					this.recording.addSpans(OtlpDecoder.spans(ExportTraceServiceRequest.parseFrom(body)));
					response = ExportTraceServiceResponse.getDefaultInstance().toByteArray();
				}
				case METRICS -> {
					this.recording.addMetrics(OtlpDecoder.metrics(ExportMetricsServiceRequest.parseFrom(body)));
					response = ExportMetricsServiceResponse.getDefaultInstance().toByteArray();
				}
				case LOGS -> {
					this.recording.addLogRecords(OtlpDecoder.logRecords(ExportLogsServiceRequest.parseFrom(body)));
					response = ExportLogsServiceResponse.getDefaultInstance().toByteArray();
				}
				default -> throw new IllegalStateException(signal.name());
			}
		}
		catch (InvalidProtocolBufferException ex) {
			reject(exchange, 400, "undecodable body: " + ex.getMessage());
			return;
		}
		send(exchange, 200, response);
	}

	private void reject(HttpExchange exchange, int status, String reason) throws IOException {
		this.recording.addFailure(describe(exchange) + ": " + status + " " + reason);
		send(exchange, status, new byte[0]);
	}

	private static byte[] readBody(InputStream body, boolean gzip) throws IOException {
		try (InputStream in = gzip ? new GZIPInputStream(body) : body) {
			return in.readAllBytes();
		}
	}

	private static void send(HttpExchange exchange, int status, byte[] body) throws IOException {
		exchange.getResponseHeaders().set("Content-Type", PROTOBUF);
		// -1 tells HttpServer "no body"; an empty protobuf message is zero bytes.
		exchange.sendResponseHeaders(status, (body.length == 0) ? -1 : body.length);
		if (body.length > 0) {
			exchange.getResponseBody().write(body);
		}
	}

	/** The signal of {@code /v1/traces} and the like, also under a prefix such as {@code /rank-3/v1/traces}. */
	private static Signal signalOf(String path) {
		for (Signal signal : Signal.values()) {
			if (path.endsWith(signal.path())) {
				return signal;
			}
		}
		return null;
	}

	private static String describe(HttpExchange exchange) {
		return exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath();
	}

}
