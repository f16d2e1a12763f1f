package nemo.lens.benchmarks;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import nemo.lens.benchmarks.decision.DecisionBenchmark;
import nemo.lens.benchmarks.decision.SampledDeviation;
import nemo.lens.benchmarks.span.RecorderFootprint;
import nemo.lens.benchmarks.span.SpanCpuComparison;
import nemo.lens.benchmarks.span.Tracing;
import nemo.lens.benchmarks.startup.StartupBenchmark;
import nemo.lens.benchmarks.switching.SwitchBenchmark;
import nemo.lens.benchmarks.switching.SwitchOffBenchmark;

/**
 * Prints one run's figures as a single Markdown table, then, last, the {@code name=value} lines
 * that scripts read. A missing figure prints as {@code n/a}, and a target with a missing figure as
 * not met.
 */
public final class Report {

	private static final String ROOT = "SpanBenchmark.rootSpan/";

	private static final String CHILD = "SpanBenchmark.childSpan/";

	private static final String DISABLED_GROUP = "SpanHelperBenchmark.disabledGroupSpan";

	private static final String HELPER_EXPORTING = "SpanHelperBenchmark.helperExportingSpan";

	private static final double KIB = 1024.0;

	private static final double MIB = 1024.0 * 1024.0;

	private final Map<String, Score> spans;

	private final Map<String, Score> decisions;

	private final List<SampledDeviation.Row> deviations;

	private final Map<String, StartupBenchmark.Result> startup;

	private final Map<String, SwitchBenchmark.Result> switches;

	private final RecorderFootprint.Result recorder;

	private final SwitchOffBenchmark.Result switchOff;

	private final SpanCpuComparison.Result spanCpu;

	private final List<String[]> rows = new ArrayList<>();

	/**
	 * Creates a report.
	 * @param spans span scores, indexed by {@link Score#index} on {@code tracing}
	 * @param decisions decision scores, indexed on {@code strategy}
	 * @param deviations the sampled counts
	 * @param startup start-up results by variant name
	 * @param switches switch-on results by way of switching ({@code endpoint}, {@code control_file})
	 * @param recorder the flight recorder's heap and dump figures, or {@code null} when not measured
	 * @param switchOff the switch-off figures, or {@code null} when not measured
	 * @param spanCpu (e) and (f) in the calling thread's CPU time, or {@code null} when not measured
	 */
	public Report(Map<String, Score> spans, Map<String, Score> decisions, List<SampledDeviation.Row> deviations,
			Map<String, StartupBenchmark.Result> startup, Map<String, SwitchBenchmark.Result> switches,
			RecorderFootprint.Result recorder, SwitchOffBenchmark.Result switchOff, SpanCpuComparison.Result spanCpu) {
		this.spans = spans;
		this.decisions = decisions;
		this.deviations = deviations;
		this.startup = startup;
		this.switches = switches;
		this.recorder = recorder;
		this.switchOff = switchOff;
		this.spanCpu = spanCpu;
	}

