package nemo.lens.sample.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import okio.ByteString;
import opamp.proto.AgentToServer;

/**
 * An HTTP proxy on 127.0.0.1 in front of a real OpAMP server, which passes each poll through to
 * it, or answers a number of each agent's next polls with a fault of its own: bytes that are no
 * OpAMP message, or an HTTP 500. Where the server is down it drops the connection unanswered, as
 * the server itself would. Agents are told apart by their instance id, so that every agent gets
 * its faults; a test waits until they all did.
 */
final class OpampFaultProxy implements AutoCloseable {

	/** A fault the proxy answers with instead of the server. */
	enum Fault {

		/** A 200 whose body the OpAMP decoder fails on ({@code IllegalStateException}). */
		MALFORMED,

		/** A 500 with no body. */
		SERVER_ERROR

	}

	private final HttpServer server;

	private final String upstream;

	private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	/** The faults each agent has still to get, by instance id. */
	private final Map<ByteString, Integer> left = new HashMap<>();

	private Fault fault;

	private int perAgent;

	private OpampFaultProxy(String upstream) throws IOException {
		this.upstream = upstream;
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.createContext("/", this::handle);
		this.server.start();
	}

	static OpampFaultProxy start(String upstream) throws IOException {
		return new OpampFaultProxy(upstream);
	}

	String endpoint() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort() + "/v1/opamp";
	}

	/** Answers the next polls of each agent seen from now on with a fault, this many times each. */
	synchronized void inject(Fault fault, int perAgent) {
		this.fault = fault;
		this.perAgent = perAgent;
		this.left.clear();
	}

	/** Waits until this many agents got all their faults; {@code false} at the time-out. */
	synchronized boolean awaitFaultsServed(int agents, Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (this.left.values().stream().filter((count) -> count == 0).count() < agents) {
			long wait = (deadline - System.nanoTime()) / 1_000_000;
			if (wait <= 0) {
				return false;
			}
			wait(wait);
		}
		return true;
	}

	private void handle(HttpExchange exchange) throws IOException {
		byte[] body;
		try (InputStream in = exchange.getRequestBody()) {
			body = in.readAllBytes();
		}
		Fault now = take(AgentToServer.ADAPTER.decode(body).instance_uid);
		if (now == Fault.MALFORMED) {
			reply(exchange, 200, new byte[] { 0x49 });
			return;
		}
		if (now == Fault.SERVER_ERROR) {
			reply(exchange, 500, new byte[0]);
			return;
		}
		HttpResponse<byte[]> answer;
		try {
			answer = this.client.send(HttpRequest.newBuilder(URI.create(this.upstream))
				.timeout(Duration.ofSeconds(5))
				.header("Content-Type", "application/x-protobuf")
				.POST(HttpRequest.BodyPublishers.ofByteArray(body))
				.build(), HttpResponse.BodyHandlers.ofByteArray());
		}
		catch (IOException ex) {
			// The server is down: the connection ends unanswered, as it would without the proxy.
			exchange.close();
			return;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			exchange.close();
			return;
		}
		reply(exchange, answer.statusCode(), answer.body());
	}

	private synchronized Fault take(ByteString agent) {
		if (this.fault == null) {
			return null;
		}
		int count = this.left.computeIfAbsent(agent, (key) -> this.perAgent);
		if (count == 0) {
			return null;
		}
		this.left.put(agent, count - 1);
		notifyAll();
		return this.fault;
	}

	private static void reply(HttpExchange exchange, int status, byte[] body) throws IOException {
		exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
		exchange.sendResponseHeaders(status, (body.length == 0) ? -1 : body.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(body);
		}
		finally {
			exchange.close();
		}
	}

	@Override
	public void close() {
		this.server.stop(0);
	}

}
