package nemo.lens.benchmarks.fleet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import nemo.lens.benchmarks.fleet.FleetJob.RankLine;

/**
 * The fleet's OpAMP part (issue 46): for each N, N plain Lens ranks under
 * {@code mpirun --oversubscribe}, each with an OpAMP agent ({@code fleet-rank-opamp}) polling one
 * {@link OpampServer} every {@link #INTERVAL}, and what that costs and buys a job:
 * <ul>
 * <li>the requests a second at the server, all ranks together, counted by the server's driver
 * script, and the server's own CPU;</li>
 * <li>the CPU a silent rank spends a second with its agent polling, against the same job without an
 * endpoint (same program and class path, {@code single_rank}, no agent), and against the same job
 * switchable through a control file polled at the same interval instead (absent: the ranks poll and
 * rehearse their first switch, and are never switched), over the same window of each job's life;</li>
 * <li>how long a change put on the server ({@code export-strategy=all_ranks}) takes to reach every
 * rank: from the put to each rank's first request with spans at the {@link FleetReceiver} (as
 * {@link FleetBenchmark} times the control file) and to each rank's own {@code FLEET_SWITCHED}
 * line; then the entry withdrawn, to each rank's line saying it is silent again.</li>
 * </ul>
 * Jobs run one after the other, never two at once: they would share the machine's cores.
 */
public final class FleetOpampBenchmark {

	/** The agents' poll interval: the least {@code NEMO_LENS_OPAMP_INTERVAL} allows. */
	public static final Duration INTERVAL = Duration.ofSeconds(1);

	/** The figures' prefix. */
	static final String PREFIX = "fleet_opamp_";

	/**
	 * The earliest a window starts, from the launch: past the start-up and the first switch's
	 * rehearsal (a switchable rank rehearses within its first ten intervals).
	 */
	private static final Duration SETTLED_AT = Duration.ofSeconds(30);

	/** The least time from a job being ready to its window, where the job is ready late. */
	private static final Duration SETTLE_AFTER_READY = Duration.ofSeconds(15);

	private static final Duration READY_TIMEOUT = Duration.ofMinutes(5);

	private static final Duration SWITCH_TIMEOUT = Duration.ofMinutes(2);

	private final Path benchmarks;

	private final Path work;

	private final Duration window;

	private final int switches;

	private final Map<String, String> figures = new LinkedHashMap<>();

	private final List<Integer> measured = new ArrayList<>();

	private FleetOpampBenchmark(Path benchmarks, Duration window, int switches) {
		this.benchmarks = benchmarks;
		this.work = benchmarks.resolve("target/fleet");
		this.window = window;
		this.switches = switches;
	}

	/**
	 * The OpAMP part over the benchmarks folder, whose fleet modules must be compiled.
	 * @param benchmarks the {@code benchmarks} folder
	 * @param window how long requests and CPU are counted, per job
	 * @param switches how many changes on the server (and withdrawals) are timed per N
	 */
	public static FleetOpampBenchmark of(Path benchmarks, Duration window, int switches) {
		return new FleetOpampBenchmark(benchmarks, window, switches);
	}

	/**
	 * Runs every N and returns the figures, {@code fleet_opamp_*} names in print order; skipped,
	 * with the reason, where {@code mpirun}, {@code node} or {@code npm} is missing.
	 * @param sizes the N of each round
	 */
	public Map<String, String> run(List<Integer> sizes) throws IOException, InterruptedException {
		Optional<String> unavailable = FleetLauncher.MPIRUN.unavailable().or(OpampServer::unavailable);
		if (unavailable.isPresent()) {
			progress("skipped: " + unavailable.get());
			this.figures.put(PREFIX + "skipped", unavailable.get());
			return this.figures;
		}
		Files.createDirectories(this.work);
		this.figures.put(PREFIX + "interval_s", FleetBenchmark.format(INTERVAL.toMillis() / 1000.0, 0));
		this.figures.put(PREFIX + "window_s", FleetBenchmark.format(this.window.toMillis() / 1000.0, 0));
		for (int n : sizes) {
			measure(n);
			this.measured.add(n);
		}
		return this.figures;
	}