	/**
	 * Prints the table, then the {@code name=value} lines.
	 * @param out where to print
	 * @param heading a line printed above the table
	 */
	public void print(PrintStream out, String heading) {
		this.rows.clear();
		spanRows("span, no parent", ROOT, "NoInstrumentationBenchmark.rootSpan");
		spanRows("span, child of remote parent", CHILD, "NoInstrumentationBenchmark.childSpan");
		addSpanRow("span helper, no parent", "(g) handle.span(..).group(disabled), exporting rank",
				this.spans.get(DISABLED_GROUP));
		addSpanRow("span helper, no parent", "(h) handle.span(..), no group, exporting rank (made current)",
				this.spans.get(HELPER_EXPORTING));
		spanCpuRows();
		recorderRows();
		decisionRows();
		deviationRows();
		startupRows();
		switchRows();
		switchOffRow();
		targetRows();
		out.println(heading);
		out.println();
		out.println("| group | case | value | unit | detail |");
		out.println("|---|---|---:|---|---|");
		for (String[] row : this.rows) {
			out.println("| " + String.join(" | ", row) + " |");
		}
		out.println();
		out.println("span_nonexporting_ns=" + number(median(ROOT + Tracing.LENS_NON_EXPORTING), 2));
		out.println("span_noop_api_ns=" + number(median(ROOT + Tracing.NOOP_API), 2));
		out.println("span_sdk_alwaysoff_ns=" + number(median(ROOT + Tracing.SDK_ALWAYS_OFF), 2));
		out.println("span_exporting_ns=" + number(median(ROOT + Tracing.LENS_EXPORTING), 2));
		out.println("span_sdk_exporting_ns=" + number(median(ROOT + Tracing.SDK_EXPORTING), 2));
		out.println("startup_lens_ms=" + number(startupMillis("lens_exporting"), 1));
		out.println("startup_plain_ms=" + number(startupMillis("plain"), 1));
		out.println("startup_silent_stack_ms=" + number(startupMillis("stack_silent"), 1));
		out.println("startup_stack_only_ms=" + number(startupMillis("stack_only"), 1));
		out.println("startup_exporting_stack_ms=" + number(startupMillis("stack_exporting"), 1));
		out.println("threads_silent_stack=" + number(threads("stack_silent"), 0));
		out.println("threads_plain=" + number(threads("web_plain"), 0));
		out.println("span_disabled_group_ns=" + number(median(DISABLED_GROUP), 2));
		out.println("span_helper_exporting_ns=" + number(median(HELPER_EXPORTING), 2));
		out.println("switch_endpoint_ms=" + number(switchFigure("endpoint", SwitchBenchmark.Result::medianMillis), 1));
		out.println("switch_endpoint_max_ms=" + number(switchFigure("endpoint", SwitchBenchmark.Result::maxMillis), 1));
		out.println("switch_control_file_ms="
				+ number(switchFigure("control_file", SwitchBenchmark.Result::medianMillis), 1));
		out.println("switch_control_file_max_ms="
				+ number(switchFigure("control_file", SwitchBenchmark.Result::maxMillis), 1));
		out.println("switch_control_interval_ms=" + SwitchBenchmark.CONTROL_INTERVAL.toMillis());
		out.println("switch_off_ms=" + number((this.switchOff != null) ? this.switchOff.medianMillis() : Double.NaN, 1));
		out.println("switch_off_max_ms=" + number((this.switchOff != null) ? this.switchOff.maxMillis() : Double.NaN, 1));
		out.println("span_recording_ns=" + number(median(ROOT + Tracing.LENS_RECORDING), 2));
		out.println("span_sdk_noop_processor_ns=" + number(median(ROOT + Tracing.SDK_NOOP_PROCESSOR), 2));
		out.println("span_recording_sdk_ratio=" + number(recordingRatio(ROOT, Tracing.SDK_NOOP_PROCESSOR), 3));
		out.println("span_recording_sdk_child_ratio=" + number(recordingRatio(CHILD, Tracing.SDK_NOOP_PROCESSOR), 3));
		out.println("span_recording_noop_api_ratio=" + number(recordingRatio(ROOT, Tracing.NOOP_API), 3));
		out.println("recorder_heap_bytes_per_span=" + number(recorderFigure(RecorderFootprint.Result::heapBytesPerSpan), 0));
		out.println("recorder_heap_mib=" + number(recorderFigure(RecorderFootprint.Result::medianHeapBytes) / MIB, 3));
		out.println("recorder_dump_ms=" + number(recorderFigure(RecorderFootprint.Result::medianDumpMillis), 1));
		out.println("recorder_dump_max_ms=" + number(recorderFigure(RecorderFootprint.Result::maxDumpMillis), 1));
		out.println("span_cpu_exporting_sdk_ratio=" + number(spanCpuRatio("root"), 3));
		out.println("span_cpu_exporting_sdk_child_ratio=" + number(spanCpuRatio("child"), 3));
		out.flush();
	}

	private void spanRows(String group, String prefix, String baseline) {
		addSpanRow(group, "(a) no instrumentation", this.spans.get(baseline));
		for (Tracing tracing : Tracing.values()) {
			addSpanRow(group, label(tracing), this.spans.get(prefix + tracing));
		}
	}

	/** The set-up's letter and what it is, as every row that shows it names it. */
	private static String label(Tracing tracing) {
		return switch (tracing) {
			case NOOP_API -> "(b) OpenTelemetry.noop() API";
			case SDK_ALWAYS_OFF -> "(c) SDK, sampler always_off";
			case LENS_NON_EXPORTING -> "(d) Lens, non-exporting rank";
			case SDK_EXPORTING -> "(e) SDK by hand, batch + no-op exporter";
			case LENS_EXPORTING -> "(f) Lens, exporting rank, same exporter";
			case SDK_NOOP_PROCESSOR -> "(i) SDK by hand, no-op span processor";
			case LENS_RECORDING -> "(j) Lens, non-exporting rank, flight recorder on";
		};
	}

