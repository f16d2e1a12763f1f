package nemo.lens.benchmarks;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.util.ListStatistics;

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
 * @param forks how many JMH forks the iterations came from
 */
public record Score(double median, double mean, double error, double allocatedBytes, int forks) {

	/**
	 * Indexes JMH results by benchmark method and the value of one parameter:
	 * {@code "SpanBenchmark.rootSpan/LENS_EXPORTING"}, or {@code "Class.method"} when the
	 * benchmark has no such parameter. Results with the same key, from several JMH runs, are
	 * pooled into one score.
	 * @param results the JMH results
	 * @param parameter the parameter name
	 * @return the scores by key
	 */
	public static Map<String, Score> index(Collection<RunResult> results, String parameter) {
		Map<String, List<RunResult>> runs = new LinkedHashMap<>();
		for (RunResult result : results) {
			String benchmark = result.getParams().getBenchmark();
			String[] parts = benchmark.split("\\.");
			String key = parts[parts.length - 2] + "." + parts[parts.length - 1];
			String value = result.getParams().getParam(parameter);
			if (value != null) {
				key = key + "/" + value;
			}
			runs.computeIfAbsent(key, (name) -> new ArrayList<>()).add(result);
		}
		Map<String, Score> scores = new LinkedHashMap<>();
		runs.forEach((key, sameBenchmark) -> scores.put(key, of(sameBenchmark)));
		return scores;
	}

	/**
	 * Pools the measured iterations of several runs of one benchmark, such as the rounds in which
	 * the span set-ups alternate; the allocation is the mean of the runs'.
	 */
	static Score of(List<RunResult> runs) {
		ListStatistics iterations = new ListStatistics();
		double allocatedSum = 0;
		int allocatedRuns = 0;
		int forks = 0;
		for (RunResult run : runs) {
			for (BenchmarkResult benchmark : run.getBenchmarkResults()) {
				forks++;
				for (IterationResult iteration : benchmark.getIterationResults()) {
					iterations.addValue(iteration.getPrimaryResult().getScore());
				}
			}
			Result<?> allocated = allocation(run);
			if (allocated != null) {
				allocatedSum += allocated.getScore();
				allocatedRuns++;
			}
		}
		return new Score(iterations.getPercentile(50), iterations.getMean(), iterations.getMeanErrorAt(0.999),
				(allocatedRuns > 0) ? allocatedSum / allocatedRuns : Double.NaN, forks);
	}

	private static Result<?> allocation(RunResult run) {
		var secondary = run.getSecondaryResults();
		Result<?> allocated = secondary.get("gc.alloc.rate.norm");
		return (allocated != null) ? allocated : secondary.get("\u00b7gc.alloc.rate.norm");
	}

}
