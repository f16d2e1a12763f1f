package nemo.lens.sdk;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rehearsal's receiver answers OTLP/HTTP requests, sized or chunked, with an empty success and
 * closes each connection, so that one exporter's idle connection never holds up another's.
 */
class RehearsalReceiverTests {

	private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	@Test
	void answersASizedRequestWithAnEmptySuccess() throws IOException, InterruptedException {
		try (RehearsalReceiver receiver = RehearsalReceiver.start()) {
			HttpResponse<byte[]> response = this.client.send(post(receiver, HttpRequest.BodyPublishers.ofByteArray(new byte[1000])),
					HttpResponse.BodyHandlers.ofByteArray());
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(response.body()).isEmpty();
			assertThat(receiver.requests()).isEqualTo(1);
		}
	}

	@Test
	void answersAChunkedRequest() throws IOException, InterruptedException {
		try (RehearsalReceiver receiver = RehearsalReceiver.start()) {
			HttpResponse<byte[]> response = this.client.send(
					post(receiver, HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(new byte[70_000]))),
					HttpResponse.BodyHandlers.ofByteArray());
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(receiver.requests()).isEqualTo(1);
		}
	}

	@Test
	void servesOneRequestAfterAnotherOnNewConnections() throws IOException, InterruptedException {
		try (RehearsalReceiver receiver = RehearsalReceiver.start()) {
			for (int i = 0; i < 3; i++) {
				HttpResponse<byte[]> response = this.client.send(post(receiver, HttpRequest.BodyPublishers.ofByteArray(new byte[10])),
						HttpResponse.BodyHandlers.ofByteArray());
				assertThat(response.headers().firstValue("Connection")).hasValue("close");
			}
			assertThat(receiver.requests()).isEqualTo(3);
		}
	}

	@Test
	void listensOnLoopbackOnly() throws IOException {
		try (RehearsalReceiver receiver = RehearsalReceiver.start()) {
			assertThat(receiver.endpoint()).startsWith("http://127.0.0.1:");
		}
	}

	private static HttpRequest post(RehearsalReceiver receiver, HttpRequest.BodyPublisher body) {
		return HttpRequest.newBuilder(URI.create(receiver.endpoint() + "/v1/traces"))
			.header("Content-Type", "application/x-protobuf")
			.POST(body)
			.build();
	}

}
