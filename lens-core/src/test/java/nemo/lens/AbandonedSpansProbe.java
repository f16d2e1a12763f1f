package nemo.lens;

import java.lang.management.ManagementFactory;
import java.time.Duration;

import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;

/**
 * A main run in its own small JVM by {@link AbandonedSpansTests}: sets up one rank, starts a
 * million spans through its handle and never ends them, as an application that forgets to end its
 * spans does, then prints the heap in use after a collection before and after them.
 */
public final class AbandonedSpansProbe {

	static final int SPANS = 1_000_000;

	private AbandonedSpansProbe() {
	}

	/**
	 * Runs the probe.
	 * @param args {@code recording} (a silent rank with the flight recorder) or {@code exporting}
	 * (an exporting rank without it)
	 */
	public static void main(String[] args) {
		boolean recording = args[0].equals("recording");
		NemoLensConfig.Builder config = NemoLensConfig.builder()
			.enabled(true)
			.serviceName("abandoned-spans")
			.exporter("none")
			.runId("abandoned-spans")
			.flightRecorderEnabled(recording);
		TelemetryOptions.Builder options = TelemetryOptions.builder().shutdownHook(false);
		if (!recording) {
			options.spanExporter(InMemorySpanExporter.create());
		}
		// Under single_rank, the last of two ranks exports and the first stays silent.
		TelemetryHandle handle = NemoLens.setupTelemetry(config.build(), recording ? 0 : 1, 2, options.build());
		System.out.println("exporting=" + handle.isExporting());
		System.out.println("recorder=" + handle.flightRecorder().isPresent());
		Tracer tracer = handle.tracer();
		tracer.spanBuilder("warm-up").startSpan().end();
		long before = heapUsedAfterCollection();
		for (int i = 0; i < SPANS; i++) {
			tracer.spanBuilder("never-ended").setAttribute("index", i).startSpan();
		}
		long after = heapUsedAfterCollection();
		System.out.println("spans=" + SPANS);
		System.out.println("heap-before=" + before);
		System.out.println("heap-after=" + after);
		System.out.println("retained=" + (after - before));
		handle.shutdown(Duration.ofSeconds(2));
	}

	private static long heapUsedAfterCollection() {
		for (int i = 0; i < 3; i++) {
			System.gc();
		}
		return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
	}

}
