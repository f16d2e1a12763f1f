package nemo.lens.benchmarks.switching;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

import io.opentelemetry.api.trace.Span;
import nemo.lens.ExportOverride;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import org.openjdk.jmh.util.ListStatistics;

/**
 * How long a switch-off takes to end (issue 33): from the request to the moment the last span that
 * was under way at the switch has been delivered to a receiver on {@code 127.0.0.1} over OTLP/HTTP
 * and the last thread of the pipeline (its batch processor, its exporter's dispatcher, Lens's drain
 * and shutdown threads) has ended. A plain Java rank, switched on, has {@value #IN_FLIGHT} spans
 * open at the switch-off; they end one after another over the next {@value #SPREAD_MILLIS} ms, as
 * the steps of a job would, and are exported whole. Each repeat is a fresh rank in this JVM, and
 * the first pays for loading the SDK's classes.
 */
public final class SwitchOffBenchmark {

	/** The report's group. */
	public static final String GROUP = "switch off, request to last in-flight span delivered and last thread gone";

	/** Spans open at the switch-off. */
	public static final int IN_FLIGHT = 8;

	/** Over how long the spans under way end after the switch-off. */
	public static final int SPREAD_MILLIS = 80;

	private static final Duration TIMEOUT = Duration.ofSeconds(60);

	private static final List<String> PIPELINE_THREADS = List.of("BatchSpanProcessor", "okhttp-dispatch",
			"nemo-lens-drain", "nemo-lens-shutdown", "PeriodicMetricReader", "BatchLogRecordProcessor");

	private SwitchOffBenchmark() {
	}

	/**
	 * Switches a fresh rank on and off, {@code repeats} times.
	 * @param repeats how many switch-offs
	 * @return each switch-off's time, in order
	 * @throws InterruptedException when interrupted
	 */
	public static Result run(int repeats) throws InterruptedException {
		List<Double> millis = new ArrayList<>();
		try (TraceReceiver receiver = TraceReceiver.start()) {
			for (int i = 0; i < repeats; i++) {
				millis.add(once(receiver));
			}
		}
		return new Result(millis);
	}

	private static double once(TraceReceiver receiver) throws InterruptedException {
		NemoLensConfig config = NemoLensConfig.builder().enabled(true).metricsEnabled(false).logsEnabled(false).build();
		TelemetryHandle handle = new TelemetrySetup(new ExportStrategyRegistry((name) -> null), (name) -> null).setup(
				config, 0, 4,
				TelemetryOptions.builder().switchable(true)
					.otelProperties(Map.of("otel.exporter.otlp.protocol", "http/protobuf", "otel.exporter.otlp.endpoint",
							receiver.endpoint()))
					.shutdownHook(false)
					.build());
		try {
			handle.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(15), "benchmark");
			int before = receiver.traceRequests();
			handle.tracer().spanBuilder("first").startSpan().end();
			receiver.awaitTraceRequest(before, TIMEOUT);
			List<Span> underWay = new ArrayList<>();
			for (int i = 0; i < IN_FLIGHT; i++) {
				underWay.add(handle.tracer().spanBuilder("step").startSpan());
			}
			int delivered = receiver.traceRequests();
			long start = System.nanoTime();
			handle.override(ExportOverride.State.SILENT, Duration.ofMinutes(15), "benchmark");
			for (int i = 0; i < IN_FLIGHT; i++) {
				// The job's steps end one after another while the pipeline drains.
				LockSupport.parkNanos(Duration.ofMillis(SPREAD_MILLIS / IN_FLIGHT).toNanos());
				underWay.get(i).end();
			}
			receiver.awaitTraceRequest(delivered, TIMEOUT);
			long deadline = start + TIMEOUT.toNanos();
			while (!pipelineThreads().isEmpty()) {
				if (System.nanoTime() > deadline) {
					throw new IllegalStateException("pipeline threads left after " + TIMEOUT + ": " + pipelineThreads());
				}
				LockSupport.parkNanos(Duration.ofMillis(1).toNanos());
			}
			return (System.nanoTime() - start) / 1e6;
		}
		finally {
			handle.shutdown();
		}
	}

	private static List<String> pipelineThreads() {
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.filter(Thread::isAlive)
			.map(Thread::getName)
			.filter((name) -> PIPELINE_THREADS.stream().anyMatch(name::startsWith))
			.toList();
	}

	/**
	 * The switch-offs of a run.
	 * @param millis each switch-off's time, in order
	 */
	public record Result(List<Double> millis) {

		/**
		 * The median switch-off.
		 * @return milliseconds
		 */
		public double medianMillis() {
			return statistics().getPercentile(50);
		}

		/**
		 * The slowest switch-off.
		 * @return milliseconds
		 */
		public double maxMillis() {
			return statistics().getMax();
		}

		private ListStatistics statistics() {
			return SwitchBenchmark.statistics(this.millis);
		}

	}

}