	private void spanCpuRows() {
		if (this.spanCpu == null) {
			return;
		}
		for (String method : SpanCpuComparison.METHODS) {
			String group = "span, calling thread's CPU, "
					+ (method.equals("root") ? "no parent" : "child of remote parent");
			for (Tracing tracing : SpanCpuComparison.COMPARED) {
				List<String> each = this.spanCpu.readings(tracing, method)
					.stream()
					.map((nanos) -> number(nanos, 1))
					.toList();
				double median = this.spanCpu.medianNanos(tracing, method);
				this.rows.add(new String[] { group, label(tracing), number(median, 1),
						"ns/span of CPU, median of " + each.size() + " JVMs",
						"each JVM's median round, in order: " + String.join(", ", each) });
			}
		}
	}

	private void recorderRows() {
		if (this.recorder == null) {
			return;
		}
		String group = "flight recorder, full ring of " + String.format(Locale.ROOT, "%,d", Tracing.RING_SPANS);
		List<String> heaps = this.recorder.heapBytes().stream().map((bytes) -> number(bytes / KIB, 0)).toList();
		this.rows.add(new String[] { group, "heap held by the spans (sample's shape)",
				number(this.recorder.medianHeapBytes() / MIB, 3), "MiB, median of " + this.recorder.heapBytes().size(),
				number(this.recorder.heapBytesPerSpan(), 0) + " B/span; each ring (KiB) " + String.join(", ", heaps) });
		this.rows.add(new String[] { group, "dumpFlightRecorder() to a file", number(this.recorder.medianDumpMillis(), 1),
				"ms, median of " + this.recorder.dumpMillis().size(),
				"max " + number(this.recorder.maxDumpMillis(), 1) + " ms; the JVM's first dump "
						+ number(this.recorder.firstDumpMillis(), 1) + " ms; file "
						+ number(this.recorder.dumpFileBytes() / KIB, 0) + " KiB" });
	}

	private void addSpanRow(String group, String label, Score score) {
		if (score == null) {
			this.rows.add(new String[] { group, label, "n/a", "ns/span", "" });
			return;
		}
		this.rows.add(new String[] { group, label, number(score.median(), 2), "ns/span (median)",
				"mean " + number(score.mean(), 2) + " ± " + number(score.error(), 2) + " ns; "
						+ number(score.allocatedBytes(), 0) + " B/span allocated; " + score.forks() + " fork(s)" });
	}

	private void decisionRows() {
		String group = "decision, every rank of " + String.format(Locale.ROOT, "%,d", DecisionBenchmark.WORLD_SIZE);
		this.decisions.forEach((key, score) -> {
			String strategy = key.substring(key.indexOf('/') + 1);
			String label = switch (strategy) {
				case "sampled" -> "sampled (rate " + DecisionBenchmark.SAMPLE_RATE + ")";
				case "first_rank_per_node" -> "first_rank_per_node (torchrun, LOCAL_RANK set)";
				case DecisionBenchmark.FIRST_RANK_PER_NODE_SRUN -> "first_rank_per_node (srun, launcher detected)";
				default -> strategy;
			};
			// ns per decision x 1,000,000 decisions = the same number in ms.
			double wholeWorldMillis = score.median() * DecisionBenchmark.WORLD_SIZE / 1_000_000.0;
			this.rows.add(new String[] { group, label, number(wholeWorldMillis, 2), "ms per world (median)",
					"per decision: median " + number(score.median(), 2) + " ns, mean " + number(score.mean(), 2)
							+ " ± " + number(score.error(), 2) + " ns, " + number(score.allocatedBytes(), 0)
							+ " B allocated" });
		});
	}

	private void deviationRows() {
		for (SampledDeviation.Row row : this.deviations) {
			this.rows.add(new String[] { "sampled: selected vs rate x N",
					String.format(Locale.ROOT, "rate %s, N = %,d", row.rate(), row.worldSize()),
					String.format(Locale.ROOT, "%+.2f", row.deviation()), "sd of binomial",
					String.format(Locale.ROOT, "selected %,d, expected %,.1f, sd %.1f", row.selected(), row.expected(),
							row.standardDeviation()) });
		}
	}

