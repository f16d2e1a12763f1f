package nemo.lens.benchmarks.fleet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Stream;

import nemo.lens.benchmarks.fleet.FleetJob.RankLine;

/**
 * The fleet benchmark (issue 35): for each N, jobs of N plain Java ranks under
 * {@code mpirun --oversubscribe}, all exporting to one {@link FleetReceiver}, and the figures of a
 * job: what the collector receives under each strategy, what a silent rank costs against the same
 * program on the no-op API, how long a job-wide switch through the control file takes to reach
 * every rank and back, and how the ranks poll the control file.
 * <p>
 * Under {@code srun} ({@link FleetLauncher#SRUN}, figures {@code fleet_srun_*}) only the first job
 * runs, and only for what depends on the launcher: that every rank decides right where Slurm placed
 * it over the two nodes, the collector load of each strategy, and the job-wide switches. What a
 * silent rank costs is the rank's own, whichever launcher started it: {@code mpirun} measures it.
 * A launcher that cannot run here is skipped with the reason.
 * <p>
 * The jobs of one N run one after the other (never two at once: they would share the two cores):
 * <ol>
 * <li>{@code switchable}: Lens, {@code single_rank} at start, a control file polled every second.
 * CPU at 30 s (the start-up storm, with the preparation of the first switch) and at 60 s; the
 * control thread traced; then, each through the control file, {@code first_rank_per_node},
 * {@code sampled} 0.1 and, repeatedly, {@code all_ranks} and back;</li>
 * <li>{@code silent}: Lens, {@code single_rank}, no control file: the silent rank users get by
 * default; CPU at 30 s and 60 s, resident memory and threads at 60 s;</li>
 * <li>{@code noop}: the same program on the OpenTelemetry no-op API, measured the same way;</li>
 * <li>for Spring ranks, {@code boot-off}: the application with Boot's OpenTelemetry starter and
 * without Lens, Boot's own export switches off, measured the same way; for plain ranks, two jobs of
 * two ranks that count the classes a silent rank loads, with Lens and on the no-op API.</li>
 * </ol>
 * Where a job of N ranks is not ready by 30 s (or 60 s), the sample is taken 5 s after it is, in
 * both jobs compared, and the figure's time says so.
 */
public final class FleetBenchmark {

	/** The control file's poll interval. */
	public static final Duration INTERVAL = Duration.ofSeconds(1);

	/** When the start-up storm is read, from the launch. */
	static final Duration STORM_AT = Duration.ofSeconds(30);

	/** When a silent rank's cost is read, from the launch. */
	static final Duration SILENT_AT = Duration.ofSeconds(60);

	private static final Duration READY_TIMEOUT = Duration.ofMinutes(5);

	private static final Duration SWITCH_TIMEOUT = Duration.ofMinutes(3);

	/** The strategies measured through the control file after {@code single_rank}, with their content. */
	private static final Map<String, String> STRATEGIES = Map.of("first_rank_per_node",
			"export-strategy=first_rank_per_node", "sampled", "export-strategy=sampled\nexport-sample-rate=0.1",
			"all_ranks", "export-strategy=all_ranks");

	private final Path benchmarks;

	private final Path work;

	private final Duration window;

	private final int switches;

	private final Map<String, String> figures = new LinkedHashMap<>();

	private FleetBenchmark(Path benchmarks, Path work, Duration window, int switches) {
		this.benchmarks = benchmarks;
		this.work = work;
		this.window = window;
		this.switches = switches;
	}

	/**
	 * The benchmark over the benchmarks folder, whose fleet modules must be compiled.
	 * @param benchmarks the {@code benchmarks} folder
	 * @param window how long each strategy's collector load is counted
	 * @param switches how many job-wide switches on (and back off) are timed per N
	 * @return the benchmark
	 */
	public static FleetBenchmark of(Path benchmarks, Duration window, int switches) {
		return new FleetBenchmark(benchmarks, benchmarks.resolve("target/fleet"), window, switches);
	}

