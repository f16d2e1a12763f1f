package nemo.lens.sample.e2e;

import java.io.IOException;
import java.net.ConnectException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The receiver at the HTTP level, with hand-made requests: the answers an exporter never shows, and
 * what happens at the socket when it stops.
 */
class OtlpReceiverHttpTests {

	private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	/** A new one for each test: JUnit makes a new instance of the class per test method. */
	private final OtlpReceiver receiver = OtlpReceiver.start();

	@AfterEach
	void closeReceiver() {
		this.receiver.close();
	}

	@Test
	void successAnswersAnEmptyExportResponseAsProtobuf() throws Exception {
		HttpResponse<byte[]> response = send(post("/v1/traces", "application/x-protobuf", spans(rank(7))));

		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("Content-Type")).contains("application/x-protobuf");
		assertThat(ExportTraceServiceResponse.parseFrom(response.body()))
			.isEqualTo(ExportTraceServiceResponse.getDefaultInstance());
		assertThat(this.receiver.ranksWithSpans()).containsExactly(7L);
	}

	@Test
	void spansWithoutAnIntegerRankStayOutOfTheRankQueries() throws Exception {
		KeyValue rankAsText = KeyValue.newBuilder()
			.setKey("dl.rank")
			.setValue(AnyValue.newBuilder().setStringValue("3"))
			.build();

		send(post("/v1/traces", "application/x-protobuf", spans(Resource.getDefaultInstance())));
		send(post("/v1/traces", "application/x-protobuf", spans(Resource.newBuilder().addAttributes(rankAsText).build())));

		assertThat(this.receiver.spans()).hasSize(2);
		assertThat(this.receiver.spansByRank()).isEmpty();
		assertThat(this.receiver.spans().get(1).resource().attribute("dl.rank")).contains("3");
	}

	@Test
	void requestThatIsNotBinaryProtobufIsRefusedAndNoted() throws Exception {
		HttpResponse<byte[]> response = send(post("/v1/traces", "application/json", "{}".getBytes(StandardCharsets.UTF_8)));

		assertThat(response.statusCode()).isEqualTo(415);
		assertThat(this.receiver.failures()).singleElement().asString().contains("415");
		assertThat(this.receiver.requestCount(Signal.TRACES)).isEqualTo(1);
	}

	@Test
	void undecodableBodyIsRefusedAndNoted() throws Exception {
		HttpResponse<byte[]> response = send(post("/v1/metrics", "application/x-protobuf", new byte[] { (byte) 0xff }));

		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(this.receiver.failures()).singleElement().asString().contains("undecodable");
	}

	@Test
	void unknownPathIsNotFound() throws Exception {
		HttpResponse<byte[]> response = send(post("/v1/profiles", "application/x-protobuf", new byte[0]));

		assertThat(response.statusCode()).isEqualTo(404);
	}

	@Test
	void timedUnavailabilityAnswers503WithRetryAfterThenRecoversByItself() throws Exception {
		// The window is wide enough for a first request on a busy machine; the end is waited for.
		Duration window = Duration.ofSeconds(2);
		long start = System.nanoTime();
		this.receiver.unavailableFor(window, Duration.ofMillis(1500));

		HttpResponse<byte[]> during = send(post("/v1/traces", "application/x-protobuf", spans(rank(0))));
		AtomicReference<HttpResponse<byte[]>> after = new AtomicReference<>(during);
		AtomicInteger answered503 = new AtomicInteger((during.statusCode() == 503) ? 1 : 0);
		boolean recovered = this.receiver.awaitUntil(() -> {
			HttpResponse<byte[]> response = sendUnchecked(post("/v1/traces", "application/x-protobuf", spans(rank(0))));
			after.set(response);
			if (response.statusCode() == 503) {
				answered503.incrementAndGet();
				return false;
			}
			return true;
		}, Duration.ofSeconds(30));
		Duration recoveredAfter = Duration.ofNanos(System.nanoTime() - start);

		assertThat(during.statusCode()).isEqualTo(503);
		assertThat(during.headers().firstValue("Retry-After")).contains("2");
		assertThat(recovered).isTrue();
		assertThat(after.get().statusCode()).isEqualTo(200);
		assertThat(recoveredAfter).isGreaterThanOrEqualTo(window);
		assertThat(this.receiver.unavailableCount(Signal.TRACES)).isEqualTo(answered503.get());
		assertThat(this.receiver.spans()).hasSize(1);
	}

	@Test
	void closeLetsABlackholedRequestGoWithinASecond() throws Exception {
		this.receiver.blackhole();
		CompletableFuture<HttpResponse<byte[]>> held = this.client
			.sendAsync(post("/v1/traces", "application/x-protobuf", spans(rank(0))), BodyHandlers.ofByteArray());
		assertThat(this.receiver.awaitUntil(() -> this.receiver.blackholedCount(Signal.TRACES) == 1,
				Duration.ofSeconds(5)))
			.isTrue();
		assertThat(held).isNotDone();

		long start = System.nanoTime();
		this.receiver.close();

		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(1));
		assertThatExceptionOfType(Exception.class).isThrownBy(() -> held.get(1, TimeUnit.SECONDS))
			.withCauseInstanceOf(IOException.class);
	}

	@Test
	void stoppedReceiverRefusesConnectionsOnItsPortUntilRestarted() throws Exception {
		this.receiver.stop();

		assertThat(this.receiver.isListening()).isFalse();
		assertThatExceptionOfType(ConnectException.class).isThrownBy(() -> connect(this.receiver.port()));

		this.receiver.restart();

		assertThat(this.receiver.isListening()).isTrue();
		connect(this.receiver.port());
	}

	@Test
	void otelEnvironmentPointsAChildJvmAtTheLoopbackPort() {
		assertThat(this.receiver.otelEnvironment())
			.containsEntry("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:" + this.receiver.port())
			.containsEntry("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf")
			.containsEntry("OTEL_BSP_SCHEDULE_DELAY", "100")
			.containsEntry("OTEL_METRIC_EXPORT_INTERVAL", "500");
	}

	private HttpRequest post(String path, String contentType, byte[] body) {
		return HttpRequest.newBuilder(URI.create(this.receiver.endpoint() + path))
			.header("Content-Type", contentType)
			.POST(HttpRequest.BodyPublishers.ofByteArray(body))
			.timeout(Duration.ofSeconds(5))
			.build();
	}

	private HttpResponse<byte[]> send(HttpRequest request) throws IOException, InterruptedException {
		return this.client.send(request, BodyHandlers.ofByteArray());
	}

	private HttpResponse<byte[]> sendUnchecked(HttpRequest request) {
		try {
			return send(request);
		}
		catch (IOException | InterruptedException ex) {
			throw new IllegalStateException("Request to the receiver failed", ex);
		}
	}

	private static void connect(int port) throws IOException {
		try (Socket socket = new Socket("127.0.0.1", port)) {
			assertThat(socket.isConnected()).isTrue();
		}
	}

	private static Resource rank(long rank) {
		return Resource.newBuilder()
			.addAttributes(KeyValue.newBuilder().setKey("dl.rank").setValue(AnyValue.newBuilder().setIntValue(rank)))
			.build();
	}

	private static byte[] spans(Resource resource) {
		Span span = Span.newBuilder().setName("hand-made").build();
		return ExportTraceServiceRequest.newBuilder()
			.addResourceSpans(ResourceSpans.newBuilder()
				.setResource(resource)
				.addScopeSpans(ScopeSpans.newBuilder().addSpans(span)))
			.build()
			.toByteArray();
	}

}