	private void startupRows() {
		for (StartupBenchmark.Result result : this.startup.values()) {
			double[] range = result.startedRangeMillis();
			double threads = result.medianThreads();
			this.rows.add(new String[] { result.variant().group(), result.variant().description(),
					number(result.medianStartedMillis(), 0),
					"ms to started, median of " + result.samples().size(),
					"range " + number(range[0], 0) + "-" + number(range[1], 0) + " ms; CPU to started (median): process "
							+ number(result.medianCpuMillis(), 0) + " ms, main thread "
							+ number(result.medianMainThreadCpuMillis(), 0) + " ms; peak RSS median "
							+ number(result.medianPeakRssMib(), 0) + " MiB"
							+ (Double.isNaN(threads) ? "" : "; live threads after settle (median) " + number(threads, 0)) });
		}
	}

	private void switchRows() {
		for (SwitchBenchmark.Result result : this.switches.values()) {
			List<String> each = result.millis().stream().map((millis) -> number(millis, 0)).toList();
			this.rows.add(new String[] { SwitchBenchmark.GROUP, result.description(), number(result.medianMillis(), 0),
					"ms, median of " + result.millis().size(),
					"max " + number(result.maxMillis(), 0) + " ms; in order (the first is the JVM's first switch) "
							+ String.join(", ", each) + " ms; goal " + result.goal().toMillis() + " ms" });
		}
	}

	private void switchOffRow() {
		if (this.switchOff == null) {
			return;
		}
		List<String> each = this.switchOff.millis().stream().map((millis) -> number(millis, 0)).toList();
		this.rows.add(new String[] { SwitchOffBenchmark.GROUP,
				"plain Java rank, " + SwitchOffBenchmark.IN_FLIGHT + " spans open at the switch-off ending over "
						+ SwitchOffBenchmark.SPREAD_MILLIS + " ms, OTLP/HTTP to 127.0.0.1",
				number(this.switchOff.medianMillis(), 0), "ms, median of " + this.switchOff.millis().size(),
				"max " + number(this.switchOff.maxMillis(), 0) + " ms; in order (the first is the JVM's first SDK) "
						+ String.join(", ", each) + " ms" });
	}

