package nemo.lens.sample.e2e;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.IntFunction;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Starts a {@link StackApp stack application} as the ranks of a torchrun job, with every telemetry
 * endpoint it reads pointed at one receiver under a path of its own, {@code /rank-N}: the
 * {@code OTEL_*} variables, Boot's OTLP span and log exporters
 * ({@code management.opentelemetry.*.export.otlp.endpoint}, on Boot 3.5
 * {@code management.otlp.*.endpoint}), the Micrometer OTLP registry
 * ({@code management.otlp.metrics.export.url}) and the OpenTelemetry instrumentation starter's
 * exporters ({@code otel.exporter.otlp.endpoint}). Each stack gets all of them, read or not, so
 * whatever a rank sends by any door lands under its path, whether or not it carries a rank
 * resource.
 */
final class StackRanks {

	/** Parts of thread names that would mean an exporter or publisher is running. */
	/**
	 * Threads an exporting rank runs: the SDK's processors and reader, Micrometer's publisher, and the
	 * dispatcher of each OTLP exporter's HTTP client. Not OkHttp's two JVM-wide threads ({@code OkHttp
	 * TaskRunner}, {@code Okio Watchdog}): they serve any OkHttp client of the JVM, hold no connection
	 * once its clients are closed, and end by themselves about a minute after the last use, such as a
	 * switchable silent rank's rehearsal of its first switch over loopback.
	 */
	private static final List<String> TELEMETRY_THREADS = List.of("metrics-publisher", "BatchSpanProcessor",
			"PeriodicMetricReader", "BatchLogRecordProcessor", "okhttp-dispatch");

	/** The counter the stack application registers at start-up and counts {@code GET /work} with. */
	private static final String WORK_COUNTER = "stack.work.calls";

	private StackRanks() {
	}

	/**
	 * The arguments that point an application configured the Spring Boot way only (Boot's
	 * OpenTelemetry starter, Micrometer's OTLP registry, no {@code OTEL_*}) at a receiver, with the
	 * {@code lens} endpoint writable.
	 * @param base the receiver's URL for this rank, such as {@code http://127.0.0.1:1234/rank-0}
	 * @param more further arguments
	 * @return the arguments
	 */
	static String[] bootWayArguments(String base, String... more) {
		List<String> arguments = new ArrayList<>(List.of(
				"--management.opentelemetry.tracing.export.otlp.endpoint=" + base + Signal.TRACES.path(),
				// Boot 3.5 names its OTLP span exporter's endpoint so; the other lines ignore it.
				"--management.otlp.tracing.endpoint=" + base + Signal.TRACES.path(),
				"--management.otlp.metrics.export.url=" + base + Signal.METRICS.path(),
				"--management.endpoint.lens.access=unrestricted"));
		arguments.addAll(List.of(more));
		return arguments.toArray(String[]::new);
	}

	/** The receiver path of one rank's telemetry, {@code /rank-N/}. */
	static String pathOf(int rank) {
		return "/rank-" + rank + "/";
	}

	/**
	 * Starts every rank of a job at once, as a launcher does, and waits until all are healthy.
	 * @param app the application each rank runs
	 * @param strategy {@code nemo.lens.export-strategy}
	 * @param wrapper by rank, a command to run the JVM under, such as strace; empty for none
	 */
	static RankGroup startJob(StackApp app, String test, OtlpReceiver receiver, String strategy, int worldSize,
			int ranksPerNode, IntFunction<List<String>> wrapper, Duration timeout) {
		return startJob(app, test, receiver, strategy, worldSize, ranksPerNode, wrapper, (rank) -> Map.of(), timeout);
	}

