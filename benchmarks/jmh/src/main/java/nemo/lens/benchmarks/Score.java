package nemo.lens.benchmarks;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * One JMH score: the median and the mean of the measured iterations, the mean's 99.9% confidence
 * half-width, and the bytes allocated per operation (JMH's gc profiler, {@code gc.alloc.rate.norm}).
 * The report leads with the median: on a small shared machine an iteration that another process
 * slowed down moves the mean far more than it moves the median.
 *
 * @param median the median of the measured iterations, in the benchmark's unit
 * @param mean the mean, in the benchmark's unit
 * @param error the 99.9% confidence half-width, NaN when JMH could not tell
 * @param allocatedBytes bytes allocated per operation, NaN without the gc profiler
 */
public record Score(double median, double mean, double error, double allocatedBytes) {

	/**
	 * Indexes JMH results by benchmark method and the value of one parameter:
	 * {@code "SpanBenchmark.rootSpan/LENS_EXPORTING"}, or {@code "Class.method"} when the
	 * benchmark has no such parameter.
	 * @param results the JMH results
	 * @param parameter the parameter name
	 * @return the scores by key
	 */
	public static Map<String, Score> index(Collection<RunResult> results, String parameter) {
		Map<String, Score> scores = new LinkedHashMap<>();
		for (RunResult result : results) {
			String benchmark = result.getParams().getBenchmark();
			String[] parts = benchmark.split("\\.");
			String key = parts[parts.length - 2] + "." + parts[parts.length - 1];
			String value = result.getParams().getParam(parameter);
			if (value != null) {
				key = key + "/" + value;
			}
			scores.put(key, of(result));
		}
		return scores;
	}

	static Score of(RunResult result) {
		Result<?> primary = result.getPrimaryResult();
		var secondary = result.getSecondaryResults();
		Result<?> allocated = secondary.get("gc.alloc.rate.norm");
		if (allocated == null) {
			allocated = secondary.get("\u00b7gc.alloc.rate.norm");
		}
		return new Score(primary.getStatistics().getPercentile(50), primary.getScore(), primary.getScoreError(),
				(allocated != null) ? allocated.getScore() : Double.NaN);
	}

}