	private void targetRows() {
		for (String[] span : new String[][] { { "no parent", ROOT }, { "child", CHILD } }) {
			double silent = median(span[1] + Tracing.LENS_NON_EXPORTING);
			target("(d) <= 0.2 x (c), " + span[0], silent / median(span[1] + Tracing.SDK_ALWAYS_OFF), 0.2);
			target("(d) <= 1.5 x (b), " + span[0], silent / median(span[1] + Tracing.NOOP_API), 1.5);
			target("(f) <= 1.10 x (e), " + span[0],
					median(span[1] + Tracing.LENS_EXPORTING) / median(span[1] + Tracing.SDK_EXPORTING), 1.10);
		}
		target("(j) <= 1.2 x (i), no parent", recordingRatio(ROOT, Tracing.SDK_NOOP_PROCESSOR), 1.2);
		target("(j) <= 1.2 x (i), child", recordingRatio(CHILD, Tracing.SDK_NOOP_PROCESSOR), 1.2);
		target("flight recorder, full ring of 2,048 spans <= 4 MiB (MiB / 4)",
				recorderFigure(RecorderFootprint.Result::medianHeapBytes) / (4 * MIB), 1.0);
		target("(g) <= 1.5 x (b), no parent", median(DISABLED_GROUP) / median(ROOT + Tracing.NOOP_API), 1.5);
		target("(h) <= 1.10 x (f), no parent", median(HELPER_EXPORTING) / median(ROOT + Tracing.LENS_EXPORTING), 1.10);
		target("start-up, Lens exporting rank <= 1.10 x without Lens",
				startupMillis("lens_exporting") / startupMillis("plain"), 1.10);
		target("start-up, Lens non-exporting rank <= 1.10 x without Lens",
				startupMillis("lens_silent") / startupMillis("plain"), 1.10);
		target("start-up, stack + Lens silent rank <= 0.75 x stack alone",
				startupMillis("stack_silent") / startupMillis("stack_only"), 0.75);
		target("start-up, stack + Lens exporting rank <= 1.05 x stack alone",
				startupMillis("stack_exporting") / startupMillis("stack_only"), 1.05);
		target("threads, stack + Lens silent rank <= web app without telemetry",
				threads("stack_silent") / threads("web_plain"), 1.0);
		// Issue 25's goals bound each switch, so the slowest of the run is held to them.
		target("switch, endpoint POST to first span received <= 1 s (slowest / goal)",
				switchFigure("endpoint", (result) -> result.maxMillis() / result.goal().toMillis()), 1.0);
		target("switch, control file to first span received <= interval + 1 s (slowest / goal)",
				switchFigure("control_file", (result) -> result.maxMillis() / result.goal().toMillis()), 1.0);
		// The same ratio as the (f) target, in the calling thread's CPU: no core waited for.
		comparison("(f) / (e), calling thread's CPU, no parent", spanCpuRatio("root"), "Lens as cheap as the SDK",
				"what Lens's tracer and its open-span books cost the thread");
		comparison("(f) / (e), calling thread's CPU, child", spanCpuRatio("child"), "Lens as cheap as the SDK",
				"what Lens's tracer and its open-span books cost the thread");
		comparison("(j) Lens recording rank / (b) OpenTelemetry.noop() API, no parent",
				recordingRatio(ROOT, Tracing.NOOP_API), "recording as cheap as the no-op API",
				"what recording costs over the no-op API");
		comparison("(j) Lens recording rank / (b) OpenTelemetry.noop() API, child", recordingRatio(CHILD, Tracing.NOOP_API),
				"recording as cheap as the no-op API", "what recording costs over the no-op API");
		comparison("start-up, Lens exporting rank / Spring Boot's OpenTelemetry starter exporting",
				startupMillis("lens_exporting") / startupMillis("boot_otel"), "Lens faster", "Lens slower");
		// The floor of the 0.75 target: a silent rank cannot start faster than the application with
		// no telemetry starter at all, so this ratio bounds what any gating can reach.
		comparison("start-up, web app without telemetry / stack alone",
				startupMillis("web_plain") / startupMillis("stack_only"), "the best a silent rank can reach",
				"the best a silent rank can reach");
		comparison("start-up, stack + Lens silent rank / web app without telemetry",
				startupMillis("stack_silent") / startupMillis("web_plain"), "Lens silent rank as fast",
				"Lens silent rank slower");
	}

	private void target(String label, double ratio, double limit) {
		String verdict = Double.isNaN(ratio) ? "not measured" : (ratio <= limit) ? "met" : "MISSED";
		this.rows.add(new String[] { "target", label, number(ratio, 3), "ratio", verdict });
	}

	/** A ratio that no target bounds, reported for reading next to the targets. */
	private void comparison(String label, double ratio, String atMostOne, String aboveOne) {
		this.rows.add(new String[] { "comparison", label, number(ratio, 3), "ratio",
				Double.isNaN(ratio) ? "not measured" : (ratio <= 1.0) ? atMostOne : aboveOne });
	}

	private double median(String key) {
		Score score = this.spans.get(key);
		return (score != null) ? score.median() : Double.NaN;
	}

	/** The recording rank's span against another set-up's, by the same benchmark method. */
	private double recordingRatio(String prefix, Tracing other) {
		return median(prefix + Tracing.LENS_RECORDING) / median(prefix + other);
	}

	private double spanCpuRatio(String method) {
		return (this.spanCpu != null) ? this.spanCpu.ratio(method) : Double.NaN;
	}

	private double recorderFigure(ToDoubleFunction<RecorderFootprint.Result> figure) {
		return (this.recorder != null) ? figure.applyAsDouble(this.recorder) : Double.NaN;
	}

	private double startupMillis(String variant) {
		StartupBenchmark.Result result = this.startup.get(variant);
		return (result != null) ? result.medianStartedMillis() : Double.NaN;
	}

	private double switchFigure(String name, ToDoubleFunction<SwitchBenchmark.Result> figure) {
		SwitchBenchmark.Result result = this.switches.get(name);
		return (result != null) ? figure.applyAsDouble(result) : Double.NaN;
	}

	private double threads(String variant) {
		StartupBenchmark.Result result = this.startup.get(variant);
		return (result != null) ? result.medianThreads() : Double.NaN;
	}

	static String number(double value, int decimals) {
		if (Double.isNaN(value) || Double.isInfinite(value)) {
			return "n/a";
		}
		return String.format(Locale.ROOT, "%." + decimals + "f", value);
	}

}
