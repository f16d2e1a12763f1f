package nemo.lens.sample.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

import com.sun.net.httpserver.HttpServer;

/**
 * An OTLP/HTTP receiver for end-to-end tests: it listens on {@code 127.0.0.1} only, on a port the
 * kernel picks, decodes real OTLP protobuf ({@code POST /v1/traces}, {@code /v1/metrics},
 * {@code /v1/logs}, plain or gzip), and records what each resource (each rank) sent.
 *
 * <p>
 * A test starts one, hands its {@link #otelEnvironment()} to the processes under test, and asks
 * what arrived:
 *
 * <pre>{@code
 * try (OtlpReceiver receiver = OtlpReceiver.start()) {
 *     ProcessBuilder rank = new ProcessBuilder(java, "-jar", jar);
 *     rank.environment().putAll(receiver.otelEnvironment());
 *     rank.environment().put("RANK", "3");
 *     ...
 *     receiver.awaitSpans((spans) -> !spans.isEmpty(), Duration.ofSeconds(10));
 *     assertThat(receiver.ranksWithSpans()).containsExactly(3L);
 * }
 * }</pre>
 *
 * <p>
 * The environment is {@code OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:<port>},
 * {@code OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf}, and short export delays
 * ({@code OTEL_BSP_SCHEDULE_DELAY=100}, {@code OTEL_BLRP_SCHEDULE_DELAY=100},
 * {@code OTEL_METRIC_EXPORT_INTERVAL=500}) so a short-lived child exports within a second.
 *
 * <p>
 * Faults, switchable while exporters keep sending:
 * <ul>
 * <li>{@link #unavailableFor(Duration)} and {@link #unavailableForRequests(int)}: 503 (optionally
 * with {@code Retry-After}), then 200 again by itself; counted by {@link #unavailableCount}.</li>
 * <li>{@link #blackhole()}: reads each request and never answers, until {@link #stop()} or
 * {@link #close()}; counted by {@link #blackholedCount}.</li>
 * <li>{@link #stop()}: the server dies mid-run; its port then refuses connections (the kernel
 * answers, so nothing is counted) until {@link #restart()} binds the same port again.</li>
 * <li>{@link #refusingEndpoint()}: an endpoint nobody listens on, for a test that needs no
 * receiver at all.</li>
 * <li>{@link #respond()}: back to normal.</li>
 * </ul>
 * What was recorded survives {@link #stop()} and {@link #restart()}; {@link #clear()} forgets it.
 */
public final class OtlpReceiver implements AutoCloseable {

	/** Loopback by address, not by name, so no resolver can ever send us elsewhere. */
	private static final InetAddress LOOPBACK = loopback();

	private static final Duration POLL_INTERVAL = Duration.ofMillis(10);

	private static final AtomicInteger THREADS = new AtomicInteger();

	private final Recording recording = new Recording();

	private final FaultMode faults = new FaultMode();

	private int port;

	private HttpServer server;

	private ExecutorService executor;

	private CountDownLatch stopped;

	private boolean closed;

	private OtlpReceiver() {
	}

	/** Starts a receiver on {@code 127.0.0.1} and a free port. */
	public static OtlpReceiver start() {
		OtlpReceiver receiver = new OtlpReceiver();
		receiver.listen(0);
		return receiver;
	}

