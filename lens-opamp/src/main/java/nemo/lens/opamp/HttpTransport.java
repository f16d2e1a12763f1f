package nemo.lens.opamp;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import okhttp3.Call;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.ResponseBody;

/**
 * OpAMP's HTTP transport for one rank: one POST a poll, sent on the rank's own daemon thread
 * ({@code nemo-lens-opamp}), its answer read whole but never past {@link #MAX_ANSWER}, each request
 * carrying the configured headers. {@link #close()} stops the thread and cancels a request in
 * flight, so that a rank leaves no thread behind and never waits for one at exit.
 */
final class HttpTransport implements AutoCloseable {

	/** How long one request may take, connection and answer included. */
	static final Duration CALL_TIMEOUT = Duration.ofSeconds(10);

	/**
	 * The largest answer read: far above what Lens's content needs (64 KiB, {@link OpampAgent#MAX_CONTENT})
	 * and another agent's entries beside it, far below what would strain a rank's heap. Refused while
	 * it is read, before anything is decoded: an answer of 400 MB took a rank down.
	 */
	static final int MAX_ANSWER = 4 * 1024 * 1024;

	private static final MediaType PROTOBUF = MediaType.get("application/x-protobuf");

	private final String endpoint;

	private final ScheduledThreadPoolExecutor executor;

	private final OkHttpClient client;

	private volatile Call current;

	HttpTransport(String endpoint, Map<String, String> headers) {
		this.endpoint = endpoint;
		this.executor = new ScheduledThreadPoolExecutor(1, (runnable) -> {
			Thread thread = new Thread(runnable, "nemo-lens-opamp");
			thread.setDaemon(true);
			return thread;
		});
		// Stopped means stopped: no poll scheduled before the shutdown runs after it.
		this.executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
		this.executor.setContinueExistingPeriodicTasksAfterShutdownPolicy(false);
		this.executor.setRemoveOnCancelPolicy(true);
		// No redirect is followed: the headers hold credentials, and OkHttp would send all but
		// Authorization to whatever origin an answer names; a redirect counts as a failed poll.
		OkHttpClient.Builder builder = new OkHttpClient.Builder().callTimeout(CALL_TIMEOUT)
			.connectTimeout(CALL_TIMEOUT)
			.followRedirects(false)
			.followSslRedirects(false);
		if (!headers.isEmpty()) {
			builder.addInterceptor((chain) -> {
				Request.Builder request = chain.request().newBuilder();
				headers.forEach(request::header);
				return chain.proceed(request.build());
			});
		}
		this.client = builder.build();
	}

	/** The thread the rank polls on, for the agent's own periodic work too. */
	ScheduledExecutorService executor() {
		return this.executor;
	}

	/**
	 * Sends one request and reads its answer, on the calling thread.
	 * @param body the encoded {@code AgentToServer}
	 * @return the answer: its status, and its body when the status is 2xx
	 * @throws IOException when no answer came, within {@link #CALL_TIMEOUT}, or it is larger than
	 * {@link #MAX_ANSWER}
	 */
	Answer post(byte[] body) throws IOException {
		Call call = this.client.newCall(new Request.Builder().url(this.endpoint)
			.post(RequestBody.create(body, PROTOBUF))
			.build());
		this.current = call;
		try (Response response = call.execute()) {
			String retryAfter = response.header("Retry-After");
			if (!response.isSuccessful()) {
				return new Answer(response.code(), response.message(), null, retryAfter);
			}
			return new Answer(response.code(), response.message(), bounded(response.body()), retryAfter);
		}
		finally {
			this.current = null;
		}
	}

	/** The body, read up to one byte past the ceiling; its length header is checked first, never trusted. */
	private static byte[] bounded(ResponseBody body) throws IOException {
		long length = body.contentLength();
		if (length > MAX_ANSWER) {
			throw new IOException(tooLarge(length + " bytes by its Content-Length"));
		}
		try (InputStream in = body.byteStream()) {
			byte[] bytes = in.readNBytes(MAX_ANSWER + 1);
			if (bytes.length > MAX_ANSWER) {
				throw new IOException(tooLarge("more than " + MAX_ANSWER + " bytes"));
			}
			return bytes;
		}
	}

	private static String tooLarge(String size) {
		return "an answer of " + size + " is refused: answers are read up to " + (MAX_ANSWER / (1024 * 1024))
				+ " MiB";
	}

	@Override
	public void close() {
		this.executor.shutdownNow();
		Call call = this.current;
		if (call != null) {
			call.cancel();
		}
		this.client.connectionPool().evictAll();
		try {
			this.executor.awaitTermination(1, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * A server's answer.
	 *
	 * @param status the HTTP status
	 * @param reason the status line's reason, as the server wrote it
	 * @param body the body of a 2xx answer, else {@code null}
	 * @param retryAfter the {@code Retry-After} header, or {@code null}
	 */
	record Answer(int status, String reason, byte[] body, String retryAfter) {

		boolean successful() {
			return this.body != null;
		}

	}

}
