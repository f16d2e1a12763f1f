package nemo.lens.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import nemo.lens.benchmarks.decision.DecisionBenchmark;
import nemo.lens.benchmarks.decision.SampledDeviation;
import nemo.lens.benchmarks.fleet.FleetBenchmark;
import nemo.lens.benchmarks.fleet.FleetLauncher;
import nemo.lens.benchmarks.fleet.FleetOpampBenchmark;
import nemo.lens.benchmarks.report.ReportBenchmark;
import nemo.lens.benchmarks.span.NoInstrumentationBenchmark;
import nemo.lens.benchmarks.span.RecorderFootprint;
import nemo.lens.benchmarks.span.SpanBenchmark;
import nemo.lens.benchmarks.span.SpanCpuComparison;
import nemo.lens.benchmarks.span.SpanHelperBenchmark;
import nemo.lens.benchmarks.span.Tracing;
import nemo.lens.benchmarks.startup.StartupBenchmark;
import nemo.lens.benchmarks.switching.SwitchBenchmark;
import nemo.lens.benchmarks.switching.SwitchOffBenchmark;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs every benchmark of issue 8 in one go and prints the report: span cost (one JMH run per
 * round, one fork of every set-up in each; then (e) and (f) in the calling thread's CPU time, a JVM
 * a reading, {@link SpanCpuComparison}), decision cost (a JMH run of its own), the
 * sampled-count check, start-up, and (issue 25) how long a silent rank switched on while it runs
 * takes to export its first span; with the span cost, (issue 26) the heap of a full flight recorder
 * and the time to dump it. JMH's own output goes to a log
 * file; progress goes to standard error; the report alone goes to standard output.
 * <p>
 * Arguments: {@code --quick} for the short profile; {@code --benchmarks-dir DIR} (default
 * {@code benchmarks}); {@code --log FILE} (default {@code DIR/jmh/target/jmh.log}; the span rounds write
 * {@code FILE.span-N}, those of the compared pairs {@code FILE.span-pairs-N}, the decision run
 * {@code FILE.decision}); {@code --only PARTS} to run some of {@code span,decision,sampled,startup,switch}
 * (the others print as n/a);
 * {@code --startup-runs N} to override the profile's number of start-ups. The fleet (issue 35) runs
 * only when {@code --only} names it: {@code --fleet-sizes}, {@code --fleet-spring-sizes},
 * {@code --fleet-window SECONDS} and {@code --fleet-switches N} override the profile's, and
 * {@code --fleet-launcher mpirun|srun|both} (default {@code mpirun}) picks what starts the ranks:
 * Open MPI's {@code mpirun}, Slurm's {@code srun} over the two-node test cluster
 * ({@code .ci/launchers/setup}; figures {@code fleet_srun_*}), or each in turn. The fleet's OpAMP
 * part (issue 46) runs only when {@code --only} names {@code fleet-opamp}: jobs of N plain ranks
 * under {@code mpirun}, each rank an OpAMP agent of one mock server, at {@code --fleet-sizes},
 * {@code --fleet-window} and {@code --fleet-switches}; its Markdown table comes first, its
 * {@code fleet_opamp_*} lines after the fleet's.
 */
public final class BenchmarkMain {

	static final List<String> ALL_PARTS = List.of("span", "decision", "sampled", "startup", "switch");

	/**
	 * Parts run only when named in {@code --only}: the fleet needs {@code mpirun} (or Slurm's
	 * {@code srun}) and takes about half an hour at its default sizes; its OpAMP part
	 * ({@code fleet-opamp}) needs {@code mpirun}, Node.js and npm; the flight recorder report at
	 * 1,024 ranks ({@code report}, issue 57) writes about 600 MiB of dumps first.
	 */
	static final List<String> NAMED_PARTS = List.of("fleet", "fleet-opamp", "report");

	/** The set-ups whose ratios are targets: (e) and (f), (i) and (j). */
	static final String[] COMPARED_PAIRS = { Tracing.SDK_EXPORTING.name(), Tracing.LENS_EXPORTING.name(),
			Tracing.SDK_NOOP_PROCESSOR.name(), Tracing.LENS_RECORDING.name() };

	static final double[] SAMPLE_RATES = { 0.01, 0.1, 0.5 };

	static final int[] WORLD_SIZES = { 8, 64, 512, 4_096, 32_768, 262_144, 1_000_000 };

	/**
	 * The heap of every JMH fork, and of every JVM of the CPU readings, fixed and touched at start:
	 * without {@code AlwaysPreTouch}, the first pass of allocation through the young generation
	 * faults its pages in one by one, and on a loaded machine a set-up that allocates 300-450 B per
	 * span read 1-4 us per span until its first collection, then 200-400 ns: warm-up and the first
	 * measured iterations measured the kernel, not the span.
	 */
	private static final List<String> FORK_JVM_ARGS = List.of("-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch");

	private BenchmarkMain() {
	}

