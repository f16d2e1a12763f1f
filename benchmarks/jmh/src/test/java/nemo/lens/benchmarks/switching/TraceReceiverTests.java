package nemo.lens.benchmarks.switching;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The switch benchmark's receiver counts what an OTLP exporter sends as traces, and nothing else,
 * and answers every request with 200. No rank is started: that is for {@code benchmarks/run}.
 */
class TraceReceiverTests {

	private final HttpClient http = HttpClient.newHttpClient();

	@Test
	void countsTracePostsOnlyAndWakesTheWaiterWithTheArrival() throws Exception {
		try (TraceReceiver receiver = TraceReceiver.start()) {
			assertThat(post(receiver, "/v1/metrics")).isEqualTo(200);
			assertThat(receiver.traceRequests()).isZero();
			long before = System.nanoTime();
			assertThat(post(receiver, "/v1/traces")).isEqualTo(200);
			assertThat(receiver.awaitTraceRequest(0, Duration.ofSeconds(5))).isGreaterThan(before);
			assertThat(receiver.traceRequests()).isEqualTo(1);
			assertThatIllegalStateException().isThrownBy(() -> receiver.awaitTraceRequest(1, Duration.ofMillis(50)))
				.withMessageContaining("No trace request 2");
		}
	}

	private int post(TraceReceiver receiver, String path) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create(receiver.endpoint() + path))
			.header("Content-Type", "application/x-protobuf")
			.POST(HttpRequest.BodyPublishers.ofByteArray(new byte[] { 10, 0 }))
			.build();
		return this.http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
	}

}