	/**
	 * The variables of every rank of a Lens job.
	 * @param receiver where they export
	 * @param control the control file, or {@code null} for none
	 */
	public static Map<String, String> lensEnvironment(FleetReceiver receiver, Path control, String runId) {
		Map<String, String> env = new LinkedHashMap<>();
		env.put("OTEL_EXPORTER_OTLP_ENDPOINT", receiver.endpoint());
		env.put("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf");
		// Metrics every 5 s rather than the SDK's 60 s, so that a window of seconds sees them; spans
		// keep the SDK's batch delay (5 s).
		env.put("OTEL_METRIC_EXPORT_INTERVAL", "5000");
		env.put("NEMO_LENS_ENABLED", "true");
		env.put("NEMO_LENS_SERVICE_NAME", "fleet");
		env.put("NEMO_LENS_RUN_ID", runId);
		env.put("NEMO_LENS_EXPORT_STRATEGY", "single_rank");
		env.put("NEMO_LENS_SHUTDOWN_TIMEOUT", "2s");
		if (control != null) {
			env.put("NEMO_LENS_CONTROL_FILE", control.toString());
			env.put("NEMO_LENS_CONTROL_INTERVAL", INTERVAL.toMillis() + "ms");
		}
		return env;
	}

	/**
	 * Runs every N under each launcher and returns the figures, {@code fleet_*} names in print order.
	 * @param launchers the launchers, one after the other; one that cannot run here is skipped
	 * @param sizes the N of each round of plain Java ranks
	 * @param springSizes the N of each round of Spring Boot ranks; may be empty
	 */
	public Map<String, String> run(List<FleetLauncher> launchers, List<Integer> sizes, List<Integer> springSizes)
			throws IOException, InterruptedException {
		Files.createDirectories(this.work);
		for (FleetLauncher launcher : launchers) {
			Optional<String> unavailable = launcher.unavailable();
			if (unavailable.isPresent()) {
				progress("skipped under " + launcher + ": " + unavailable.get());
				this.figures.put("fleet_" + launcher + "_skipped", unavailable.get());
				continue;
			}
			run(launcher, sizes, springSizes);
		}
		return this.figures;
	}

	private void run(FleetLauncher launcher, List<Integer> sizes, List<Integer> springSizes)
			throws IOException, InterruptedException {
		Map<Integer, Double> singleRankBytes = new TreeMap<>();
		Map<Integer, Double> singleRankRequests = new TreeMap<>();
		for (int n : sizes) {
			Map<String, Double> load = measure(RankKind.PLAIN, launcher, n);
			singleRankBytes.put(n, load.get("bytes"));
			singleRankRequests.put(n, load.get("requests"));
		}
		for (int n : springSizes) {
			measure(RankKind.SPRING, launcher, n);
		}
		// Headline figures: at the largest N, growth from the smallest.
		if (!sizes.isEmpty()) {
			String prefix = RankKind.PLAIN.prefix(launcher);
			int largest = max(sizes);
			int smallest = sizes.stream().mapToInt(Integer::intValue).min().orElseThrow();
			put(prefix + "single_rank_growth", singleRankBytes.get(largest) / singleRankBytes.get(smallest), 3);
			put(prefix + "single_rank_request_growth",
					singleRankRequests.get(largest) / singleRankRequests.get(smallest), 3);
			headline(RankKind.PLAIN, launcher, largest);
		}
		if (!springSizes.isEmpty()) {
			headline(RankKind.SPRING, launcher, max(springSizes));
		}
	}

