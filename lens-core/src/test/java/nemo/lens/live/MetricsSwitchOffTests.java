package nemo.lens.live;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.api.metrics.LongCounter;
import nemo.lens.Await;
import nemo.lens.ExportOverride;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A metrics switch-off against a real OTLP/HTTP receiver on 127.0.0.1 that answers slowly: the
 * export under way is answered rather than cancelled, the last collection is sent, nothing is
 * logged at WARNING or above for a stop Lens made itself, and the exporter's threads end.
 */
class MetricsSwitchOffTests {

	private final Map<String, String> env = new java.util.HashMap<>();

	private final List<LogRecord> problems = new CopyOnWriteArrayList<>();

	private final Handler problemHandler = new Handler() {

		@Override
		public void publish(LogRecord record) {
			if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
				MetricsSwitchOffTests.this.problems.add(record);
			}
		}

		@Override
		public void flush() {
		}

		@Override
		public void close() {
		}

	};

	private final AtomicInteger requests = new AtomicInteger();

	private final CountDownLatch firstRequest = new CountDownLatch(1);

	private final CountDownLatch answer = new CountDownLatch(1);

	private HttpServer receiver;

	private TelemetryHandle handle;

	@BeforeEach
	void startReceiver() throws IOException {
		Logger.getLogger("").addHandler(this.problemHandler);
		this.receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.receiver.setExecutor(Executors.newCachedThreadPool());
		this.receiver.createContext("/v1/metrics", (exchange) -> {
			exchange.getRequestBody().readAllBytes();
			this.requests.incrementAndGet();
			this.firstRequest.countDown();
			try {
				// The first export stays in flight until the test has switched the rank off.
				this.answer.await(1, TimeUnit.MINUTES);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			exchange.sendResponseHeaders(200, -1);
			exchange.close();
		});
		this.receiver.start();
	}

	@AfterEach
	void stop() {
		this.answer.countDown();
		if (this.handle != null) {
			this.handle.shutdown();
		}
		this.receiver.stop(0);
		Logger.getLogger("").removeHandler(this.problemHandler);
	}

	@Test
	void anExportUnderWayIsAnsweredAndTheLastCollectionSentWithoutAnErrorOrWarning() throws InterruptedException {
		NemoLensConfig config = NemoLensConfig.builder().enabled(true).tracesEnabled(false).build();
		this.handle = new TelemetrySetup(new ExportStrategyRegistry(this.env::get), this.env::get).setup(config, 3, 4,
				TelemetryOptions.builder().switchable(true)
					.otelProperties(Map.of("otel.exporter.otlp.protocol", "http/protobuf", "otel.exporter.otlp.endpoint",
							"http://127.0.0.1:" + this.receiver.getAddress().getPort(), "otel.metric.export.interval",
							"100"))
					.shutdownHook(false)
					.build());
		LongCounter steps = this.handle.meter().counterBuilder("steps").build();
		steps.add(1);
		assertThat(this.firstRequest.await(1, TimeUnit.MINUTES)).as("an export is under way").isTrue();
		steps.add(1);
		this.handle.override(ExportOverride.State.SILENT, Duration.ofMinutes(15), "test");
		this.answer.countDown();
		assertThat(Await.until(() -> this.requests.get() >= 2)).as("the last collection is sent after the first")
			.isTrue();
		int port = this.receiver.getAddress().getPort();
		// The drain may take its full timeout (10 s) on a busy machine before the threads end.
		assertThat(Await.until(() -> exporterThreads().isEmpty() && connectionsTo(port) == 0, Duration.ofSeconds(30)))
			.as("left: %s and %s connection(s)", exporterThreads(), connectionsTo(port))
			.isTrue();
		// Other tests of this JVM may leave SDKs that fail against their own ports: only what concerns
		// this receiver, or a request cancelled under it, counts.
		assertThat(this.problems).extracting(LogRecord::getMessage)
			.noneMatch((message) -> message.contains(":" + port) || message.contains("Canceled")
					|| message.contains("Socket closed"));
	}

	/**
	 * The threads of an exporter: its client's dispatcher, a connection pool's closer (which runs
	 * while a connection is kept) and the metric reader. OkHttp's shared {@code OkHttp TaskRunner}
	 * and {@code Okio Watchdog} threads are left out: they hold no connection, serve every client of
	 * the JVM, and end by themselves a minute after they were last used.
	 */
	private static List<String> exporterThreads() {
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.filter(Thread::isAlive)
			.map(Thread::getName)
			.filter((name) -> name.startsWith("okhttp-dispatch") || name.contains("ConnectionPool")
					|| name.startsWith("PeriodicMetricReader") || name.startsWith("nemo-lens-drain")
					|| name.startsWith("nemo-lens-shutdown"))
			.toList();
	}

	/** Established TCP connections of this host to a local port, as the kernel lists them. */
	private static long connectionsTo(int port) {
		String remote = String.format(":%04X", port);
		long established = 0;
		for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
			try {
				established += java.nio.file.Files.readAllLines(java.nio.file.Path.of(table))
					.stream()
					.skip(1)
					.map(String::trim)
					.map((line) -> line.split("\\s+"))
					.filter((fields) -> fields[2].endsWith(remote) && fields[3].equals("01"))
					.count();
			}
			catch (IOException ex) {
				// No such table on this kernel.
			}
		}
		return established;
	}

}
