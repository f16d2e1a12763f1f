package nemo.lens.benchmarks.switching;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.openjdk.jmh.util.ListStatistics;

/**
 * How long a silent rank takes to export once switched on while it runs (issue 25): from the
 * instant the switch is made to the first {@code POST /v1/traces} a receiver on {@code 127.0.0.1}
 * gets, with real processes. For each way of switching ({@link EndpointSwitch}, then
 * {@link ControlFileSwitch}) the harness starts a receiver and the packaged sample application as a
 * silent rank of its own ({@link SampleRank}), keeps the rank making spans ({@link WorkLoad}),
 * then switches it on, waits for the receiver's first trace request, switches it off by the
 * reverse act and waits until the rank says it is silent, {@code repeats} times. Every wait is on
 * an event (the receiver's request, the rank's answer), polled where it must be; the one planned
 * pause, before the clock starts, spreads the control file's renames over its poll interval
 * ({@link ControlFileSwitch}).
 * <p>
 * The first switch of each rank is also its first in that JVM: it loads the exporting SDK's and
 * the OTLP exporter's classes, as the first switch of a real rank does; the report shows it
 * beside the median, and it is counted like the others.
 */
public final class SwitchBenchmark {

	/** The report's group. */
	public static final String GROUP = "switch on, silent rank to first span received";

	/** {@code nemo.lens.control.interval} of the control-file switch. */
	public static final Duration CONTROL_INTERVAL = ControlFileSwitch.INTERVAL;

	private static final Duration TIMEOUT = Duration.ofSeconds(60);

	/** Calls the load makes before the first switch: the rank's web path is warm, as in a job that runs. */
	private static final long WARM_CALLS = 50;

	private static final Duration POLL = Duration.ofMillis(20);

	private final Path sampleJar;

	private final Path workDirectory;

	private SwitchBenchmark(Path sampleJar, Path workDirectory) {
		this.sampleJar = sampleJar;
		this.workDirectory = workDirectory;
	}

	/**
	 * Creates the benchmark over the packaged sample application.
	 * @param benchmarksDirectory the {@code benchmarks} folder, after {@code benchmarks/run} built
	 * {@code ../sample-app}
	 * @return the benchmark
	 */
	public static SwitchBenchmark of(Path benchmarksDirectory) {
		Path jar = benchmarksDirectory.resolve("../sample-app/target/sample-app.jar").normalize();
		if (!Files.isRegularFile(jar)) {
			throw new IllegalStateException("No " + jar + "; build the benchmarks first (benchmarks/run)");
		}
		return new SwitchBenchmark(jar, benchmarksDirectory.resolve("jmh/target/switch"));
	}

	/**
	 * Switches a rank on and off through each door, {@code repeats} times.
	 * @param repeats the switches per door
	 * @return the results by door name ({@code endpoint}, {@code control_file})
	 */
	public Map<String, Result> run(int repeats) throws InterruptedException {
		Map<String, Result> results = new LinkedHashMap<>();
		RankSwitch endpoint = new EndpointSwitch();
		results.put(endpoint.name(), measure(endpoint, directory(endpoint.name()), repeats));
		Path controlDirectory = directory(ControlFileSwitch.NAME);
		RankSwitch controlFile = new ControlFileSwitch(controlDirectory.resolve("lens.properties"), repeats);
		results.put(controlFile.name(), measure(controlFile, controlDirectory, repeats));
		return results;
	}

	private Result measure(RankSwitch change, Path directory, int repeats) throws InterruptedException {
		List<Double> millis = new ArrayList<>();
		try (TraceReceiver receiver = TraceReceiver.start();
				SampleRank rank = SampleRank.start(this.sampleJar, directory, receiver.endpoint(), change.rankArguments());
				WorkLoad load = WorkLoad.start(rank)) {
			if (rank.exporting()) {
				throw new IllegalStateException(change.name() + ": the rank exports before any switch");
			}
			awaitWarm(load);
			for (int i = 0; i < repeats; i++) {
				int before = receiver.traceRequests();
				long start = change.switchOn(rank);
				long arrived = receiver.awaitTraceRequest(before, TIMEOUT);
				load.check();
				millis.add((arrived - start) / 1e6);
				change.switchOff(rank);
				rank.awaitSilent(TIMEOUT);
			}
		}
		return new Result(change.name(), change.description(), change.goal(), millis);
	}

	private static void awaitWarm(WorkLoad load) throws InterruptedException {
		long deadline = System.nanoTime() + TIMEOUT.toNanos();
		while (load.calls() < WARM_CALLS) {
			load.check();
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("GET /work made " + load.calls() + " calls in " + TIMEOUT);
			}
			Thread.sleep(POLL.toMillis());
		}
	}

	/** A fresh folder for one door's rank: its port file, its log and the control file. */
	private Path directory(String name) {
		Path directory = this.workDirectory.resolve(name);
		try {
			Files.createDirectories(directory);
			try (var stale = Files.list(directory)) {
				for (Path file : stale.filter(Files::isRegularFile).toList()) {
					Files.delete(file);
				}
			}
			return directory;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The switches of one door.
	 * @param name the door: {@code endpoint} or {@code control_file}
	 * @param description what is done, for the report
	 * @param goal the goal for one switch
	 * @param millis each switch's time to the first trace request, in order
	 */
	public record Result(String name, String description, Duration goal, List<Double> millis) {

		/**
		 * The median switch.
		 * @return milliseconds
		 */
		public double medianMillis() {
			return statistics().getPercentile(50);
		}

		/**
		 * The slowest switch.
		 * @return milliseconds
		 */
		public double maxMillis() {
			return statistics().getMax();
		}

		private ListStatistics statistics() {
			return SwitchBenchmark.statistics(this.millis);
		}

	}

	/** The statistics of a series of times, as both switch figures report them. */
	static ListStatistics statistics(List<Double> millis) {
		return new ListStatistics(millis.stream().mapToDouble(Double::doubleValue).toArray());
	}

}