	private void headline(RankKind kind, FleetLauncher launcher, int n) {
		List<String> names = switch (launcher) {
			case MPIRUN -> List.of("silent_cpu_ratio", "silent_rss_ratio", "silent_threads", "noop_threads",
					"storm_cpu_ratio", "switch_on_p50_s", "switch_on_p99_s", "switch_on_max_s", "switch_off_max_s",
					"switch_on_cpu_ms", "stat_per_s", "poll_spread_ms", "poll_peak_per_10ms");
			case SRUN -> List.of("nodes", "decided_right", "first_rank_per_node_exporting_ranks",
					"first_rank_per_node_ranks_sending", "single_rank_bytes_per_s", "first_rank_per_node_bytes_per_s",
					"all_ranks_bytes_per_s", "switch_on_p50_s", "switch_on_p99_s", "switch_on_max_s",
					"switch_off_max_s", "switch_on_cpu_ms");
		};
		List<String> kindNames = new ArrayList<>(names);
		if (launcher == FleetLauncher.MPIRUN) {
			kindNames.addAll((kind == RankKind.SPRING) ? List.of("silent_vs_boot_off_cpu_ratio") : List.of("silent_classes"));
		}
		for (String name : kindNames) {
			this.figures.put(kind.prefix(launcher) + name, this.figures.getOrDefault(kind.prefix(launcher, n) + name, "n/a"));
		}
	}

	/**
	 * Whether jobs under a launcher also measure what a silent rank costs (the {@code silent} and
	 * {@code noop} jobs, CPU and memory samples, the poll trace): only under {@code mpirun}, since
	 * the cost is the rank's whichever launcher started it.
	 */
	private static boolean measuresCost(FleetLauncher launcher) {
		return launcher == FleetLauncher.MPIRUN;
	}

	private static int max(List<Integer> sizes) {
		return sizes.stream().mapToInt(Integer::intValue).max().orElseThrow();
	}

	/**
	 * The jobs of one N under a launcher and their figures (three under {@code mpirun}, the first
	 * under {@code srun}); the single_rank load of the first, for the growth.
	 */
	private Map<String, Double> measure(RankKind kind, FleetLauncher launcher, int n)
			throws IOException, InterruptedException {
		String p = kind.prefix(launcher, n);
		progress(p + ": switchable Lens job under " + launcher);
		Map<String, Double> load = switchable(kind, launcher, n);
		if (!measuresCost(launcher)) {
			return load;
		}
		progress(p + ": silent Lens job without a control file");
		Map<String, Double> silent = quiet(kind, n, true, "silent");
		progress(p + ": the same program without Lens");
		Map<String, Double> noop = quiet(kind, n, false, "noop");
		if (kind == RankKind.SPRING) {
			progress(p + ": the application with Boot's OpenTelemetry starter and Boot's own switches off, without Lens");
			Map<String, Double> bootOff = quiet(kind, n,
					(receiver) -> kind.bootSwitchesOffCommand(this.benchmarks, receiver.endpoint()), "boot-off");
			put(p + "boot_off_cpu_ms", bootOff.get("cpu60"), 0);
			put(p + "boot_off_rss_mib", bootOff.get("rss") / 1024, 1);
			put(p + "silent_vs_boot_off_cpu_ratio", silent.get("cpu60") / bootOff.get("cpu60"), 3);
			put(p + "silent_vs_boot_off_rss_ratio", silent.get("rss") / bootOff.get("rss"), 3);
		}
		else {
			progress(p + ": classes a silent rank loads, with Lens and without");
			double lensClasses = classesLoaded(kind, true);
			double noopClasses = classesLoaded(kind, false);
			put(p + "silent_classes", lensClasses - noopClasses, 0);
			put(p + "silent_classes_total", lensClasses, 0);
			put(p + "noop_classes_total", noopClasses, 0);
		}
		put(p + "silent_cpu_ms", silent.get("cpu60"), 0);
		put(p + "noop_cpu_ms", noop.get("cpu60"), 0);
		put(p + "silent_cpu_ratio", silent.get("cpu60") / noop.get("cpu60"), 3);
		put(p + "silent_rss_mib", silent.get("rss") / 1024, 1);
		put(p + "noop_rss_mib", noop.get("rss") / 1024, 1);
		put(p + "silent_rss_ratio", silent.get("rss") / noop.get("rss"), 3);
		put(p + "silent_threads", silent.get("threads"), 0);
		put(p + "noop_threads", noop.get("threads"), 0);
		put(p + "storm_cpu_ms", this.stormCpu, 0);
		put(p + "storm_nocontrol_cpu_ms", silent.get("cpu30"), 0);
		put(p + "storm_cpu_ratio", this.stormCpu / silent.get("cpu30"), 3);
		put(p + "switchable_silent_cpu_ratio", this.switchableCpu60 / noop.get("cpu60"), 3);
		return load;
	}

