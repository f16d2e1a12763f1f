package nemo.lens.live;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import nemo.lens.Await;
import nemo.lens.ExportOverride;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.RecordingSpanExporter;
import nemo.lens.Signal;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import nemo.lens.sdk.CopyableExporter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Switches as fast as callers can send them never stack pipelines: four threads flip one rank
 * between exporting and silent 2,000 times, each flip building or taking back a real SDK and
 * closing the one before, and the JVM's thread peak stays within the rank's steady count (one
 * exporting pipeline up) plus the flipping threads and a few of Lens's own. One client once
 * peaked at 361 batch span processor threads, four at over 500.
 */
class FlipsNeverStackTests {

	private static final int FLIPPERS = 4;

	private static final int FLIPS = 2_000;

	/**
	 * Lens's threads beyond the steady count while it flips: a drain thread per signal, a stop's
	 * thread per signal, the override's timer, the worker of a pipeline that closes beside the new
	 * one, and room for the JVM's own (a compiler thread it adds under load).
	 */
	private static final int ABOVE_STEADY = 12;

	private final Map<String, String> env = new HashMap<>();

	private TelemetryHandle handle;

	@AfterEach
	void shutdown() {
		if (this.handle != null) {
			this.handle.shutdown();
		}
	}

	@Test
	void twoThousandFlipsFromFourThreadsStayWithinTheSteadyThreadCountAndAFew() throws InterruptedException {
		Set<Thread> before = Thread.getAllStackTraces().keySet();
		// Rank 3 of 4 exports by its strategy; short timeouts keep each close quick.
		this.handle = new TelemetrySetup(new ExportStrategyRegistry(this.env::get), this.env::get).setup(
				NemoLensConfig.builder()
					.enabled(true)
					.exporter("none")
					.switchDrainTimeout(Duration.ofMillis(20))
					.shutdownTimeout(Duration.ofSeconds(2))
					.build(),
				3, 4,
				TelemetryOptions.builder()
					.spanExporter(new RecordingSpanExporter())
					.otelProperties(Map.of("otel.bsp.export.timeout", "500"))
					.shutdownHook(false)
					.switchable(true)
					.build());
		for (int i = 0; i < 20; i++) {
			flip(i);
		}
		this.handle.removeOverride("warm-up");
		assertThat(Await.until(() -> lensAndSdkThreads(before).size() == 1))
			.as("one pipeline up: %s", lensAndSdkThreads(before))
			.isTrue();
		ThreadMXBean threads = ManagementFactory.getThreadMXBean();
		int steady = threads.getThreadCount();
		threads.resetPeakThreadCount();
		Set<Integer> built = ConcurrentHashMap.newKeySet();
		List<Throwable> failures = new CopyOnWriteArrayList<>();
		CountDownLatch start = new CountDownLatch(1);
		List<Thread> flippers = new ArrayList<>();
		for (int f = 0; f < FLIPPERS; f++) {
			Thread flipper = new Thread(() -> {
				try {
					start.await();
					for (int i = 0; i < FLIPS / FLIPPERS; i++) {
						flip(i);
						// Each SDK a flip built or took back, told apart by its tracer provider.
						this.handle.sdk()
							.ifPresent((sdk) -> built.add(System.identityHashCode(sdk.getSdkTracerProvider())));
					}
				}
				catch (Throwable ex) {
					failures.add(ex);
				}
			}, "flipper-" + f);
			flippers.add(flipper);
			flipper.start();
		}
		start.countDown();
		for (Thread flipper : flippers) {
			flipper.join(TimeUnit.MINUTES.toMillis(2));
		}
		int peak = threads.getPeakThreadCount();
		assertThat(failures).isEmpty();
		assertThat(built).as("SDKs the flips built").hasSizeGreaterThan(20);
		assertThat(peak).as("thread peak; steady %d", steady).isLessThanOrEqualTo(steady + FLIPPERS + ABOVE_STEADY);
	}