	/**
	 * Starts every rank of a job at once, as {@link #startJob(StackApp, String, OtlpReceiver, String, int, int,
	 * IntFunction, Duration)} does, each with variables of its own on top of the job's.
	 * @param variables by rank, variables added to (or replacing) the job's
	 */
	static RankGroup startJob(StackApp app, String test, OtlpReceiver receiver, String strategy, int worldSize,
			int ranksPerNode, IntFunction<List<String>> wrapper, IntFunction<Map<String, String>> variables,
			Duration timeout) {
		String jobId = test + "-" + UUID.randomUUID().toString().substring(0, 8);
		List<SampleAppProcess> started = new ArrayList<>();
		try {
			for (int rank = 0; rank < worldSize; rank++) {
				started.add(start(app, test, receiver, jobId, strategy, rank, worldSize, ranksPerNode, wrapper.apply(rank),
						variables.apply(rank)));
			}
			return RankGroup.of(started).awaitHealthy(timeout);
		}
		catch (RuntimeException | AssertionError ex) {
			started.forEach(SampleAppProcess::close);
			throw ex;
		}
	}

	/**
	 * Starts one rank of a job alone, its other ranks never started (a rank's decision needs none of
	 * them), and waits until it is healthy.
	 * @param variables variables of this rank's own, on top of the job's
	 */
	static SampleAppProcess startRank(StackApp app, String test, OtlpReceiver receiver, String strategy, int rank,
			int worldSize, int ranksPerNode, Map<String, String> variables, Duration timeout) {
		String jobId = test + "-" + UUID.randomUUID().toString().substring(0, 8);
		SampleAppProcess started = start(app, test, receiver, jobId, strategy, rank, worldSize, ranksPerNode, List.of(),
				variables);
		try {
			started.awaitHealthy(timeout);
			return started;
		}
		catch (RuntimeException | AssertionError ex) {
			started.close();
			throw ex;
		}
	}

	/** Kills whatever rank a test left running and stops the receiver; either may be {@code null}. */
	static void close(RankGroup ranks, OtlpReceiver receiver) {
		if (ranks != null) {
			ranks.close();
		}
		if (receiver != null) {
			receiver.close();
		}
	}

	/**
	 * Starts one rank and returns at once.
	 * @param strategy {@code nemo.lens.export-strategy}; {@code null} leaves it to the application's
	 * own configuration, such as a Config Server's, which a variable would override
	 * @param wrapper a command to run the JVM under, such as strace; empty for none
	 * @param variables variables of this rank's own
	 */
	private static SampleAppProcess start(StackApp app, String test, OtlpReceiver receiver, String jobId,
			String strategy, int rank, int worldSize, int ranksPerNode, List<String> wrapper,
			Map<String, String> variables) {
		String base = receiver.endpoint() + "/rank-" + rank;
		Map<String, String> env = new LinkedHashMap<>(Launcher.TORCHRUN.variables(jobId, rank, worldSize, ranksPerNode));
		env.putAll(OtlpReceiver.otelEnvironment(base));
		if (strategy != null) {
			env.put("NEMO_LENS_EXPORT_STRATEGY", strategy);
		}
		// Without Lens's gate, a library using GlobalOpenTelemetry would then make the SDK build an
		// exporting SDK from OTEL_* on every rank, the silent ones included.
		env.put("OTEL_JAVA_GLOBAL_AUTOCONFIGURE_ENABLED", "true");
		env.putAll(variables);
		List<String> arguments = new ArrayList<>();
		arguments.add("--management.opentelemetry.tracing.export.otlp.endpoint=" + base + Signal.TRACES.path());
		arguments.add("--management.opentelemetry.logging.export.otlp.endpoint=" + base + Signal.LOGS.path());
		// Boot 3.5 names its OTLP span and log exporters' endpoints so; the other line ignores them.
		arguments.add("--management.otlp.tracing.endpoint=" + base + Signal.TRACES.path());
		arguments.add("--management.otlp.logging.endpoint=" + base + Signal.LOGS.path());
		arguments.add("--management.otlp.metrics.export.url=" + base + Signal.METRICS.path());
		arguments.add("--otel.exporter.otlp.endpoint=" + base);
		// refresh and busrefresh: Spring Cloud's, on the stacks that carry it; the others have neither.
		arguments.add("--management.endpoints.web.exposure.include=lens,health,threaddump,refresh,busrefresh");
		return SampleAppProcess.start(test + "-rank" + rank, app.jar(), wrapper, env, arguments.toArray(String[]::new));
	}