	private double stormCpu;

	private double switchableCpu60;

	/** The switchable job: storm and poll trace, then each strategy's load and the switches. */
	private Map<String, Double> switchable(RankKind kind, FleetLauncher launcher, int n)
			throws IOException, InterruptedException {
		String p = kind.prefix(launcher, n);
		ControlFile control = new ControlFile(this.work.resolve(p + "control.properties"));
		control.remove();
		Map<String, Double> singleRank;
		try (FleetReceiver receiver = FleetReceiver.start();
				FleetJob job = FleetJob.start(launcher, n, kind.command(this.benchmarks, true, receiver.endpoint()),
						lensEnvironment(receiver, control.path(), p + "switchable"), this.work.resolve(p + "switchable.log"))) {
			Map<Integer, RankLine> ready = job.awaitReady(READY_TIMEOUT);
			double readySeconds = seconds(System.nanoTime() - job.startNanos());
			put(p + "ready_s", readySeconds, 1);
			List<Integer> exportingAtStart = ready.values().stream().filter(RankLine::exporting).map(RankLine::rank).toList();
			this.figures.put(p + "single_rank_exporting_ranks", exportingAtStart.toString());
			List<Integer> silent = ready.keySet().stream().filter((rank) -> !exportingAtStart.contains(rank)).toList();
			List<Long> silentPids = silent.stream().map((rank) -> ready.get(rank).pid()).toList();

			if (measuresCost(launcher)) {
				Map<Long, ProcessSample> at30 = sampleAt(job, STORM_AT, silentPids);
				this.stormCpu = median(at30.values().stream().map((s) -> (double) s.cpuMillis()).toList());
				Map<Long, ProcessSample> at60 = sampleAt(job, SILENT_AT, silentPids);
				this.switchableCpu60 = median(at60.values().stream().map((s) -> (double) s.cpuMillis()).toList());
				put(p + "switchable_threads", median(at60.values().stream().map((s) -> (double) s.threads()).toList()), 0);

				PollTrace trace = PollTrace.of(silentPids, control.path(), INTERVAL, Duration.ofSeconds(5),
						this.work.resolve(p + "strace.txt"));
				if (trace != null) {
					put(p + "stat_per_s", trace.statCalls() / trace.seconds() * n / trace.ranksTraced(), 1);
					put(p + "poll_spread_ms", trace.spreadMillis(), 0);
					put(p + "poll_peak_per_10ms", trace.peakPer10Millis(), 0);
				}
			}

			singleRank = load(receiver, p + "single_rank");
			// The strategies' collector load is the plain ranks' figure; Spring ranks are timed only.
			for (String strategy : (kind == RankKind.PLAIN) ? List.of("first_rank_per_node", "sampled") : List.<String>of()) {
				control.write(STRATEGIES.get(strategy));
				Thread.sleep(INTERVAL.plusSeconds(2).toMillis());
				load(receiver, p + strategy);
				if (strategy.equals("first_rank_per_node")) {
					decisions(p, job, ready, exportingAtStart);
				}
			}
			control.remove();
			Thread.sleep(INTERVAL.plusSeconds(2).toMillis());
			switches(p, job, receiver, control, ready, silent);
		}
		return singleRank;
	}

