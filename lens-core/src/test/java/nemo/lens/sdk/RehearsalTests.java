package nemo.lens.sdk;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import nemo.lens.NemoLensConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A silent rank rehearses its first switch: the exporting SDK of every enabled signal is built and
 * exports one item of each over OTLP, to a receiver inside the rank, never to the collector; the
 * caller's own exporters are left out, and nothing of the rehearsal stays running.
 */
class RehearsalTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(5);

	private final AtomicInteger collectorRequests = new AtomicInteger();

	private final List<String> collectorHeaders = new CopyOnWriteArrayList<>();

	private HttpServer collector;

	private String endpoint;

	@BeforeEach
	void startCollector() throws IOException {
		this.collector = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.collector.createContext("/", (exchange) -> {
			exchange.getRequestBody().readAllBytes();
			this.collectorRequests.incrementAndGet();
			this.collectorHeaders.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
			exchange.sendResponseHeaders(200, -1);
			exchange.close();
		});
		this.collector.start();
		this.endpoint = "http://127.0.0.1:" + this.collector.getAddress().getPort();
	}

	@AfterEach
	void stopCollector() {
		this.collector.stop(0);
	}

	private ExportingTelemetryFactory rank(String exporter, String protocol, SpanExporter given) {
		NemoLensConfig config = NemoLensConfig.builder().enabled(true).serviceName("rehearsal").exporter(exporter).build();
		Map<String, String> properties = Map.of("otel.exporter.otlp.endpoint", this.endpoint,
				"otel.exporter.otlp.protocol", protocol, "otel.exporter.otlp.headers", "Authorization=Bearer s3cret",
				"otel.exporter.otlp.traces.endpoint", this.endpoint + "/v1/traces");
		ExportOverrides options = new ExportOverrides() {

			@Override
			public SpanExporter spanExporter() {
				return given;
			}

			@Override
			public Map<String, String> otelProperties() {
				return properties;
			}

		};
		return new ExportingTelemetryFactory(config, 1, 2, options, (name) -> null);
	}

	private static long rehearsalThreads() {
		return Thread.getAllStackTraces().keySet().stream().filter((thread) -> thread.getName().equals("nemo-lens-rehearsal")).count();
	}

	@Test
	void aRehearsalExportsEverySignalOverTheExportPathAndNothingReachesTheCollector() {
		boolean rehearsed = rank("otlp", "http/protobuf", null).rehearse(true, true, true, TIMEOUT);
		assertThat(rehearsed).as("the export path was run").isTrue();
		assertThat(this.collectorRequests).as("requests the collector got").hasValue(0);
	}

	@Test
	void aRankConfiguredForGrpcRehearsesOverHttpInsideTheRank() {
		boolean rehearsed = rank("otlp", "grpc", null).rehearse(true, true, true, TIMEOUT);
		assertThat(rehearsed).isTrue();
		assertThat(this.collectorRequests).hasValue(0);
	}

	@Test
	void theCallersOwnExporterTakesNoPartInTheRehearsal() {
		InMemorySpanExporter given = InMemorySpanExporter.create();
		rank("otlp", "http/protobuf", given).rehearse(true, true, true, TIMEOUT);
		assertThat(given.getFinishedSpanItems()).as("spans the caller's exporter got").isEmpty();
		given.export(List.of());
		assertThat(given.flush().isSuccess()).as("the caller's exporter is not shut down").isTrue();
		assertThat(this.collectorRequests).hasValue(0);
	}

	@Test
	void aRehearsalLeavesNoThreadOfItsOwn() {
		rank("otlp", "http/protobuf", null).rehearse(true, true, true, TIMEOUT);
		assertThat(rehearsalThreads()).isZero();
	}

	@Test
	void withAnotherExporterTheSdkIsOnlyBuiltAndNothingIsPrinted() {
		PrintStream out = System.out;
		ByteArrayOutputStream printed = new ByteArrayOutputStream();
		System.setOut(new PrintStream(printed, true));
		try {
			boolean rehearsed = rank("console", "http/protobuf", null).rehearse(true, true, true, TIMEOUT);
			assertThat(rehearsed).as("the export path was run").isFalse();
		}
		finally {
			System.setOut(out);
		}
		assertThat(printed.toString()).isEmpty();
		assertThat(this.collectorRequests).hasValue(0);
	}

}