	/** The figures as a Markdown table, one row a figure, one column an N. */
	public List<String> table() {
		List<String> lines = new ArrayList<>();
		if (this.measured.isEmpty()) {
			return lines;
		}
		StringBuilder head = new StringBuilder("| figure |");
		StringBuilder rule = new StringBuilder("|---|");
		for (int n : this.measured) {
			head.append(" N = ").append(n).append(" |");
			rule.append("---:|");
		}
		lines.add(head.toString());
		lines.add(rule.toString());
		for (String name : List.of("ready_s", "agents", "requests_per_s", "requests_per_s_per_rank",
				"server_cpu_ms_per_s", "on_cpu_ms_per_s", "off_cpu_ms_per_s", "cpu_ms_per_rank",
				"control_file_cpu_ms_per_s", "cpu_ms_per_rank_over_control_file", "switch_on_p50_s",
				"switch_on_max_s", "switch_on_said_max_s", "switch_on_max_by_switch_s", "switch_off_said_max_s",
				"switch_incomplete")) {
			StringBuilder row = new StringBuilder("| `" + PREFIX + name + "_N<n>` |");
			for (int n : this.measured) {
				row.append(' ').append(this.figures.getOrDefault(name(name, n), "n/a")).append(" |");
			}
			lines.add(row.toString());
		}
		return lines;
	}

	private void measure(int n) throws IOException, InterruptedException {
		progress("N = " + n + ": Lens job with an OpAMP agent a rank, interval " + INTERVAL.toSeconds() + " s");
		double on;
		try (OpampServer server = OpampServer.start(this.benchmarks, this.work.resolve("opamp-N" + n + "-server.log"));
				FleetReceiver receiver = FleetReceiver.start();
				FleetJob job = FleetJob.start(FleetLauncher.MPIRUN, n, RankKind.PLAIN.opampCommand(this.benchmarks,
						receiver.endpoint()), environment(receiver, server, "opamp-N" + n),
						this.work.resolve("opamp-N" + n + ".log"))) {
			Map<Integer, RankLine> ready = job.awaitReady(READY_TIMEOUT);
			long readyAt = System.nanoTime();
			put(name("ready_s", n), FleetBenchmark.seconds(readyAt - job.startNanos()), 1);
			List<Integer> silent = ready.values().stream().filter((line) -> !line.exporting()).map(RankLine::rank).toList();
			List<Long> silentPids = silent.stream().map((rank) -> ready.get(rank).pid()).toList();
			// Every agent has been seen by the server before anything is counted.
			awaitAgents(server, n);
			this.figures.put(name("agents", n), Long.toString(server.agents()));

			awaitWindowStart(job, readyAt);
			Map<Long, ProcessSample> before = samples(silentPids);
			ProcessSample serverBefore = ProcessSample.of(server.pid());
			long requestsBefore = server.requests();
			long from = System.nanoTime();
			Thread.sleep(this.window.toMillis());
			Map<Long, ProcessSample> after = samples(silentPids);
			ProcessSample serverAfter = ProcessSample.of(server.pid());
			long requestsAfter = server.requests();
			double elapsed = FleetBenchmark.seconds(System.nanoTime() - from);
			put(name("requests_per_s", n), (requestsAfter - requestsBefore) / elapsed, 1);
			put(name("requests_per_s_per_rank", n), (requestsAfter - requestsBefore) / elapsed / n, 3);
			put(name("server_cpu_ms_per_s", n), (serverAfter.cpuMillis() - serverBefore.cpuMillis()) / elapsed, 1);
			on = cpuPerSecond(before, after, elapsed);
			put(name("on_cpu_ms_per_s", n), on, 2);

			switches(n, server, receiver, job, silent);
		}
		progress("N = " + n + ": the same job without an OpAMP endpoint");
		double off = windowCpu(n, (receiver) -> environment(receiver, null, "opamp-off-N" + n), "opamp-off-N" + n);
		put(name("off_cpu_ms_per_s", n), off, 2);
		put(name("cpu_ms_per_rank", n), on - off, 2);
		progress("N = " + n + ": the same job with a control file polled every " + INTERVAL.toSeconds()
				+ " s instead, absent");
		Path control = this.work.resolve("opamp-control-N" + n + ".properties");
		new ControlFile(control).remove();
		double controlFile = windowCpu(n,
				(receiver) -> FleetBenchmark.lensEnvironment(receiver, control, "opamp-control-N" + n),
				"opamp-control-N" + n);
		put(name("control_file_cpu_ms_per_s", n), controlFile, 2);
		put(name("cpu_ms_per_rank_over_control_file", n), on - controlFile, 2);
	}