	/** The {@code doors} of {@code GET /actuator/lens}: each door's name and state. */
	static Map<String, String> doors(SampleAppProcess rank) {
		Map<String, String> doors = new LinkedHashMap<>();
		Object listed = rank.getJson("/actuator/lens").get("doors");
		if (listed instanceof List<?> list) {
			for (Object door : list) {
				Map<?, ?> entry = (Map<?, ?>) door;
				doors.put(String.valueOf(entry.get("name")), String.valueOf(entry.get("state")));
			}
		}
		return doors;
	}

	/** The names of the live threads, from {@code GET /actuator/threaddump}. */
	static List<String> threadNames(SampleAppProcess rank) {
		Map<String, Object> dump = rank.getJson("/actuator/threaddump");
		List<String> names = new ArrayList<>();
		for (Object thread : (List<?>) dump.get("threads")) {
			names.add(String.valueOf(((Map<?, ?>) thread).get("threadName")));
		}
		return names;
	}

	/** Whether a thread's name is that of an exporter's or a publisher's thread. */
	static boolean isTelemetryThread(String name) {
		return TELEMETRY_THREADS.stream().anyMatch(name::contains);
	}

	/**
	 * Micrometer's OTLP batches one rank sent: each carries the counter the application registers
	 * at start-up, with the rank on its resource.
	 */
	static long micrometerPushes(OtlpReceiver receiver, int rank) {
		return micrometerMetrics(receiver).stream()
			.filter((metric) -> String.valueOf(rank).equals(String.valueOf(metric.resource().attributes().get("dl.rank"))))
			.count();
	}

	/**
	 * Runs rounds of traffic until one rank's Micrometer registry pushed {@code pushes} more
	 * batches: the clock a test holds a silent rank to, counted on the receiver, never slept.
	 * @param traffic one round of requests, run before each count
	 * @return whether the pushes arrived within {@code timeout}
	 */
	static boolean awaitMicrometerPushes(OtlpReceiver receiver, int rank, int pushes, Runnable traffic,
			Duration timeout) {
		long before = micrometerPushes(receiver, rank);
		return receiver.awaitUntil(() -> {
			traffic.run();
			return micrometerPushes(receiver, rank) >= before + pushes;
		}, timeout);
	}

	/** Asserts that nothing at all reached the receiver under a rank's path, by any signal. */
	static void assertNothingFrom(OtlpReceiver receiver, int rank) {
		assertThat(receiver.requestCountUnder(pathOf(rank))).as("requests under %s: %s", pathOf(rank),
				receiver.requestPaths())
			.isZero();
	}

	/**
	 * Asserts that a resource names the rank that sent it as every exporting door must: rank, world
	 * size, instance and run. Values are compared as text, since Micrometer's resource carries text.
	 */
	static void assertRankResource(ReceivedResource resource, int rank, int worldSize) {
		Map<String, Object> attributes = resource.attributes();
		assertThat(String.valueOf(attributes.get("dl.rank"))).as("dl.rank of %s", attributes)
			.isEqualTo(String.valueOf(rank));
		assertThat(String.valueOf(attributes.get("dl.world_size"))).as("dl.world_size of %s", attributes)
			.isEqualTo(String.valueOf(worldSize));
		assertThat(attributes).as("resource").containsKeys("service.instance.id", "nemo.run.id");
	}

	/** Every Micrometer counter the receiver got, one per push of each rank. */
	static List<ReceivedMetric> micrometerMetrics(OtlpReceiver receiver) {
		return receiver.metrics().stream().filter((metric) -> metric.name().equals(WORK_COUNTER)).toList();
	}

}
