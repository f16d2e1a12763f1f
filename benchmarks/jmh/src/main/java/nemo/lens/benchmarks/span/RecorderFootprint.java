package nemo.lens.benchmarks.span;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

import io.opentelemetry.api.trace.Tracer;
import nemo.lens.TelemetryHandle;

/**
 * What a full flight recorder holds and what dumping it takes (issue 26), measured in the harness's
 * own JVM after the JMH runs, on a silent Lens rank with the recorder on ({@link Tracing#recordingHandle}):
 * <ul>
 * <li>heap: the heap in use after a full collection, before and after {@link Tracing#RING_SPANS}
 * spans of the sample application's shape end on the handle's tracer, on a new rank each
 * repetition; the ring's slot array exists before the first span and is not counted;</li>
 * <li>dump: {@link TelemetryHandle#dumpFlightRecorder()} of the full ring into a temporary
 * directory, the first dump of the JVM on its own (as at an uncaught exception), then the rest
 * after warm-up.</li>
 * </ul>
 * The sample's shape is the sample application's {@code work} span: a new trace (no parent), a
 * short name and one {@code long} attribute.
 */
public final class RecorderFootprint {

	static final String SPAN_NAME = "work";

	static final String ATTRIBUTE = "sample.call";

	private static final int DUMP_WARMUPS = 3;

	private static final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();

	private RecorderFootprint() {
	}

	/**
	 * Measures the heap of a full ring and the time to dump it.
	 * @param heapRepeats rings filled and measured, each on a new rank
	 * @param dumpRepeats dumps timed after the first and the warm-up
	 * @return the figures
	 */
	public static Result measure(int heapRepeats, int dumpRepeats) {
		List<Long> heap = new ArrayList<>();
		// A first ring, not counted, loads and compiles what filling one needs.
		heapOfFullRing();
		for (int i = 0; i < heapRepeats; i++) {
			heap.add(heapOfFullRing());
		}
		// Its INFO line per dump would go to standard error among the progress lines.
		Logger recorderLogger = Logger.getLogger("nemo.lens.recorder.FlightRecorder");
		Level level = recorderLogger.getLevel();
		recorderLogger.setLevel(Level.WARNING);
		try {
			return dumps(heap, dumpRepeats);
		}
		finally {
			recorderLogger.setLevel(level);
		}
	}

	/** The heap held by the spans of one full ring, in bytes. */
	private static long heapOfFullRing() {
		TelemetryHandle handle = Tracing.recordingHandle(null);
		try {
			Tracer tracer = handle.tracer();
			// One span first, so that the tracer the handle resolves lazily is in the baseline; the
			// ring then holds one span, and the figure is scaled from the RING_SPANS - 1 spans added.
			fill(tracer, 1, 0);
			long before = usedAfterCollection();
			fill(tracer, Tracing.RING_SPANS, 1);
			long after = usedAfterCollection();
			int held = handle.flightRecorder().orElseThrow().spans();
			if (held != Tracing.RING_SPANS) {
				throw new IllegalStateException("Expected a full ring of " + Tracing.RING_SPANS + " spans, got " + held);
			}
			// The first span was overwritten by the last: RING_SPANS - 1 more spans are held.
			return Math.round((after - before) * (double) Tracing.RING_SPANS / (Tracing.RING_SPANS - 1));
		}
		finally {
			handle.shutdown();
		}
	}

	private static Result dumps(List<Long> heap, int dumpRepeats) {
		Path directory = temporaryDirectory();
		TelemetryHandle handle = Tracing.recordingHandle(directory);
		try {
			fill(handle.tracer(), Tracing.RING_SPANS, 0);
			double first = timedDump(handle);
			long fileBytes = size(lastFile(directory));
			clear(directory);
			for (int i = 0; i < DUMP_WARMUPS; i++) {
				timedDump(handle);
				clear(directory);
			}
			List<Double> millis = new ArrayList<>();
			for (int i = 0; i < dumpRepeats; i++) {
				millis.add(timedDump(handle));
				clear(directory);
			}
			return new Result(heap, first, millis, fileBytes);
		}
		finally {
			handle.shutdown();
			clear(directory);
			try {
				Files.deleteIfExists(directory);
			}
			catch (IOException ex) {
				// A leftover empty temporary directory changes no figure.
			}
		}
	}

	private static double timedDump(TelemetryHandle handle) {
		long start = System.nanoTime();
		Optional<Path> file = handle.dumpFlightRecorder();
		double millis = (System.nanoTime() - start) / 1e6;
		if (file.isEmpty()) {
			throw new IllegalStateException("The flight recorder was not dumped (see the log above)");
		}
		return millis;
	}

	/** Ends {@code count} spans of the sample's shape, numbered from {@code from}. */
	private static void fill(Tracer tracer, int count, int from) {
		for (int i = from; i < from + count; i++) {
			tracer.spanBuilder(SPAN_NAME).setNoParent().setAttribute(ATTRIBUTE, (long) i).startSpan().end();
		}
	}

	/**
	 * The heap in use after full collections, once two readings in a row agree within 1 KiB (or
	 * after ten): {@code System.gc()} is a full, compacting collection under the default collector.
	 */
	private static long usedAfterCollection() {
		long previous = -1;
		for (int i = 0; i < 10; i++) {
			System.gc();
			long used = memory.getHeapMemoryUsage().getUsed();
			if (previous >= 0 && Math.abs(used - previous) < 1024) {
				return used;
			}
			previous = used;
		}
		return previous;
	}

	private static Path temporaryDirectory() {
		try {
			return Files.createTempDirectory("nemo-lens-recorder-benchmark");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static Path lastFile(Path directory) {
		try (Stream<Path> files = Files.list(directory)) {
			return files.filter((file) -> file.getFileName().toString().endsWith(".json"))
				.max(Comparator.naturalOrder())
				.orElseThrow(() -> new IllegalStateException("No dump in " + directory));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static long size(Path file) {
		try {
			return Files.size(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static void clear(Path directory) {
		try (Stream<Path> files = Files.list(directory)) {
			for (Path file : files.toList()) {
				Files.deleteIfExists(file);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The recorder's figures.
	 *
	 * @param heapBytes the heap held by the spans of a full ring, one figure per repetition
	 * @param firstDumpMillis the JVM's first dump of the full ring
	 * @param dumpMillis the later dumps, after warm-up, in order
	 * @param dumpFileBytes the size of one dump file
	 */
	public record Result(List<Long> heapBytes, double firstDumpMillis, List<Double> dumpMillis, long dumpFileBytes) {

		/**
		 * The median heap of a full ring.
		 * @return bytes
		 */
		public double medianHeapBytes() {
			return median(this.heapBytes.stream().map(Long::doubleValue).toList());
		}

		/**
		 * The median heap per span held.
		 * @return bytes per span
		 */
		public double heapBytesPerSpan() {
			return medianHeapBytes() / Tracing.RING_SPANS;
		}

		/**
		 * The median dump after warm-up.
		 * @return milliseconds
		 */
		public double medianDumpMillis() {
			return median(this.dumpMillis);
		}

		/**
		 * The slowest dump, the first of the JVM included.
		 * @return milliseconds
		 */
		public double maxDumpMillis() {
			return Math.max(this.firstDumpMillis, this.dumpMillis.stream().mapToDouble(Double::doubleValue).max().orElse(0));
		}

		private static double median(List<Double> values) {
			List<Double> sorted = values.stream().sorted().toList();
			int n = sorted.size();
			if (n == 0) {
				return Double.NaN;
			}
			return (n % 2 == 1) ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
		}

	}

}
