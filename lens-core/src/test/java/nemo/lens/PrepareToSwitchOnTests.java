package nemo.lens;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Collectors;

import com.sun.net.httpserver.HttpServer;
import nemo.lens.control.ControlFilePoller;
import nemo.lens.control.JobControl;
import nemo.lens.live.CapturingLogHandler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A silent rank prepared to be switched on builds its exporting SDK once and closes it, so that
 * the first switch does not wait for the SDK's classes; it sends nothing and keeps no thread.
 */
class PrepareToSwitchOnTests {

	private final AtomicInteger traceRequests = new AtomicInteger();

	private final AtomicInteger requests = new AtomicInteger();

	private HttpServer receiver;

	private TelemetryHandle handle;

	@AfterEach
	void stop() {
		if (this.handle != null) {
			this.handle.shutdown();
		}
		if (this.receiver != null) {
			this.receiver.stop(0);
		}
	}

	private TelemetryHandle silentRank(NemoLensConfig.Builder config) throws IOException {
		return silentRank(config, null);
	}

	private TelemetryHandle silentRank(NemoLensConfig.Builder config, Consumer<String> warnings) throws IOException {
		this.receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.receiver.createContext("/", (exchange) -> {
			exchange.getRequestBody().readAllBytes();
			this.requests.incrementAndGet();
			if (exchange.getRequestURI().getPath().endsWith("/v1/traces")) {
				this.traceRequests.incrementAndGet();
			}
			exchange.sendResponseHeaders(200, -1);
			exchange.close();
		});
		this.receiver.start();
		String endpoint = "http://127.0.0.1:" + this.receiver.getAddress().getPort();
		this.handle = new TelemetrySetup(new ExportStrategyRegistry((name) -> null), (name) -> null).setup(
				config.enabled(true).exportStrategy("single_rank").exportRank(0).build(), 1, 2,
				TelemetryOptions.builder().switchable(true)
					.shutdownHook(false)
					.warnings(warnings)
					.otelProperties(Map.of("otel.exporter.otlp.protocol", "http/protobuf", "otel.exporter.otlp.endpoint",
							endpoint))
					.build());
		assertThat(this.handle.isExporting()).isFalse();
		return this.handle;
	}

	private static Set<Thread> sdkThreads() {
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.filter((thread) -> thread.getName().startsWith("BatchSpanProcessor")
					|| thread.getName().startsWith("PeriodicMetricReader"))
			.collect(Collectors.toSet());
	}

	@Test
	void aPreparedSilentRankSendsNothingAndKeepsNoSdkThread() throws IOException {
		Set<Thread> before = sdkThreads();
		TelemetryHandle silent = silentRank(NemoLensConfig.builder());
		silent.prepareToSwitchOn();
		assertThat(Await.until(() -> before.containsAll(sdkThreads()))).as("the prepared SDK's threads ended").isTrue();
		assertThat(silent.isExporting()).isFalse();
		assertThat(silent.sdk()).isEmpty();
		silent.shutdown();
		assertThat(this.requests).as("requests the receiver got").hasValue(0);
	}