	/**
	 * An endpoint on {@code 127.0.0.1} where nothing listens, so a connection is refused at once.
	 * The trick: bind a server socket to a port the kernel picks, then close it. The kernel hands
	 * out ephemeral ports in turn, so the same port is very unlikely to be taken again during a
	 * test; should it be, the test sees a connection where it expected a refusal.
	 */
	public static String refusingEndpoint() {
		try (ServerSocket socket = new ServerSocket(0, 1, LOOPBACK)) {
			return endpoint(socket.getLocalPort());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The port, the same across {@link #stop()} and {@link #restart()}. */
	public synchronized int port() {
		return this.port;
	}

	/** The base endpoint, {@code http://127.0.0.1:<port>}; exporters append the signal paths. */
	public synchronized String endpoint() {
		return endpoint(this.port);
	}

	/** The endpoint of one signal, for an exporter that takes the full URL. */
	public String endpoint(Signal signal) {
		return endpoint() + signal.path();
	}

	/** The OTEL_* variables a child JVM needs to export here quickly over OTLP/HTTP protobuf. */
	public Map<String, String> otelEnvironment() {
		return otelEnvironment(endpoint());
	}

	/** As {@link #otelEnvironment()}, for another endpoint such as {@link #refusingEndpoint()}. */
	public static Map<String, String> otelEnvironment(String endpoint) {
		Map<String, String> environment = new LinkedHashMap<>();
		environment.put("OTEL_EXPORTER_OTLP_ENDPOINT", endpoint);
		environment.put("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf");
		environment.put("OTEL_BSP_SCHEDULE_DELAY", "100");
		environment.put("OTEL_BLRP_SCHEDULE_DELAY", "100");
		environment.put("OTEL_METRIC_EXPORT_INTERVAL", "500");
		return Map.copyOf(environment);
	}

	/** Whether the server is listening: false after {@link #stop()} until {@link #restart()}. */
	public synchronized boolean isListening() {
		return this.server != null;
	}

	// Faults

	/** Answers 200 and records again, ending any fault. Black-holed requests stay held. */
	public void respond() {
		this.faults.respond();
	}

	/** Holds every new request without an answer until the receiver stops. */
	public void blackhole() {
		this.faults.blackhole();
	}

	/** Answers 503 from now for {@code duration}, then 200 again. */
	public void unavailableFor(Duration duration) {
		this.faults.unavailableFor(duration, null);
	}

	/** As {@link #unavailableFor(Duration)}, each 503 with a {@code Retry-After} header. */
	public void unavailableFor(Duration duration, Duration retryAfter) {
		this.faults.unavailableFor(duration, retryAfter);
	}

	/** Answers the next {@code requests} requests with 503, then 200 again. */
	public void unavailableForRequests(int requests) {
		this.faults.unavailableForRequests(requests, null);
	}

	/** As {@link #unavailableForRequests(int)}, each 503 with a {@code Retry-After} header. */
	public void unavailableForRequests(int requests, Duration retryAfter) {
		this.faults.unavailableForRequests(requests, retryAfter);
	}

	/**
	 * Kills the server, as a collector that dies mid-run: open connections are dropped, black-holed
	 * requests are let go without an answer, and the port refuses connections until
	 * {@link #restart()}. Returns within a second. Does nothing when already stopped.
	 */
	public synchronized void stop() {
		if (this.server == null) {
			return;
		}
		this.server.stop(0);
		// Only now, with every connection closed, may held requests go: none can still be answered.
		this.stopped.countDown();
		this.executor.shutdownNow();
		this.server = null;
	}

	/**
	 * Listens again on the same port, as a collector that came back; faults and recordings are
	 * kept. Fails with an {@link UncheckedIOException} in the unlikely case another socket took
	 * the port meanwhile.
	 */
	public synchronized void restart() {
		if (this.closed) {
			throw new IllegalStateException("The receiver is closed");
		}
		stop();
		listen(this.port);
	}

	/** Stops for good (see {@link #stop()}); the recordings stay readable. */
	@Override
	public synchronized void close() {
		stop();
		this.closed = true;
	}

	// What arrived

	/** Every span received with 200, in arrival order. */
	public List<ReceivedSpan> spans() {
		return this.recording.spans();
	}

	/** Spans by {@code dl.rank}, ranks ascending; spans of a resource without a rank are left out. */
	public SortedMap<Long, List<ReceivedSpan>> spansByRank() {
		return this.recording.spansByRank();
	}

	/** The ranks that sent at least one span, ascending. */
	public SortedSet<Long> ranksWithSpans() {
		return Collections.unmodifiableSortedSet(new TreeSet<>(spansByRank().keySet()));
	}

	/** The {@code service.instance.id} of every resource that sent anything on any signal. */
	public SortedSet<String> serviceInstanceIds() {
		return this.recording.serviceInstanceIds();
	}

	/** Every metric of every export received with 200, in arrival order (repeats included). */
	public List<ReceivedMetric> metrics() {
		return this.recording.metrics();
	}

	/** The distinct metric names each rank sent. */
	public SortedMap<Long, SortedSet<String>> metricNamesByRank() {
		return this.recording.metricNamesByRank();
	}

	/** Every log record received with 200, in arrival order. */
	public List<ReceivedLogRecord> logRecords() {
		return this.recording.logRecords();
	}

	/** Log records by {@code dl.rank}, as {@link #spansByRank()}. */
	public SortedMap<Long, List<ReceivedLogRecord>> logRecordsByRank() {
		return this.recording.logRecordsByRank();
	}

	/** Requests that reached the signal's path, whatever they were answered (or not answered). */
	public long requestCount(Signal signal) {
		return this.recording.requests().get(signal);
	}

	/**
	 * Requests of any kind whose path starts with {@code prefix}, counted before anything is
	 * decoded: for a test that gives each rank its own path, such as {@code /rank-0/}.
	 */
	public long requestCountUnder(String prefix) {
		return this.recording.requestsUnder(prefix);
	}

	/** Every request path seen so far, with how many requests reached it. */
	public SortedMap<String, Long> requestPaths() {
		return this.recording.paths();
	}

	/** Requests of the signal answered with 503. */
	public long unavailableCount(Signal signal) {
		return this.recording.unavailable().get(signal);
	}

	/** Requests of the signal held without an answer. */
	public long blackholedCount(Signal signal) {
		return this.recording.blackholed().get(signal);
	}

	/**
	 * The distinct values of a request header (any case) over every request that reached a signal's
	 * path, such as the {@code authorization} an exporter was configured to send.
	 */
	public SortedSet<String> requestHeaderValues(String name) {
		return this.recording.headerValues(name);
	}

	/**
	 * Requests that were refused (wrong path, method, content type or encoding, undecodable body)
	 * or broke off mid-way, one line each; empty when all went well.
	 */
	public List<String> failures() {
		return this.recording.failures();
	}

	/** Forgets every recording and count; the fault mode stays. */
	public void clear() {
		this.recording.clear();
	}

	/**
	 * Waits until at least {@code count} spans arrived or {@code timeout} passed, and returns the
	 * spans then received: on timeout the test's own assertion tells what was missing.
	 */
	public List<ReceivedSpan> awaitSpans(int count, Duration timeout) {
		return awaitSpans((spans) -> spans.size() >= count, timeout);
	}

	/** Waits until the received spans satisfy {@code condition} or {@code timeout} passed; returns them. */
	public List<ReceivedSpan> awaitSpans(Predicate<? super List<ReceivedSpan>> condition, Duration timeout) {
		awaitUntil(() -> condition.test(spans()), timeout);
		return spans();
	}

	/**
	 * Polls {@code condition} until it holds or {@code timeout} passed, for any query such as
	 * {@code () -> receiver.blackholedCount(TRACES) > 0}. Returns whether it held; never throws on
	 * timeout.
	 */
	public boolean awaitUntil(BooleanSupplier condition, Duration timeout) {
		return awaitUntil(condition, timeout, POLL_INTERVAL);
	}

	/**
	 * As {@link #awaitUntil(BooleanSupplier, Duration)}, asking {@code condition} every
	 * {@code interval}: for a condition that queries a process under test, which a poll every 10 ms
	 * would load.
	 */
	public boolean awaitUntil(BooleanSupplier condition, Duration timeout, Duration interval) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (!condition.getAsBoolean()) {
			if (System.nanoTime() - deadline >= 0) {
				return false;
			}
			try {
				Thread.sleep(interval.toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return condition.getAsBoolean();
			}
		}
		return true;
	}

	@Override
	public String toString() {
		return "OtlpReceiver[" + endpoint() + (isListening() ? "" : ", stopped") + "]";
	}

	private void listen(int port) {
		HttpServer server;
		try {
			server = HttpServer.create(new InetSocketAddress(LOOPBACK, port), 0);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot listen on 127.0.0.1:" + port, ex);
		}
		this.stopped = new CountDownLatch(1);
		// Our own threads: the default runs handlers on the dispatcher, where one held request
		// would stall every other.
		this.executor = Executors.newCachedThreadPool((task) -> {
			Thread thread = new Thread(task, "otlp-receiver-" + THREADS.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		});
		server.setExecutor(this.executor);
		server.createContext("/", new OtlpExchangeHandler(this.recording, this.faults, this.stopped));
		server.start();
		this.server = server;
		this.port = server.getAddress().getPort();
	}

	private static String endpoint(int port) {
		return "http://127.0.0.1:" + port;
	}

	private static InetAddress loopback() {
		try {
			return InetAddress.getByAddress(new byte[] { 127, 0, 0, 1 });
		}
		catch (UnknownHostException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