	/**
	 * Whether every rank decided right, by its own lines: at start under {@code single_rank} only the
	 * last rank exports; under {@code first_rank_per_node}, only the ranks of local rank 0 where the
	 * launcher placed them ({@link FleetLauncher#place}: under {@code srun}, Slurm's own
	 * {@code SLURM_LOCALID} of each rank's process). Also the nodes the ranks are on, and who
	 * exports under {@code first_rank_per_node}.
	 */
	private void decisions(String p, FleetJob job, Map<Integer, RankLine> ready, List<Integer> exportingAtStart) {
		Map<Integer, Boolean> now = job.decisions();
		Set<Integer> nodes = new TreeSet<>();
		int right = 0;
		for (Map.Entry<Integer, RankLine> entry : ready.entrySet()) {
			int rank = entry.getKey();
			RankPlace place = job.launcher().place(rank, entry.getValue().pid());
			if (place == null) {
				continue;
			}
			nodes.add(place.node());
			boolean singleRankRight = exportingAtStart.contains(rank) == (rank == ready.size() - 1);
			boolean firstOfNodeRight = now.get(rank) == (place.localRank() == 0);
			if (singleRankRight && firstOfNodeRight) {
				right++;
			}
		}
		put(p + "nodes", nodes.size(), 0);
		this.figures.put(p + "first_rank_per_node_exporting_ranks",
				now.entrySet().stream().filter(Map.Entry::getValue).map(Map.Entry::getKey).toList().toString());
		this.figures.put(p + "decided_right", right + "/" + ready.size());
	}

	/**
	 * Switches the whole job on through the control file and back, {@link #switches} times: the
	 * time from the rename until each rank it switches on (those silent before) has its first span
	 * arrived, and from the removal until each such rank's last span arrived. The rank that exports
	 * throughout is not timed: its next batch comes on its own schedule, whatever the switch; the CPU one rank spent on the switch-on, its CPU over the
	 * switch less what it spends in as long without one. Switch {@code k} first waits {@code k/n}
	 * of the interval, so that the writes sample the ranks' poll phases evenly.
	 */
	private void switches(String p, FleetJob job, FleetReceiver receiver, ControlFile control,
			Map<Integer, RankLine> ready, List<Integer> silent) throws InterruptedException {
		List<Double> on = new ArrayList<>();
		List<Double> off = new ArrayList<>();
		List<Double> cpu = new ArrayList<>();
		// Per switch, in order: the first one of a rank's life differs from the next (see docs/scale.md).
		List<String> maxBySwitch = new ArrayList<>();
		List<String> cpuBySwitch = new ArrayList<>();
		int incomplete = 0;
		long lateSpans = 0;
		for (int k = 0; k < this.switches; k++) {
			progress(p + ": switch " + (k + 1) + " of " + this.switches);
			Map<Long, ProcessSample> base = samples(ready.values().stream().map(RankLine::pid).toList());
			long baseAt = System.nanoTime();
			Thread.sleep(2000 + INTERVAL.toMillis() * k / this.switches);
			Map<Long, ProcessSample> before = samples(base.keySet());
			long beforeAt = System.nanoTime();
			long written = control.write(STRATEGIES.get("all_ranks"));
			boolean all = receiver.await(() -> silent.stream()
				.allMatch((rank) -> receiver.firstSpanArrivalAfter(rank, written) >= 0), SWITCH_TIMEOUT);
			long afterAt = System.nanoTime();
			Map<Long, ProcessSample> after = samples(base.keySet());
			if (!all) {
				incomplete++;
			}
			List<Double> thisOn = new ArrayList<>();
			for (int rank : silent) {
				long arrival = receiver.firstSpanArrivalAfter(rank, written);
				if (arrival >= 0) {
					thisOn.add(seconds(arrival - written));
				}
			}
			on.addAll(thisOn);
			maxBySwitch.add(format(percentile(thisOn, 100), 2));
			List<Double> thisCpu = new ArrayList<>();
			for (int rank : silent) {
				long pid = ready.get(rank).pid();
				if (base.get(pid) == null || before.get(pid) == null || after.get(pid) == null) {
					continue;
				}
				double idleRate = (double) (before.get(pid).cpuMillis() - base.get(pid).cpuMillis()) / (beforeAt - baseAt);
				thisCpu.add(Math.max(0, after.get(pid).cpuMillis() - before.get(pid).cpuMillis() - idleRate * (afterAt - beforeAt)));
			}
			cpu.addAll(thisCpu);
			cpuBySwitch.add(format(median(thisCpu), 0));
			if (k == 0) {
				load(receiver, p + "all_ranks");
			}
			long removed = control.remove();
			Map<Integer, RankLine> offLines = job.awaitSwitched(silent, false, removed, SWITCH_TIMEOUT);
			// The last batches of a switch-off are flushed as it happens; give them time to arrive.
			Thread.sleep(3000);
			for (int rank : silent) {
				long last = receiver.lastSpanArrival(rank);
				if (last >= removed) {
					off.add(seconds(last - removed));
				}
				RankLine line = offLines.get(rank);
				if (line != null && receiver.snapshot().get(rank).latestSpanStart() > line.atEpochNanos()) {
					lateSpans++;
				}
			}
			if (offLines.size() < silent.size()) {
				incomplete++;
			}
		}
		put(p + "switch_on_p50_s", percentile(on, 50), 2);
		put(p + "switch_on_p99_s", percentile(on, 99), 2);
		put(p + "switch_on_max_s", percentile(on, 100), 2);
		put(p + "switch_off_max_s", percentile(off, 100), 2);
		put(p + "switch_on_cpu_ms", median(cpu), 0);
		this.figures.put(p + "switch_on_max_by_switch_s", String.join(",", maxBySwitch));
		this.figures.put(p + "switch_on_cpu_by_switch_ms", String.join(",", cpuBySwitch));
		put(p + "switch_incomplete", incomplete, 0);
		put(p + "spans_started_after_off", lateSpans, 0);
	}

