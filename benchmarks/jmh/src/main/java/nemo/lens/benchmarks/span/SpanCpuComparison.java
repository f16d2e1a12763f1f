package nemo.lens.benchmarks.span;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import nemo.lens.benchmarks.HarnessJvm;
import org.openjdk.jmh.util.ListStatistics;

/**
 * The exporting rank's span against the SDK by hand, (f) against (e), in the calling thread's CPU
 * time ({@link SpanCpuTime}): one JVM a reading, the two set-ups alternated round after round, so
 * that drift on the machine hits both alike. JMH's wall time on a 2-core machine also counts the
 * time the thread waited for a core that the batch worker, the collector or another process held;
 * the thread's CPU time leaves that out, so the report gives it beside the JMH target as a second
 * reading, taken apart, of what a span costs the application's thread.
 */
public final class SpanCpuComparison {

	/** The set-ups compared, the SDK by hand first. */
	public static final List<Tracing> COMPARED = List.of(Tracing.SDK_EXPORTING, Tracing.LENS_EXPORTING);

	/** The benchmark methods, as {@link SpanCpuTime} names them. */
	public static final List<String> METHODS = List.of("root", "child");

	/** Far longer than a reading takes (about 5 s), short enough that a hung one ends the run. */
	private static final Duration TIMEOUT = Duration.ofMinutes(5);

	private SpanCpuComparison() {
	}

	/**
	 * Takes the readings: in each round, each method's (e) then (f), each in a JVM of its own.
	 * @param rounds how many readings of each set-up and method
	 * @param spansPerRound the spans of each of {@link SpanCpuTime}'s rounds, or 0 for its default
	 * @param jvmArgs the options of each reading's JVM (the harness gives its JMH forks' own)
	 * @return the readings
	 * @throws InterruptedException when interrupted while a reading runs
	 */
	public static Result run(int rounds, int spansPerRound, List<String> jvmArgs) throws InterruptedException {
		Map<String, List<Double>> readings = new LinkedHashMap<>();
		for (int round = 0; round < rounds; round++) {
			for (String method : METHODS) {
				for (Tracing tracing : COMPARED) {
					readings.computeIfAbsent(Result.key(tracing, method), (key) -> new ArrayList<>())
						.add(read(tracing, method, spansPerRound, jvmArgs));
				}
			}
		}
		return new Result(readings);
	}

	private static double read(Tracing tracing, String method, int spansPerRound, List<String> jvmArgs)
			throws InterruptedException {
		List<String> arguments = new ArrayList<>(List.of(tracing.name(), method));
		if (spansPerRound > 0) {
			arguments.add(String.valueOf(spansPerRound));
		}
		try {
			String output = HarnessJvm.run(jvmArgs, SpanCpuTime.class, arguments, TIMEOUT);
			List<String> lines = output.lines().filter(SpanCpuTime::isReading).toList();
			if (lines.size() != 1) {
				throw new IllegalStateException("SpanCpuTime " + tracing + " " + method + " read nothing:\n" + output);
			}
			return SpanCpuTime.median(lines.get(0));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The readings, each the median ns a span of one JVM's counted rounds.
	 * @param readings the readings by set-up and method ({@code SDK_EXPORTING/root})
	 */
	public record Result(Map<String, List<Double>> readings) {

		public Result {
			readings = readings.entrySet()
				.stream()
				.collect(Collectors.toUnmodifiableMap(Map.Entry::getKey, (entry) -> List.copyOf(entry.getValue())));
		}

		static String key(Tracing tracing, String method) {
			return tracing.name() + "/" + method;
		}

		/**
		 * One set-up's readings by one method, in the order taken.
		 * @param tracing the set-up
		 * @param method {@code root} or {@code child}
		 * @return ns a span, each the median round of one JVM; empty when not read
		 */
		public List<Double> readings(Tracing tracing, String method) {
			return this.readings.getOrDefault(key(tracing, method), List.of());
		}

		/**
		 * The median of one set-up's readings by one method.
		 * @param tracing the set-up
		 * @param method {@code root} or {@code child}
		 * @return ns a span, or NaN when not read
		 */
		public double medianNanos(Tracing tracing, String method) {
			List<Double> each = readings(tracing, method);
			if (each.isEmpty()) {
				return Double.NaN;
			}
			ListStatistics statistics = new ListStatistics();
			each.forEach(statistics::addValue);
			return statistics.getPercentile(50);
		}

		/**
		 * (f) over (e), each the median of its readings.
		 * @param method {@code root} or {@code child}
		 * @return the ratio, NaN when not read
		 */
		public double ratio(String method) {
			return medianNanos(Tracing.LENS_EXPORTING, method) / medianNanos(Tracing.SDK_EXPORTING, method);
		}

		/**
		 * How many readings each set-up and method has.
		 * @return the fewest readings of any set-up and method, 0 when none
		 */
		public int rounds() {
			return this.readings.values().stream().mapToInt(List::size).min().orElse(0);
		}

	}

}