	@Test
	void aSwitchOnWhileItsSignalsLastPipelineClosesWaitsForTheCloseRatherThanBuildBesideIt()
			throws InterruptedException {
		Set<Thread> before = Thread.getAllStackTraces().keySet();
		ClosingWhenAllowed exporter = new ClosingWhenAllowed();
		this.handle = new TelemetrySetup(new ExportStrategyRegistry(this.env::get), this.env::get).setup(
				NemoLensConfig.builder().enabled(true).exporter("none").switchDrainTimeout(Duration.ZERO).build(), 3, 4,
				TelemetryOptions.builder().spanExporter(exporter).shutdownHook(false).switchable(true).build());
		// A pipeline's copy of the exporter is made at its first export: here, as the close flushes.
		this.handle.tracer().spanBuilder("before").startSpan().end();
		this.handle.override(ExportOverride.State.SILENT, Duration.ofMinutes(15), "test");
		assertThat(exporter.closing.await(10, TimeUnit.SECONDS)).as("the close has begun").isTrue();
		Thread switchOn = new Thread(
				() -> this.handle.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(15), "test"));
		switchOn.start();
		assertThat(Await.until(() -> !switchOn.isAlive() || waitsForAClose(switchOn))).isTrue();
		assertThat(batchWorkers(before)).as("only the pipeline that closes").hasSize(1);
		exporter.closed.countDown();
		switchOn.join(TimeUnit.SECONDS.toMillis(10));
		assertThat(this.handle.isExporting(Signal.TRACES)).isTrue();
		assertThat(Await.until(() -> batchWorkers(before).size() == 1)).as("left: %s", batchWorkers(before)).isTrue();
	}

	private static boolean waitsForAClose(Thread thread) {
		return Arrays.stream(thread.getStackTrace())
			.anyMatch((frame) -> frame.getClassName().equals("nemo.lens.live.PipelineDrain"))
				&& thread.getState() == Thread.State.TIMED_WAITING;
	}

	private static List<String> batchWorkers(Set<Thread> before) {
		return lensAndSdkThreads(before).stream().filter((name) -> name.startsWith("BatchSpanProcessor")).toList();
	}

	/** A switch, silent or exporting by turns, then a span on whatever the rank exports now. */
	private void flip(int i) {
		ExportOverride.State state = (i % 2 == 0) ? ExportOverride.State.SILENT : ExportOverride.State.EXPORTING;
		this.handle.override(state, Duration.ofMinutes(15), "flipper");
		this.handle.tracer().spanBuilder("flip").startSpan().end();
	}

	/** The threads of Lens and of its SDKs started since {@code before}. */
	private static List<String> lensAndSdkThreads(Set<Thread> before) {
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.filter((thread) -> thread.isAlive() && !before.contains(thread))
			.map(Thread::getName)
			.filter((name) -> name.startsWith("nemo-lens") || name.startsWith("BatchSpanProcessor"))
			.sorted()
			.collect(Collectors.toList());
	}

	/**
	 * An exporter whose copies, one per pipeline, close only when the test allows it: the close of
	 * a pipeline that stopped stays under way meanwhile.
	 */
	private static final class ClosingWhenAllowed implements SpanExporter, CopyableExporter<SpanExporter> {

		private final CountDownLatch closing;

		private final CountDownLatch closed;

		ClosingWhenAllowed() {
			this(new CountDownLatch(1), new CountDownLatch(1));
		}

		private ClosingWhenAllowed(CountDownLatch closing, CountDownLatch closed) {
			this.closing = closing;
			this.closed = closed;
		}

		@Override
		public SpanExporter copyForPipeline() {
			return new ClosingWhenAllowed(this.closing, this.closed);
		}

		@Override
		public CompletableResultCode export(Collection<SpanData> spans) {
			return CompletableResultCode.ofSuccess();
		}

		@Override
		public CompletableResultCode flush() {
			return CompletableResultCode.ofSuccess();
		}

		@Override
		public CompletableResultCode shutdown() {
			this.closing.countDown();
			CompletableResultCode result = new CompletableResultCode();
			Thread allowed = new Thread(() -> {
				try {
					this.closed.await();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				result.succeed();
			}, "closing-when-allowed");
			allowed.setDaemon(true);
			allowed.start();
			return result;
		}

	}

}