	/** The collector load over one window: per second, all ranks together. */
	private Map<String, Double> load(FleetReceiver receiver, String prefix) throws InterruptedException {
		Map<Integer, FleetReceiver.RankLoad> start = receiver.snapshot();
		long startAt = System.nanoTime();
		Thread.sleep(this.window.toMillis());
		Map<Integer, FleetReceiver.RankLoad> end = receiver.snapshot();
		double elapsed = seconds(System.nanoTime() - startAt);
		double requests = 0;
		double bytes = 0;
		double spans = 0;
		double points = 0;
		int sending = 0;
		for (Map.Entry<Integer, FleetReceiver.RankLoad> entry : end.entrySet()) {
			FleetReceiver.RankLoad before = start.getOrDefault(entry.getKey(), new FleetReceiver.RankLoad());
			FleetReceiver.RankLoad now = entry.getValue();
			requests += now.requests() - before.requests();
			bytes += now.bytes() - before.bytes();
			spans += now.spans() - before.spans();
			points += now.points() - before.points();
			if (now.requests() > before.requests()) {
				sending++;
			}
		}
		put(prefix + "_req_per_s", requests / elapsed, 2);
		put(prefix + "_bytes_per_s", bytes / elapsed, 0);
		put(prefix + "_spans_per_s", spans / elapsed, 1);
		put(prefix + "_points_per_s", points / elapsed, 1);
		put(prefix + "_ranks_sending", sending, 0);
		return Map.of("requests", requests / elapsed, "bytes", bytes / elapsed);
	}

	/** A job that is never switched: its ranks' CPU at 30 s and 60 s, resident memory and threads at 60 s. */
	private Map<String, Double> quiet(RankKind kind, int n, boolean lens, String name) throws InterruptedException {
		return quiet(kind, n, (receiver) -> kind.command(this.benchmarks, lens, receiver.endpoint()), name);
	}