	/**
	 * Runs the benchmarks.
	 * @param args see the class description
	 * @throws RunnerException when JMH fails
	 * @throws InterruptedException when interrupted while a switch is measured
	 */
	public static void main(String[] args) throws RunnerException, InterruptedException, IOException {
		Profile profile = Profile.FULL;
		Path directory = Path.of("benchmarks");
		Path log = null;
		Set<String> parts = new LinkedHashSet<>(ALL_PARTS);
		int startupRuns = -1;
		List<Integer> fleetSizes = null;
		List<Integer> fleetSpringSizes = null;
		Duration fleetWindow = null;
		int fleetSwitches = -1;
		List<FleetLauncher> fleetLaunchers = List.of(FleetLauncher.MPIRUN);
		for (int i = 0; i < args.length; i++) {
			switch (args[i]) {
				case "--quick" -> profile = Profile.QUICK;
				case "--full" -> profile = Profile.FULL;
				case "--benchmarks-dir" -> directory = Path.of(args[++i]);
				case "--log" -> log = Path.of(args[++i]);
				case "--startup-runs" -> startupRuns = Integer.parseInt(args[++i]);
				case "--only" -> parts = new LinkedHashSet<>(List.of(args[++i].split(",")));
				case "--fleet-sizes" -> fleetSizes = sizes(args[++i]);
				case "--fleet-spring-sizes" -> fleetSpringSizes = sizes(args[++i]);
				case "--fleet-window" -> fleetWindow = Duration.ofSeconds(Long.parseLong(args[++i]));
				case "--fleet-switches" -> fleetSwitches = Integer.parseInt(args[++i]);
				case "--fleet-launcher" -> fleetLaunchers = FleetLauncher.parse(args[++i]);
				default -> throw new IllegalArgumentException("Unknown argument: " + args[i]
						+ " (use --quick, --full, --benchmarks-dir DIR, --log FILE, --only span,decision,sampled,startup,switch,fleet,fleet-opamp,report,"
						+ " --startup-runs N, --fleet-sizes 8,16,32,64, --fleet-spring-sizes 8,16 (or none), --fleet-window SECONDS, --fleet-switches N,"
						+ " --fleet-launcher mpirun|srun|both)");
			}
		}
		if (log == null) {
			log = directory.resolve("jmh/target/jmh.log");
		}
		if (startupRuns > 0) {
			profile = profile.withStartupRuns(startupRuns);
		}
		createParent(log);
		long start = System.nanoTime();
		String loadBefore = Machine.loadAverage();

		List<RunResult> spanResults = new ArrayList<>();
		RecorderFootprint.Result recorder = null;
		SpanCpuComparison.Result spanCpu = null;
		if (parts.contains("span")) {
			// One fork of every set-up per round, round after round, rather than all forks of one
			// set-up and then the next: drift on the machine then hits every set-up alike.
			for (int round = 1; round <= profile.forks(); round++) {
				Path roundLog = log.resolveSibling(log.getFileName() + ".span-" + round);
				progress("span cost, round " + round + " of " + profile.forks() + ": " + profile.describe()
						+ " (JMH log: " + roundLog + ")");
				spanResults.addAll(new Runner(jmhOptions(profile, roundLog).forks(1)
					.include(SpanBenchmark.class.getName() + "\\.")
					.include(NoInstrumentationBenchmark.class.getName() + "\\.")
					.include(SpanHelperBenchmark.class.getName() + "\\.")
					.build()).run());
			}
			// The set-ups a ratio target compares run again, side by side, so that their medians pool
			// enough forks to tell a 10% difference from one fork's luck.
			for (int round = 1; round <= profile.pairRounds(); round++) {
				Path roundLog = log.resolveSibling(log.getFileName() + ".span-pairs-" + round);
				progress("span cost, compared pairs, round " + round + " of " + profile.pairRounds() + " (JMH log: "
						+ roundLog + ")");
				spanResults.addAll(new Runner(jmhOptions(profile, roundLog).forks(1)
					.include(SpanBenchmark.class.getName() + "\\.")
					.param("tracing", COMPARED_PAIRS)
					.build()).run());
			}
			progress("span cost, calling thread's CPU: " + profile.pairRounds() + " rounds of (e) and (f), a JVM each");
			spanCpu = SpanCpuComparison.run(profile.pairRounds(), 0, FORK_JVM_ARGS);
			// Heap and dump of the flight recorder (issue 26): in this JVM, now quiet, not in a JMH fork.
			int heapRepeats = 5 * profile.forks();
			int dumpRepeats = 20 * profile.forks();
			progress("flight recorder: heap of a full ring (" + heapRepeats + " rings), time to dump it (" + dumpRepeats
					+ " dumps)");
			recorder = RecorderFootprint.measure(heapRepeats, dumpRepeats);
		}
		Collection<RunResult> decisionResults = List.of();
		if (parts.contains("decision")) {
			progress("decision cost");
			Path decisionLog = log.resolveSibling(log.getFileName() + ".decision");
			decisionResults = new Runner(
					jmhOptions(profile, decisionLog).include(DecisionBenchmark.class.getName() + "\\.").build())
				.run();
		}
		List<SampledDeviation.Row> deviations = List.of();
		if (parts.contains("sampled")) {
			progress("sampled counts for world sizes 8 to 1,000,000");
			deviations = SampledDeviation.compute(SAMPLE_RATES, WORLD_SIZES);
		}
		Map<String, StartupBenchmark.Result> startup = Map.of();
		if (parts.contains("startup")) {
			progress("start-up: " + profile.startupRuns() + " measured runs per variant");
			startup = StartupBenchmark.of(directory).run(profile.startupRuns());
		}
		Map<String, SwitchBenchmark.Result> switches = Map.of();
		SwitchOffBenchmark.Result switchOff = null;
		if (parts.contains("switch")) {
			progress("switch on a silent rank while it runs: " + profile.switchRepeats() + " switches per way");
			switches = SwitchBenchmark.of(directory).run(profile.switchRepeats());
			progress("switch off an exporting rank with spans under way: " + profile.switchRepeats() + " switch-offs");
			switchOff = SwitchOffBenchmark.run(profile.switchRepeats());
		}

		Map<String, String> fleet = Map.of();
		if (parts.contains("fleet")) {
			List<Integer> sizes = (fleetSizes != null) ? fleetSizes : profile.fleetSizes();
			List<Integer> springSizes = (fleetSpringSizes != null) ? fleetSpringSizes : profile.fleetSpringSizes();
			progress("fleet: " + sizes + " plain Java ranks and " + springSizes + " Spring Boot ranks under "
					+ fleetLaunchers + " (about 5 minutes per size under mpirun, 2 under srun)");
			fleet = FleetBenchmark.of(directory, (fleetWindow != null) ? fleetWindow : profile.fleetWindow(),
					(fleetSwitches > 0) ? fleetSwitches : profile.fleetSwitches())
				.run(fleetLaunchers, sizes, springSizes);
		}

		Map<String, String> fleetOpamp = Map.of();
		List<String> fleetOpampTable = List.of();
		if (parts.contains("fleet-opamp")) {
			List<Integer> sizes = (fleetSizes != null) ? fleetSizes : profile.fleetSizes();
			progress("fleet-opamp: " + sizes + " plain Java ranks under mpirun with an OpAMP agent each, and without"
					+ " (2 to 6 minutes per size, the longest at 64)");
			FleetOpampBenchmark opamp = FleetOpampBenchmark.of(directory,
					(fleetWindow != null) ? fleetWindow : profile.fleetWindow(),
					(fleetSwitches > 0) ? fleetSwitches : profile.fleetSwitches());
			fleetOpamp = opamp.run(sizes);
			fleetOpampTable = opamp.table();
		}

		Map<String, String> reportFigures = Map.of();
		if (parts.contains("report")) {
			progress("the flight recorder report at " + ReportBenchmark.RANKS + " ranks of " + ReportBenchmark.RING
					+ " spans: writing the dumps, then the report in a JVM of 1 GiB of heap (about a minute)");
			reportFigures = ReportBenchmark.run();
		}

		progress(String.format(Locale.ROOT, "done in %.0f s", (System.nanoTime() - start) / 1e9));
		// The OpAMP part's table, by N, before the report: the name=value lines stay last.
		if (!fleetOpampTable.isEmpty()) {
			System.out.println("NeMo Lens fleet over OpAMP (interval " + FleetOpampBenchmark.INTERVAL.toSeconds()
					+ " s); " + Machine.describe());
			System.out.println();
			fleetOpampTable.forEach(System.out::println);
			System.out.println();
		}
		new Report(Score.index(spanResults, "tracing"), Score.index(decisionResults, "strategy"), deviations, startup,
				switches, recorder, switchOff, spanCpu)
			.print(System.out, "NeMo Lens benchmarks, " + profile.describe() + "; " + Machine.describe()
					+ "; load average before " + loadBefore + ", after " + Machine.loadAverage());
		// The fleet's figures follow the report's, in the same name=value form.
		fleet.forEach((name, value) -> System.out.println(name + "=" + value));
		fleetOpamp.forEach((name, value) -> System.out.println(name + "=" + value));
		reportFigures.forEach((name, value) -> System.out.println(name + "=" + value));
	}

	static ChainedOptionsBuilder jmhOptions(Profile profile, Path log) {
		return profile.apply(new OptionsBuilder())
			.addProfiler(GCProfiler.class)
			.jvmArgsAppend(FORK_JVM_ARGS.toArray(String[]::new))
			.shouldFailOnError(true)
			.output(log.toString());
	}

	/** A comma-separated list of N; {@code none} for no round. */
	private static List<Integer> sizes(String list) {
		return list.equals("none") ? List.of() : Arrays.stream(list.split(",")).map(Integer::valueOf).toList();
	}

	private static void createParent(Path file) {
		try {
			Path parent = file.toAbsolutePath().getParent();
			if (parent != null) {
				Files.createDirectories(parent);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static void progress(String message) {
		System.err.println("[benchmarks] " + message);
		System.err.flush();
	}

}
