package nemo.lens.sample.e2e;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The exporting rank of an application configured the Spring Boot way only: Boot's OpenTelemetry
 * starter and Micrometer's OTLP registry, their endpoints and the service's version set by
 * {@code management.*}, no {@code OTEL_*} variable. It sends exactly what it configured, to the
 * endpoints it named, labelled as it configured: listeners on the OpenTelemetry SDK's default
 * endpoints ({@code 127.0.0.1:4317} and {@code 4318}) are never connected to, every span and metric
 * carries the application's {@code service.version}, and switching it off and on again through the
 * endpoint logs no ERROR or WARN.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BootWayConfiguredRankIT {

	private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

	private static final Duration ARRIVAL_TIMEOUT = Duration.ofSeconds(45);

	/** {@code 2026-12-05T21:42:08.123Z  WARN 1234 --- [...]}: Boot's console format. */
	private static final Pattern PROBLEM = Pattern.compile("^\\S+\\s+(WARN|ERROR)\\s");

	/**
	 * Locked by whichever build of this project on the machine listens on the default endpoints:
	 * another one (CI runs Boot 3.5 and 4.1 side by side) waits for it to end instead of finding
	 * the ports taken and skipping.
	 */
	private static final Path DEFAULT_ENDPOINTS_LOCK = Path.of(System.getProperty("java.io.tmpdir"),
			"nemo-lens-default-otlp-endpoints.lock");

	private FileChannel defaultEndpointsLock;

	private final List<ServerSocket> defaultEndpoints = new ArrayList<>();

	private final AtomicInteger defaultEndpointConnections = new AtomicInteger();

	private OtlpReceiver receiver;

	private SampleAppProcess rank;

	@BeforeAll
	void startTheExportingRank() throws IOException {
		this.defaultEndpointsLock = FileChannel.open(DEFAULT_ENDPOINTS_LOCK, StandardOpenOption.CREATE,
				StandardOpenOption.WRITE);
		this.defaultEndpointsLock.lock();
		for (int port : new int[] { 4317, 4318 }) {
			ServerSocket listener = listen(port);
			assumeTrue(listener != null, "127.0.0.1:" + port + " is taken here: the default endpoint cannot be watched");
			this.defaultEndpoints.add(listener);
		}
		this.receiver = OtlpReceiver.start();
		String base = this.receiver.endpoint() + "/rank-1";
		Map<String, String> env = new LinkedHashMap<>(Launcher.TORCHRUN.variables("boot-way", 1, 2, 2));
		env.put("NEMO_LENS_EXPORT_STRATEGY", "single_rank");
		this.rank = SampleAppProcess.start("boot-way-rank1", StackApp.BOOT_OTEL.jar(), List.of(), env,
				StackRanks.bootWayArguments(base, "--management.opentelemetry.resource-attributes.service.version=1.0",
						"--management.endpoints.web.exposure.include=lens,health"));
		this.rank.awaitHealthy(START_TIMEOUT);
	}

	@AfterAll
	void stop() throws IOException {
		if (this.rank != null) {
			this.rank.close();
		}
		StackRanks.close(null, this.receiver);
		for (ServerSocket listener : this.defaultEndpoints) {
			listener.close();
		}
		if (this.defaultEndpointsLock != null) {
			// Closing the channel releases its lock.
			this.defaultEndpointsLock.close();
		}
	}

	@Test
	@Order(1)
	void tracesAndMetricsLeaveThroughTheApplicationsExportersAndNothingForTheDefaultEndpoints() {
		awaitSpansAndPushes();

		assertThat(this.receiver.requestPaths().keySet()).allMatch((path) -> path.startsWith("/rank-1/"));
		assertThat(this.defaultEndpointConnections).as("connections to 127.0.0.1:4317 and 4318").hasValue(0);
	}

	@Test
	@Order(2)
	void everySpanAndMetricCarriesTheApplicationsServiceVersion() {
		assertThat(this.receiver.spans()).isNotEmpty()
			.allSatisfy((span) -> assertThat(span.resource().attribute("service.version")).hasValue("1.0"));
		assertThat(this.receiver.metrics()).isNotEmpty()
			.allSatisfy((metric) -> assertThat(metric.resource().attribute("service.version")).hasValue("1.0"));
	}

	@Test
	@Order(3)
	void aSwitchOffAndOnLogsNoErrorOrWarningAndStillReachesNoDefaultEndpoint() {
		for (String override : List.of("silent", "exporting", "silent", "none")) {
			assertThat(this.rank.postJson("/actuator/lens", "{\"override\":\"" + override + "\"}").statusCode())
				.as("switch to %s", override)
				.isEqualTo(200);
			awaitWork();
		}
		this.receiver.clear();
		awaitSpansAndPushes();

		assertThat(this.rank.logText().lines().filter((line) -> PROBLEM.matcher(line).find()))
			.as("ERROR and WARN lines of the rank; its log is %s", this.rank.log())
			.isEmpty();
		assertThat(this.defaultEndpointConnections).as("connections to 127.0.0.1:4317 and 4318").hasValue(0);
	}

	@Test
	@Order(4)
	void theListenersTellTheRanksConnectionsFromAnyOtherProcesss() throws IOException {
		try (Socket ours = new Socket(InetAddress.getLoopbackAddress(), 4317)) {
			assertThat(SocketOwners.owns(ProcessHandle.current().pid(), ours.getLocalPort(), 4317)).isTrue();
			assertThat(SocketOwners.owns(this.rank.pid(), ours.getLocalPort(), 4317)).isFalse();
		}
	}

	private void awaitSpansAndPushes() {
		assertThat(this.receiver.awaitUntil(() -> {
			awaitWork();
			return !this.receiver.spans().isEmpty() && !StackRanks.micrometerMetrics(this.receiver).isEmpty();
		}, ARRIVAL_TIMEOUT)).as("spans and a Micrometer push arrived; paths %s", this.receiver.requestPaths()).isTrue();
	}

	private void awaitWork() {
		assertThat(this.rank.get("/work").statusCode()).isEqualTo(200);
	}

	/**
	 * Listens on a loopback port and counts the connections the rank makes to it; {@code null} when
	 * the port is taken. Other processes of this machine (another build's tests) may connect to a
	 * default endpoint too: a connection counts only when its client socket is the rank's.
	 */
	private ServerSocket listen(int port) {
		try {
			ServerSocket listener = new ServerSocket();
			listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
			Thread accepting = new Thread(() -> {
				while (!listener.isClosed()) {
					try (Socket connection = listener.accept()) {
						// Still open here, so the rank's end of it is still listed under its process.
						if (this.rank != null && SocketOwners.owns(this.rank.pid(), connection.getPort(), port)) {
							this.defaultEndpointConnections.incrementAndGet();
						}
					}
					catch (IOException ex) {
						// Closed at the end of the class.
					}
				}
			}, "default-endpoint-" + port);
			accepting.setDaemon(true);
			accepting.start();
			return listener;
		}
		catch (IOException ex) {
			return null;
		}
	}

}