	/**
	 * A job of the OpAMP rank that is not switched: the median CPU a second of its silent ranks over
	 * the window, which starts as the OpAMP job's does.
	 */
	private double windowCpu(int n, Function<FleetReceiver, Map<String, String>> environment, String name)
			throws InterruptedException {
		try (FleetReceiver receiver = FleetReceiver.start();
				FleetJob job = FleetJob.start(FleetLauncher.MPIRUN, n,
						RankKind.PLAIN.opampCommand(this.benchmarks, receiver.endpoint()), environment.apply(receiver),
						this.work.resolve(name + ".log"))) {
			Map<Integer, RankLine> ready = job.awaitReady(READY_TIMEOUT);
			long readyAt = System.nanoTime();
			List<Long> silentPids = ready.values().stream().filter((line) -> !line.exporting()).map(RankLine::pid).toList();
			awaitWindowStart(job, readyAt);
			Map<Long, ProcessSample> before = samples(silentPids);
			long from = System.nanoTime();
			Thread.sleep(this.window.toMillis());
			Map<Long, ProcessSample> after = samples(silentPids);
			return cpuPerSecond(before, after, FleetBenchmark.seconds(System.nanoTime() - from));
		}
	}

	/**
	 * Puts {@code export-strategy=all_ranks} on the server and withdraws it, {@link #switches}
	 * times: per rank silent before, the time from the put to its first request with spans at the
	 * receiver and to its own line saying it exports, and from the withdrawal to its line saying it
	 * is silent. Switch {@code k} first waits {@code k/n} of the interval, so that the puts sample
	 * the agents' poll phases evenly, as the control file's switches do.
	 */
	private void switches(int n, OpampServer server, FleetReceiver receiver, FleetJob job, List<Integer> silent)
			throws InterruptedException {
		List<Double> on = new ArrayList<>();
		List<Double> said = new ArrayList<>();
		List<Double> off = new ArrayList<>();
		List<String> maxBySwitch = new ArrayList<>();
		int incomplete = 0;
		for (int k = 0; k < this.switches; k++) {
			progress("N = " + n + ": change on the server " + (k + 1) + " of " + this.switches);
			// A pause between switches (not a wait for an event): the previous withdrawal settles and the
			// put lands at another phase of the agents' polls.
			Thread.sleep(2000 + INTERVAL.toMillis() * k / this.switches);
			long put = server.put("export-strategy=all_ranks");
			boolean all = receiver.await(() -> silent.stream()
				.allMatch((rank) -> receiver.firstSpanArrivalAfter(rank, put) >= 0), SWITCH_TIMEOUT);
			Map<Integer, RankLine> onLines = job.awaitSwitched(silent, true, put, SWITCH_TIMEOUT);
			if (!all || onLines.size() < silent.size()) {
				incomplete++;
			}
			List<Double> thisOn = new ArrayList<>();
			for (int rank : silent) {
				long arrival = receiver.firstSpanArrivalAfter(rank, put);
				if (arrival >= 0) {
					thisOn.add(FleetBenchmark.seconds(arrival - put));
				}
			}
			on.addAll(thisOn);
			maxBySwitch.add(FleetBenchmark.format(FleetBenchmark.percentile(thisOn, 100), 2));
			onLines.values().forEach((line) -> said.add(FleetBenchmark.seconds(line.seenNanos() - put)));

			long withdrawn = server.put(null);
			Map<Integer, RankLine> offLines = job.awaitSwitched(silent, false, withdrawn, SWITCH_TIMEOUT);
			if (offLines.size() < silent.size()) {
				incomplete++;
			}
			offLines.values().forEach((line) -> off.add(FleetBenchmark.seconds(line.seenNanos() - withdrawn)));
		}
		put(name("switch_on_p50_s", n), FleetBenchmark.percentile(on, 50), 2);
		put(name("switch_on_max_s", n), FleetBenchmark.percentile(on, 100), 2);
		put(name("switch_on_said_max_s", n), FleetBenchmark.percentile(said, 100), 2);
		this.figures.put(name("switch_on_max_by_switch_s", n), String.join(",", maxBySwitch));
		put(name("switch_off_said_max_s", n), FleetBenchmark.percentile(off, 100), 2);
		put(name("switch_incomplete", n), incomplete, 0);
	}

