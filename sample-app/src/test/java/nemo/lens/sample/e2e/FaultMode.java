package nemo.lens.sample.e2e;

import java.time.Duration;

/**
 * How the receiver answers the next request. The test switches it while exporters keep sending, so
 * each switch replaces the whole state at once and each request takes its decision under the same
 * lock: a request counted against "the next three" can never be counted twice.
 */
final class FaultMode {

	/** What one request gets. */
	enum Answer {

		/** 200 with an empty export response, the data recorded. */
		RESPOND,

		/** 503, the data dropped; the OTLP exporters retry it. */
		UNAVAILABLE,

		/** No answer at all until the server stops. */
		BLACKHOLE

	}

	private Answer answer = Answer.RESPOND;

	/** For a timed UNAVAILABLE: until when, on the {@link System#nanoTime()} clock. */
	private long untilNanos;

	/** For a counted UNAVAILABLE: how many more requests; -1 when timed. */
	private int remaining;

	private Duration retryAfter;

	synchronized void respond() {
		set(Answer.RESPOND, 0, 0, null);
	}

	synchronized void blackhole() {
		set(Answer.BLACKHOLE, 0, 0, null);
	}

	synchronized void unavailableFor(Duration duration, Duration retryAfter) {
		set(Answer.UNAVAILABLE, System.nanoTime() + duration.toNanos(), -1, retryAfter);
	}

	synchronized void unavailableForRequests(int requests, Duration retryAfter) {
		if (requests < 0) {
			throw new IllegalArgumentException("requests must not be negative: " + requests);
		}
		set(Answer.UNAVAILABLE, 0, requests, retryAfter);
	}

	/** Decides for one request, using up one of a counted run of 503s. */
	synchronized Answer next() {
		if (this.answer == Answer.UNAVAILABLE) {
			boolean over = (this.remaining >= 0) ? this.remaining == 0 : System.nanoTime() - this.untilNanos >= 0;
			if (over) {
				respond();
			}
			else if (this.remaining > 0) {
				this.remaining--;
			}
		}
		return this.answer;
	}

	/** The {@code Retry-After} to send with a 503, or {@code null} for none. */
	synchronized Duration retryAfter() {
		return this.retryAfter;
	}

	private void set(Answer answer, long untilNanos, int remaining, Duration retryAfter) {
		this.answer = answer;
		this.untilNanos = untilNanos;
		this.remaining = remaining;
		this.retryAfter = retryAfter;
	}

}