	@Test
	void aPreparedRankSwitchedOnExportsItsFirstSpanAtOnce() throws IOException {
		TelemetryHandle silent = silentRank(NemoLensConfig.builder());
		silent.prepareToSwitchOn();
		silent.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(5), "test");
		silent.tracer().spanBuilder("first").startSpan().end();
		assertThat(Await.until(() -> this.traceRequests.get() == 1)).as("the first span arrived").isTrue();
	}

	@Test
	void aRankWithAControlFileIsPreparedByItsPollerOneIntervalAfterStart(@TempDir Path folder) throws IOException {
		TelemetryHandle silent = silentRank(NemoLensConfig.builder()
			.controlFile(folder.resolve("control").toString())
			.controlInterval(Duration.ofMillis(50)));
		assertThat(Await.until(silent::preparedToSwitchOn)).as("prepared by the poller").isTrue();
		assertThat(silent.isExporting()).isFalse();
		assertThat(silent.sdk()).isEmpty();
	}

	@Test
	void aDoorsRehearsalRunsOnceAfterTheSdksWhenTheRankPrepares() throws IOException {
		TelemetryHandle silent = silentRank(NemoLensConfig.builder());
		AtomicInteger rehearsals = new AtomicInteger();
		silent.onPrepareToSwitchOn(rehearsals::incrementAndGet);
		assertThat(rehearsals).hasValue(0);
		silent.prepareToSwitchOn();
		silent.prepareToSwitchOn();
		assertThat(rehearsals).hasValue(1);
	}

	@Test
	void preparingFormatsTheFirstSwitchsNoticeWithoutPublishingIt() throws IOException {
		// A JVM's first log record builds its formatter: the first switch's notice should not pay for it.
		Logger notices = Logger.getLogger("nemo.lens.live.LiveDecision");
		CapturingLogHandler handler = new CapturingLogHandler();
		notices.addHandler(handler);
		try {
			TelemetryHandle silent = silentRank(NemoLensConfig.builder());
			silent.prepareToSwitchOn();
			assertThat(handler.formatted()).hasSize(1);
			assertThat(handler.published()).isEmpty();
		}
		finally {
			notices.removeHandler(handler);
		}
	}

	@Test
	void aRehearsalIsNotCutShortByTheShutdownTimeoutAndWarnsOfNothing() throws IOException {
		// On a job's start-up, 64 ranks rehearsing on two cores take seconds each, nobody waiting.
		List<String> warnings = new CopyOnWriteArrayList<>();
		TelemetryHandle silent = silentRank(NemoLensConfig.builder().shutdownTimeout(Duration.ZERO), warnings::add);
		Logger rehearsalLog = Logger.getLogger("nemo.lens.sdk.ExportingTelemetryFactory");
		CapturingLogHandler handler = new CapturingLogHandler();
		rehearsalLog.setLevel(Level.FINE);
		rehearsalLog.addHandler(handler);
		try {
			silent.prepareToSwitchOn();
		}
		finally {
			rehearsalLog.removeHandler(handler);
			rehearsalLog.setLevel(null);
		}
		assertThat(silent.preparedToSwitchOn()).isTrue();
		assertThat(warnings).isEmpty();
		assertThat(handler.published()).extracting(LogRecord::getParameters)
			.as("the rehearsal's own troubles")
			.isEmpty();
		assertThat(this.requests).as("requests the rank's receiver got").hasValue(0);
	}

	@Test
	void aDoorsRehearsalThatFailsLeavesTheRankPrepared() throws IOException {
		TelemetryHandle silent = silentRank(NemoLensConfig.builder());
		silent.onPrepareToSwitchOn(() -> {
			throw new IllegalStateException("rehearsal failed");
		});
		silent.prepareToSwitchOn();
		assertThat(silent.preparedToSwitchOn()).isTrue();
		silent.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(5), "test");
		assertThat(silent.isExporting()).isTrue();
	}

	@Test
	void aRankIsPreparedOnlyWhenAskedOrControlledByAFile() throws IOException {
		TelemetryHandle silent = silentRank(NemoLensConfig.builder());
		assertThat(silent.preparedToSwitchOn()).isFalse();
		silent.prepareToSwitchOn();
		assertThat(silent.preparedToSwitchOn()).isTrue();
	}

	@Test
	void thePollersIdleWorkRunsOnceOnItsOwnThread(@TempDir Path folder) throws InterruptedException {
		CountDownLatch ran = new CountDownLatch(1);
		AtomicInteger runs = new AtomicInteger();
		AtomicReference<String> thread = new AtomicReference<>();
		ControlFilePoller poller = new ControlFilePoller(folder.resolve("control"), Duration.ofMillis(10),
				new JobControl<>(folder.resolve("control").toString(), 1, Set::of, (groups) -> {
				}, (content) -> null, (warning) -> {
						}, () -> {
						}, (dump) -> {
						}),
				() -> {
					runs.incrementAndGet();
					thread.set(Thread.currentThread().getName());
					ran.countDown();
				});
		poller.start();
		try {
			assertThat(ran.await(1, TimeUnit.MINUTES)).isTrue();
			assertThat(thread.get()).isEqualTo("nemo-lens-control");
		}
		finally {
			poller.stop();
		}
		assertThat(runs).hasValue(1);
	}

}