	/**
	 * The variables of every rank: those of a Lens fleet job without a control file, and, with a
	 * server, its endpoint and the interval.
	 */
	private static Map<String, String> environment(FleetReceiver receiver, OpampServer server, String runId) {
		Map<String, String> env = FleetBenchmark.lensEnvironment(receiver, null, runId);
		if (server != null) {
			env.put("NEMO_LENS_OPAMP_ENDPOINT", server.endpoint());
			env.put("NEMO_LENS_OPAMP_INTERVAL", INTERVAL.toSeconds() + "s");
		}
		return env;
	}

	/** Polls the server's count of agents until it has every rank's, with a deadline. */
	private static void awaitAgents(OpampServer server, int n) throws InterruptedException {
		long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
		while (server.agents() < n) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("The OpAMP server saw " + server.agents() + " of " + n + " agents within "
						+ READY_TIMEOUT);
			}
			Thread.sleep(100);
		}
	}

	/**
	 * Waits for the window: {@link #SETTLED_AT} after the launch, or {@link #SETTLE_AFTER_READY}
	 * after the job was ready if that is later (a job of many ranks on few cores is ready late).
	 */
	private static void awaitWindowStart(FleetJob job, long readyNanos) throws InterruptedException {
		long start = Math.max(job.startNanos() + SETTLED_AT.toNanos(), readyNanos + SETTLE_AFTER_READY.toNanos());
		long wait = start - System.nanoTime();
		if (wait > 0) {
			Thread.sleep(wait / 1_000_000);
		}
	}

	/**
	 * The median over the ranks of the CPU each spent a second between two samples.
	 * @throws IllegalStateException when a rank is gone: the median would be of fewer
	 */
	private static double cpuPerSecond(Map<Long, ProcessSample> before, Map<Long, ProcessSample> after,
			double seconds) {
		List<Double> rates = new ArrayList<>();
		for (Map.Entry<Long, ProcessSample> entry : before.entrySet()) {
			ProcessSample end = after.get(entry.getKey());
			if (entry.getValue() == null || end == null) {
				throw new IllegalStateException("The rank of pid " + entry.getKey() + " could not be read "
						+ ((entry.getValue() == null) ? "at the window's start" : "at the window's end") + "; see the job's log");
			}
			rates.add((end.cpuMillis() - entry.getValue().cpuMillis()) / seconds);
		}
		return FleetBenchmark.median(rates);
	}

	private static Map<Long, ProcessSample> samples(Collection<Long> pids) {
		Map<Long, ProcessSample> samples = new LinkedHashMap<>();
		for (long pid : pids) {
			samples.put(pid, ProcessSample.of(pid));
		}
		return samples;
	}

	private static String name(String figure, int n) {
		return PREFIX + figure + "_N" + n;
	}

	private void put(String name, double value, int decimals) {
		this.figures.put(name, FleetBenchmark.format(value, decimals));
	}

	private static void progress(String message) {
		System.err.println("[benchmarks] fleet-opamp: " + message);
		System.err.flush();
	}

}
