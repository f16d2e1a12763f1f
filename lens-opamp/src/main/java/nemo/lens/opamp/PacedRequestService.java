package nemo.lens.opamp;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import io.opentelemetry.opamp.client.internal.request.Request;
import io.opentelemetry.opamp.client.internal.response.OpampServerResponseException;
import io.opentelemetry.opamp.client.internal.response.Response;
import io.opentelemetry.opamp.client.request.service.RequestService;
import opamp.proto.ServerErrorResponse;
import opamp.proto.ServerToAgent;

/**
 * The contrib client's HTTP polling, replaced: one poll per interval, whatever the server answers,
 * and a poll that fails in any way is followed by the next one.
 * <p>
 * Why not the client's own {@code HttpRequestService} (1.53.0-alpha): it catches only
 * {@code IOException} and time-outs around the decoding of an answer, so a malformed answer
 * ({@code IllegalStateException}, {@code ArrayIndexOutOfBoundsException} from the decoder) or an
 * unreadable {@code Retry-After} ({@code NumberFormatException}) ends its poll task for good, with
 * no log line; it reads an answer of any size; it sends a request on every change of state (each
 * remote configuration's status, each effective configuration), so a server that answers each
 * request with a new configuration sets the pace; it takes a server's retry hint as it comes
 * (negative: a loop; a year: silence); and it reports an HTTP error to no one. None of that can be
 * changed from outside it, so the client gets this service instead (its {@code RequestService} is
 * the client's public seam for that).
 * <p>
 * Each poll's outcome goes to the client's callback: a usable answer as a success, anything else
 * (no answer, an HTTP status other than 2xx, an answer too large or not an OpAMP message, the
 * server's error response, an exception anywhere in the poll) as a connection failure with the
 * reason, after which the client keeps what the failed request carried for the next one. A change
 * of state the client asks to send waits for the next poll: it is carried then.
 */
final class PacedRequestService implements RequestService {

	private final HttpTransport transport;

	private final Pace pace;

	private volatile Callback callback;

	private volatile Supplier<Request> requests;

	private volatile boolean stopped;

	private final AtomicBoolean polling = new AtomicBoolean();

	PacedRequestService(HttpTransport transport, Pace pace) {
		this.transport = transport;
		this.pace = pace;
	}

	@Override
	public void start(Callback callback, Supplier<Request> requests) {
		this.callback = Objects.requireNonNull(callback, "callback must not be null");
		this.requests = Objects.requireNonNull(requests, "requests must not be null");
	}

	/**
	 * The first call starts the polls: the client calls it once it is ready to build its first,
	 * full request. After that, paced: what changed is carried by the next poll, at most one
	 * interval away.
	 */
	@Override
	public void sendRequest() {
		if (this.polling.compareAndSet(false, true)) {
			this.transport.executor().execute(this::poll);
		}
	}

	@Override
	public void stop() {
		this.stopped = true;
	}

	/** One poll, then the next one scheduled, whatever happened: this task is the agent's only heartbeat. */
	private void poll() {
		if (this.stopped) {
			return;
		}
		long started = System.nanoTime();
		Duration wait = this.pace.interval();
		try {
			wait = exchange();
		}
		catch (RuntimeException | Error ex) {
			failed("the poll failed: " + describe(ex));
		}
		finally {
			if (!this.stopped) {
				long delay = Math.max(0, started + wait.toNanos() - System.nanoTime());
				try {
					this.transport.executor().schedule(this::poll, delay, TimeUnit.NANOSECONDS);
				}
				catch (RejectedExecutionException ex) {
					// The transport closed meanwhile: the rank shuts down.
				}
			}
		}
	}

	/** Sends the client's request and hands it the answer; returns how long to wait before the next. */
	private Duration exchange() {
		byte[] body = this.requests.get().getAgentToServer().encode();
		HttpTransport.Answer answer;
		try {
			answer = this.transport.post(body);
		}
		catch (IOException ex) {
			failed("no usable answer: " + describe(ex));
			return this.pace.interval();
		}
		if (!answer.successful()) {
			String reason = (answer.reason() == null || answer.reason().isBlank()) ? "" : " " + answer.reason();
			failed("HTTP " + answer.status() + printable(reason)
					+ ((answer.status() / 100 == 3) ? " (a redirect, not followed)" : ""));
			return this.pace.afterRetryAfter(answer.retryAfter(), Instant.now());
		}
		ServerToAgent message;
		try {
			message = ServerToAgent.ADAPTER.decode(answer.body());
		}
		catch (IOException | RuntimeException ex) {
			failed("an answer that is not an OpAMP message (" + describe(ex) + ")");
			return this.pace.interval();
		}
		ServerErrorResponse error = message.error_response;
		if (error != null) {
			String why = "the server answered an error (" + error.type + printable(": " + error.error_message) + ")";
			// As a failure, and as the server's error, which the client tells the agent.
			this.callback.onConnectionFailed(new PollFailure(why));
			this.callback.onRequestFailed(new OpampServerResponseException(error, why));
			return (error.retry_info != null) ? this.pace.afterNanos(error.retry_info.retry_after_nanoseconds)
					: this.pace.interval();
		}
		this.callback.onConnectionSuccess();
		this.callback.onRequestSuccess(Response.create(message));
		return this.pace.interval();
	}

	/** Tells the client a poll failed: the agent, and the client keeps the request's content for the next. */
	private void failed(String why) {
		PollFailure failure = new PollFailure(why);
		this.callback.onConnectionFailed(failure);
		this.callback.onRequestFailed(failure);
	}

	private static String describe(Throwable ex) {
		return ex.getClass().getSimpleName() + ((ex.getMessage() != null) ? printable(": " + ex.getMessage()) : "");
	}

	/**
	 * What a server wrote, fit for a log line: visible ASCII and spaces, at most 200 characters; the
	 * rest is the server's to log.
	 */
	static String printable(String text) {
		StringBuilder out = new StringBuilder(Math.min(text.length(), 201));
		for (int i = 0; i < text.length() && out.length() < 200; i++) {
			char c = text.charAt(i);
			out.append((c >= 0x20 && c < 0x7f) ? c : '?');
		}
		return (text.length() > 200) ? out.append("...").toString() : out.toString();
	}

	/** Why a poll failed, as the agent tells it. */
	static final class PollFailure extends Exception {

		private static final long serialVersionUID = 1L;

		PollFailure(String why) {
			super(why, null, false, false);
		}

	}

}
