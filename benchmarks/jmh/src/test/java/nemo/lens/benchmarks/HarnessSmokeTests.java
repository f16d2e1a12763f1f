package nemo.lens.benchmarks;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import nemo.lens.benchmarks.decision.SampledDeviation;
import nemo.lens.benchmarks.span.RecorderFootprint;
import nemo.lens.benchmarks.span.SpanBenchmark;
import nemo.lens.benchmarks.span.SpanCpuComparison;
import nemo.lens.benchmarks.span.Tracing;
import nemo.lens.benchmarks.switching.SwitchOffBenchmark;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.TimeValue;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Checks that the harness runs, not how fast anything is: one very short in-process JMH run of the
 * Lens set-ups, a short CPU reading of (e) and (f) in JVMs of their own, the flight recorder's and
 * the switch-off's figures, the sampled counts of small worlds, and the report's shape. Figures
 * come only from {@code benchmarks/run}.
 */
class HarnessSmokeTests {

	@Test
	void jmhRunsTheLensSetUpsAndTheReportEndsWithTheNameValueLines(@TempDir Path temp) throws Exception {
		Collection<RunResult> results = new Runner(new org.openjdk.jmh.runner.options.OptionsBuilder()
			.include(SpanBenchmark.class.getName() + "\\.rootSpan")
			.param("tracing", Tracing.LENS_NON_EXPORTING.name(), Tracing.LENS_EXPORTING.name(),
					Tracing.LENS_RECORDING.name())
			.forks(0)
			.warmupIterations(0)
			.measurementIterations(1)
			.measurementTime(TimeValue.milliseconds(100))
			.output(temp.resolve("jmh.log").toString())
			.build()).run();
		Map<String, Score> spans = Score.index(results, "tracing");
		assertThat(spans).containsOnlyKeys("SpanBenchmark.rootSpan/LENS_NON_EXPORTING",
				"SpanBenchmark.rootSpan/LENS_EXPORTING", "SpanBenchmark.rootSpan/LENS_RECORDING");
		assertThat(spans.values()).allSatisfy((score) -> {
			assertThat(score.median()).isPositive();
			assertThat(score.forks()).isOne();
		});

		ByteArrayOutputStream out = new ByteArrayOutputStream();
		new Report(spans, Map.of(), SampledDeviation.compute(new double[] { 0.1 }, new int[] { 8, 64 }), Map.of(),
				Map.of(), null, null, null)
			.print(new PrintStream(out, true, StandardCharsets.UTF_8), "smoke");
		List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
		assertThat(lines).contains("| group | case | value | unit | detail |");
		assertThat(lines).anyMatch((line) -> line.contains("(f) Lens, exporting rank") && line.endsWith("1 fork(s) |"));
		assertThat(lines).anyMatch((line) -> line.startsWith("| target | (g) <= 1.5 x (b), no parent | n/a |"));
		assertThat(lines).anyMatch((line) -> line
			.startsWith("| target | switch, endpoint POST to first span received <= 1 s (slowest / goal) | n/a |"));
		assertThat(lines).anyMatch((line) -> line.startsWith("| target | (j) <= 1.2 x (i), no parent | n/a |"));
		assertThat(lines.subList(lines.size() - 32, lines.size())).extracting((line) -> line.split("=")[0])
			.containsExactly("span_nonexporting_ns", "span_noop_api_ns", "span_sdk_alwaysoff_ns", "span_exporting_ns",
					"span_sdk_exporting_ns", "startup_lens_ms", "startup_plain_ms", "startup_silent_stack_ms",
					"startup_stack_only_ms", "startup_exporting_stack_ms", "threads_silent_stack", "threads_plain",
					"span_disabled_group_ns", "span_helper_exporting_ns", "switch_endpoint_ms", "switch_endpoint_max_ms",
					"switch_control_file_ms", "switch_control_file_max_ms", "switch_control_interval_ms",
					"switch_off_ms", "switch_off_max_ms", "span_recording_ns", "span_sdk_noop_processor_ns", "span_recording_sdk_ratio",
					"span_recording_sdk_child_ratio", "span_recording_noop_api_ratio", "recorder_heap_bytes_per_span",
					"recorder_heap_mib", "recorder_dump_ms", "recorder_dump_max_ms", "span_cpu_exporting_sdk_ratio",
					"span_cpu_exporting_sdk_child_ratio");
	}

	@Test
	void theCpuComparisonReadsEachSetUpInAJvmOfItsOwnAndTheReportShowsTheRatio() throws InterruptedException {
		SpanCpuComparison.Result result = SpanCpuComparison.run(1, 2_000, List.of("-Xmx256m"));
		assertThat(result.rounds()).isOne();
		for (String method : SpanCpuComparison.METHODS) {
			for (Tracing tracing : SpanCpuComparison.COMPARED) {
				assertThat(result.readings(tracing, method)).singleElement()
					.satisfies((nanos) -> assertThat(nanos).isPositive());
			}
			assertThat(result.ratio(method)).isPositive();
		}

		ByteArrayOutputStream out = new ByteArrayOutputStream();
		new Report(Map.of(), Map.of(), List.of(), Map.of(), Map.of(), null, null, result)
			.print(new PrintStream(out, true, StandardCharsets.UTF_8), "smoke");
		List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
		assertThat(lines).anyMatch((line) -> line.startsWith("| span, calling thread's CPU, no parent | (f) Lens")
				&& line.contains("median of 1 JVMs"));
		assertThat(lines).anyMatch((line) -> line.startsWith("| comparison | (f) / (e), calling thread's CPU, child | ")
				&& !line.contains("n/a"));
		assertThat(lines).contains("span_cpu_exporting_sdk_ratio=" + Report.number(result.ratio("root"), 3));
	}

	@Test
	void theFlightRecorderFiguresComeFromFullRingsAndRealDumps() {
		RecorderFootprint.Result result = RecorderFootprint.measure(1, 2);
		assertThat(result.heapBytes()).singleElement().satisfies((bytes) -> assertThat(bytes).isPositive());
		assertThat(result.dumpMillis()).hasSize(2).allSatisfy((millis) -> assertThat(millis).isPositive());
		assertThat(result.firstDumpMillis()).isPositive();
		// 2,048 spans of OTLP JSON: far more than an empty dump's {"resourceSpans":[]}.
		assertThat(result.dumpFileBytes()).isGreaterThan(100_000);
	}

	@Test
	void theSwitchOffFigureWaitsForTheSpansUnderWayAndThePipelinesThreads() throws InterruptedException {
		SwitchOffBenchmark.Result result = SwitchOffBenchmark.run(1);
		// The spans under way end over 80 ms after the request: the figure cannot be shorter.
		assertThat(result.millis()).singleElement().satisfies((millis) -> assertThat(millis).isGreaterThan(80));
	}

	@Test
	void sampledCountsAreTakenAtEachWorldSize() {
		List<SampledDeviation.Row> rows = SampledDeviation.compute(new double[] { 0.5 }, new int[] { 8, 1_000 });
		assertThat(rows).extracting(SampledDeviation.Row::worldSize).containsExactly(8, 1_000);
		assertThat(rows).allSatisfy((row) -> assertThat(row.selected()).isBetween(0, row.worldSize()));
		assertThat(rows.get(1).expected()).isEqualTo(500.0);
	}

}