	private Map<String, Double> quiet(RankKind kind, int n, Function<FleetReceiver, List<String>> command, String name)
			throws InterruptedException {
		String p = kind.prefix(FleetLauncher.MPIRUN, n);
		try (FleetReceiver receiver = FleetReceiver.start();
				FleetJob job = FleetJob.start(FleetLauncher.MPIRUN, n, command.apply(receiver),
						lensEnvironment(receiver, null, p + name), this.work.resolve(p + name + ".log"))) {
			Map<Integer, RankLine> ready = job.awaitReady(READY_TIMEOUT);
			List<Long> silentPids = ready.values().stream().filter((line) -> !line.exporting()).map(RankLine::pid).toList();
			Map<Long, ProcessSample> at30 = sampleAt(job, STORM_AT, silentPids);
			Map<Long, ProcessSample> at60 = sampleAt(job, SILENT_AT, silentPids);
			Map<String, Double> result = new LinkedHashMap<>();
			result.put("cpu30", median(at30.values().stream().map((s) -> (double) s.cpuMillis()).toList()));
			result.put("cpu60", median(at60.values().stream().map((s) -> (double) s.cpuMillis()).toList()));
			result.put("rss", median(at60.values().stream().map((s) -> (double) s.rssKib()).toList()));
			result.put("threads", median(at60.values().stream().map((s) -> (double) s.threads()).toList()));
			return result;
		}
	}

	/**
	 * The classes a silent rank of a two-rank job has loaded by the time it is ended, once ready
	 * ({@code -Xlog:class+load}): what Lens adds to a silent rank beyond the same program on the
	 * no-op API is paid in loading these.
	 */
	private double classesLoaded(RankKind kind, boolean lens) throws InterruptedException {
		String name = kind.prefix(FleetLauncher.MPIRUN) + (lens ? "lens" : "noop") + "-classes";
		Path logs = this.work.resolve(name);
		long pid;
		try {
			Files.createDirectories(logs);
			try (FleetReceiver receiver = FleetReceiver.start()) {
				List<String> command = new ArrayList<>(kind.command(this.benchmarks, lens, receiver.endpoint()));
				command.add(1, "-Xlog:class+load:file=" + logs.resolve("rank-%p.txt"));
				try (FleetJob job = FleetJob.start(FleetLauncher.MPIRUN, 2, command,
						lensEnvironment(receiver, null, name), this.work.resolve(name + ".log"))) {
					pid = job.awaitReady(READY_TIMEOUT).values().stream().filter((line) -> !line.exporting())
						.findFirst().orElseThrow().pid();
				}
			}
			// Written as the rank exits, which closing the job ends.
			try (Stream<String> lines = Files.lines(logs.resolve("rank-" + pid + ".txt"))) {
				return lines.filter((line) -> line.contains("[class,load]")).count();
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Samples the processes at a time after the launch, or 5 s after now when that has passed.
	 * @throws IllegalStateException when a rank is gone: its figures would be a median of fewer
	 */
	private static Map<Long, ProcessSample> sampleAt(FleetJob job, Duration at, Collection<Long> pids)
			throws InterruptedException {
		long wait = job.startNanos() + at.toNanos() - System.nanoTime();
		Thread.sleep((wait > 0) ? wait / 1_000_000 : 5000);
		Map<Long, ProcessSample> samples = samples(pids);
		samples.forEach((pid, sample) -> {
			if (sample == null) {
				throw new IllegalStateException(job + ": the rank of pid " + pid + " is gone " + at.toSeconds()
						+ " s after the launch; see its log");
			}
		});
		return samples;
	}

	private static Map<Long, ProcessSample> samples(Collection<Long> pids) {
		Map<Long, ProcessSample> samples = new LinkedHashMap<>();
		for (long pid : pids) {
			samples.put(pid, ProcessSample.of(pid));
		}
		return samples;
	}

	static double median(List<Double> values) {
		return percentile(values, 50);
	}

	/** The nearest-rank percentile; {@code NaN} for no values. */
	static double percentile(List<Double> values, double percentile) {
		List<Double> sorted = values.stream().filter((v) -> v != null).sorted().toList();
		if (sorted.isEmpty()) {
			return Double.NaN;
		}
		int index = (int) Math.ceil(percentile / 100 * sorted.size()) - 1;
		return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
	}

	static double seconds(long nanos) {
		return nanos / 1e9;
	}

	private void put(String name, double value, int decimals) {
		this.figures.put(name, format(value, decimals));
	}

	static String format(double value, int decimals) {
		return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%." + decimals + "f", value);
	}

	private static void progress(String message) {
		System.err.println("[benchmarks] fleet: " + message);
		System.err.flush();
	}

}
