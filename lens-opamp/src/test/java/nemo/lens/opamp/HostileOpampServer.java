package nemo.lens.opamp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.Predicate;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import okio.ByteString;
import opamp.proto.AgentConfigFile;
import opamp.proto.AgentConfigMap;
import opamp.proto.AgentRemoteConfig;
import opamp.proto.AgentToServer;
import opamp.proto.RetryInfo;
import opamp.proto.ServerErrorResponse;
import opamp.proto.ServerErrorResponseType;
import opamp.proto.ServerToAgent;

/**
 * An OpAMP server that answers what a test tells it to, over real HTTP on 127.0.0.1, built with the
 * contrib client's own protocol classes: a valid remote configuration, bytes that are no OpAMP
 * message, an answer of any size (with or without its length), a redirect, an HTTP error with a
 * {@code Retry-After}, the server's error response with a retry hint. It records each request it
 * got (when, and the agent's message decoded) so that a test counts what the server side saw and
 * waits on it.
 */
final class HostileOpampServer implements AutoCloseable {

	private final HttpServer server;

	private final List<Long> arrivals = new ArrayList<>();

	private final List<AgentToServer> requests = new ArrayList<>();

	private volatile IntFunction<Reply> answers;

	private HostileOpampServer(IntFunction<Reply> answers) throws IOException {
		this.answers = answers;
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.createContext("/", this::handle);
		this.server.start();
	}

	/**
	 * Starts a server.
	 * @param answers the answer to the n-th request (from 0)
	 */
	static HostileOpampServer start(IntFunction<Reply> answers) throws IOException {
		return new HostileOpampServer(answers);
	}

	String endpoint() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort() + "/v1/opamp";
	}

	/** Answers from now on with these, by the index of the request. */
	void answer(IntFunction<Reply> answers) {
		this.answers = answers;
	}

	synchronized int requests() {
		return this.requests.size();
	}

	/** When each request arrived, {@link System#nanoTime()}. */
	synchronized List<Long> arrivals() {
		return List.copyOf(this.arrivals);
	}

	/** Waits until the server got this many requests; {@code false} at the time-out. */
	synchronized boolean awaitRequests(int count, Duration timeout) throws InterruptedException {
		return awaitRequest((request) -> this.requests.size() >= count, timeout);
	}

	/** Waits until a request the server got matches; {@code false} at the time-out. */
	synchronized boolean awaitRequest(Predicate<AgentToServer> condition, Duration timeout)
			throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (this.requests.stream().noneMatch(condition)) {
			long left = deadline - System.nanoTime();
			if (left <= 0) {
				return false;
			}
			wait(Math.max(1, left / 1_000_000));
		}
		return true;
	}

	/** The agent's effective configuration ({@code lens}) in a request, or empty text. */
	static String effectiveConfig(AgentToServer request) {
		if (request.effective_config == null || request.effective_config.config_map == null) {
			return "";
		}
		AgentConfigFile file = request.effective_config.config_map.config_map.get(OpampAgent.CONFIG_KEY);
		return (file != null) ? file.body.utf8() : "";
	}

	private void handle(HttpExchange exchange) throws IOException {
		int index;
		try (InputStream in = exchange.getRequestBody()) {
			AgentToServer request = AgentToServer.ADAPTER.decode(in.readAllBytes());
			synchronized (this) {
				index = this.requests.size();
				this.arrivals.add(System.nanoTime());
				this.requests.add(request);
				notifyAll();
			}
		}
		Reply reply = this.answers.apply(index);
		reply.headers().forEach(exchange.getResponseHeaders()::add);
		byte[] body = reply.body();
		if (body.length == 0) {
			exchange.sendResponseHeaders(reply.status(), -1);
			exchange.close();
			return;
		}
		exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
		// 0: chunked, no Content-Length; else the length.
		exchange.sendResponseHeaders(reply.status(), reply.chunked() ? 0 : body.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(body);
		}
		catch (IOException ex) {
			// The agent stopped reading, as it should past its ceiling.
		}
		finally {
			exchange.close();
		}
	}

	@Override
	public void close() {
		this.server.stop(0);
	}

	/**
	 * One answer.
	 *
	 * @param status the HTTP status
	 * @param headers its headers
	 * @param body its body, empty for none
	 * @param chunked sent without a Content-Length
	 */
	record Reply(int status, Map<String, String> headers, byte[] body, boolean chunked) {

		/** A remote configuration whose {@code lens} entry is this content, under its own hash. */
		static Reply config(String lens) {
			return config(lens, hash(lens));
		}

		/** A remote configuration whose {@code lens} entry is this content, under this hash. */
		static Reply config(String lens, byte[] hash) {
			return message(remote(Map.of(OpampAgent.CONFIG_KEY, lens.getBytes(StandardCharsets.UTF_8)), hash), false);
		}

		/**
		 * A remote configuration with a valid {@code lens} entry and another agent's entry this large.
		 */
		static Reply huge(String lens, int otherSize, boolean chunked) {
			Map<String, byte[]> entries = new LinkedHashMap<>();
			entries.put(OpampAgent.CONFIG_KEY, lens.getBytes(StandardCharsets.UTF_8));
			entries.put("collector", new byte[otherSize]);
			return message(remote(entries, hash(lens + otherSize)), chunked);
		}

		/** The server's error response: unavailable, retry after this many nanoseconds. */
		static Reply unavailable(long retryAfterNanos) {
			return message(new ServerToAgent.Builder()
				.error_response(new ServerErrorResponse.Builder()
					.type(ServerErrorResponseType.ServerErrorResponseType_Unavailable)
					.error_message("busy")
					.retry_info(new RetryInfo.Builder().retry_after_nanoseconds(retryAfterNanos).build())
					.build())
				.build()
				.encode(), false);
		}

		/** A 200 with these bytes as its body. */
		static Reply bytes(byte[] body) {
			return new Reply(200, Map.of(), body, false);
		}

		/** An answer with this status, no body, and these headers (name, value, ...). */
		static Reply status(int status, String... headers) {
			Map<String, String> map = new LinkedHashMap<>();
			for (int i = 0; i < headers.length; i += 2) {
				map.put(headers[i], headers[i + 1]);
			}
			return new Reply(status, map, new byte[0], false);
		}

		static byte[] hash(String text) {
			try {
				return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
			}
			catch (NoSuchAlgorithmException ex) {
				throw new IllegalStateException(ex);
			}
		}

		private static ServerToAgent remote(Map<String, byte[]> entries, byte[] hash) {
			Map<String, AgentConfigFile> files = new LinkedHashMap<>();
			entries.forEach((key, body) -> files.put(key,
					new AgentConfigFile(ByteString.of(body), EffectiveDecision.CONTENT_TYPE)));
			return new ServerToAgent.Builder()
				.remote_config(new AgentRemoteConfig.Builder().config(new AgentConfigMap(files))
					.config_hash(ByteString.of(hash))
					.build())
				.build();
		}

		private static Reply message(ServerToAgent message, boolean chunked) {
			return new Reply(200, Map.of(), message.encode(), chunked);
		}

		private static Reply message(byte[] encoded, boolean chunked) {
			return new Reply(200, Map.of(), encoded, chunked);
		}

	}

}
