package nemo.lens.benchmarks.span;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;

/**
 * What one span costs the calling thread in CPU time, not in wall time, under one {@link Tracing}
 * set-up: on a machine other processes share, the thread's CPU time leaves out the time it waited
 * for a core, which JMH's average time counts (on the shared 2-core machine at a load of 13-21,
 * 2026-12-07, JMH read (f)/(e) anywhere from 0.73 to 1.77 from run to run). Caches and the other
 * core's batch worker still share the machine, so it is a reading for a busy machine, not a
 * replacement for {@code benchmarks/run} on a quiet one.
 * <p>
 * {@code java -Xms1g -Xmx1g -XX:+AlwaysPreTouch -cp benchmarks/jmh/target/benchmarks.jar
 * nemo.lens.benchmarks.span.SpanCpuTime LENS_EXPORTING child} runs {@value #ROUNDS} rounds of
 * {@value #SPANS_PER_ROUND} spans (the first {@value #WARM_UP_ROUNDS} not counted), the body of
 * {@link SpanBenchmark}, and prints the median and the least of the counted rounds, in ns per span.
 * A third argument sets the spans per round (a smoke test's short run). {@link SpanCpuComparison}
 * runs it for {@code benchmarks/run}.
 */
public final class SpanCpuTime {

	static final int ROUNDS = 40;

	static final int WARM_UP_ROUNDS = 15;

	static final int SPANS_PER_ROUND = 200_000;

	private static final String READING = "span_cpu_ns{";

	private static final String MEDIAN = " median=";

	private static final String LEAST = " least=";

	private SpanCpuTime() {
	}

	/**
	 * Measures one set-up.
	 * @param args the set-up's name in {@link Tracing}, then {@code root} or {@code child}, then
	 * optionally the spans per round
	 * @throws InterruptedException when interrupted between rounds
	 */
	public static void main(String[] args) throws InterruptedException {
		Tracing tracing = Tracing.valueOf(args[0]);
		boolean child = args[1].equals("child");
		int spansPerRound = (args.length > 2) ? Integer.parseInt(args[2]) : SPANS_PER_ROUND;
		ThreadMXBean threads = ManagementFactory.getThreadMXBean();
		double[] counted = new double[ROUNDS - WARM_UP_ROUNDS];
		try (Tracing.Instance instance = tracing.start()) {
			Tracer tracer = instance.tracer();
			for (int round = 0; round < ROUNDS; round++) {
				long start = threads.getCurrentThreadCpuTime();
				for (int i = 0; i < spansPerRound; i++) {
					Span span = child
							? tracer.spanBuilder(SpanBenchmark.SPAN_NAME).setParent(SpanBenchmark.REMOTE_PARENT).startSpan()
							: tracer.spanBuilder(SpanBenchmark.SPAN_NAME).setNoParent().startSpan();
					span.end();
				}
				long used = threads.getCurrentThreadCpuTime() - start;
				if (round >= WARM_UP_ROUNDS) {
					counted[round - WARM_UP_ROUNDS] = (double) used / spansPerRound;
				}
				// The batch worker drains its queue between rounds, as between JMH iterations.
				Thread.sleep(20);
			}
		}
		Arrays.sort(counted);
		System.out.printf(Locale.ROOT, READING + "setup=%s,method=%s}" + MEDIAN + "%.1f" + LEAST + "%.1f%n",
				tracing, child ? "child" : "root", counted[counted.length / 2], counted[0]);
	}

	/**
	 * Whether a line is the one {@link #main} prints.
	 * @param line a line of its output
	 * @return whether it holds the reading
	 */
	static boolean isReading(String line) {
		return line.startsWith(READING);
	}

	/**
	 * Reads the median back from the line {@link #main} prints.
	 * @param line the line
	 * @return the median, in ns per span
	 * @throws IllegalArgumentException when the line is not one {@link #main} prints
	 */
	static double median(String line) {
		int start = line.indexOf(MEDIAN);
		int end = line.indexOf(LEAST, start + 1);
		if (!isReading(line) || start < 0 || end < 0) {
			throw new IllegalArgumentException("Not a line of SpanCpuTime: " + line);
		}
		return Double.parseDouble(line.substring(start + MEDIAN.length(), end));
	}

}
