package nemo.lens.sample.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.json.JsonParserFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Eight plain Java ranks under Open MPI's {@code mpirun}, each inside {@code train.step}, rank 5
 * blocked in {@code allreduce} and the others in {@code barrier}, with a stall timeout of 2 s:
 * every rank writes a stall dump by itself, holding its open chain, the exporting one (rank 7 under
 * {@code single_rank}, with the exporter {@code none}) too, and the report names rank 5 and
 * {@code allreduce} first. Skipped with the reason where {@code mpirun} is not Open MPI's
 * ({@code .ci/launchers/setup} installs it). Every wait is on an event: the dumps appearing.
 */
class MpirunStallIT {

	private static final int RANKS = 8;

	private static final Duration STALL_TIMEOUT = Duration.ofSeconds(2);

	/** Eight JVMs starting at once on two busy cores. */
	private static final Duration DUMPS_TIMEOUT = Duration.ofMinutes(3);

	@TempDir
	Path dumps;

	@Test
	void everyHungRankDumpsItselfAndTheReportNamesTheOddRankAndItsSpanFirst() throws Exception {
		RealLaunchers.assumeOpenMpi();
		List<String> command = new ArrayList<>(List.of("mpirun", "--oversubscribe", "--bind-to", "none", "-n",
				String.valueOf(RANKS), "-x", "NEMO_LENS_ENABLED", "-x", "NEMO_LENS_EXPORTER", "-x",
				"NEMO_LENS_RUN_ID", "-x", "NEMO_LENS_EXPORT_STRATEGY", "-x", "NEMO_LENS_EXPORT_SAMPLE_RATE", "-x",
				"NEMO_LENS_FLIGHT_RECORDER_ENABLED", "-x",
				"NEMO_LENS_FLIGHT_RECORDER_DIRECTORY", "-x", "NEMO_LENS_FLIGHT_RECORDER_STALL_TIMEOUT", "-x",
				"STALL_RANK", "java"));
		command.addAll(SampleAppProcess.JVM_OPTIONS);
		command.addAll(List.of("-cp", System.getProperty("java.class.path"), StallRank.class.getName()));
		Path log = SampleAppProcess.logDirectory().resolve("mpirun-stall.log");
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
		Map<String, String> env = builder.environment();
		env.keySet().retainAll(SampleAppProcess.INHERITED);
		// single_rank: rank 7 exports, with the exporter none, and dumps for its stall as the silent
		// ranks do (issue 57: its dump was the one missing).
		env.putAll(Map.of("OMPI_ALLOW_RUN_AS_ROOT", "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", "STALL_RANK", "5"));
		env.putAll(Map.of("NEMO_LENS_ENABLED", "true", "NEMO_LENS_EXPORTER", "none", "NEMO_LENS_RUN_ID", "stall-it",
				"NEMO_LENS_EXPORT_STRATEGY", "single_rank", "NEMO_LENS_EXPORT_SAMPLE_RATE", "1.0",
				"NEMO_LENS_FLIGHT_RECORDER_ENABLED", "true", "NEMO_LENS_FLIGHT_RECORDER_DIRECTORY",
				this.dumps.toString(), "NEMO_LENS_FLIGHT_RECORDER_STALL_TIMEOUT", STALL_TIMEOUT.toSeconds() + "s"));
		Process mpirun = builder.start();
		try {
			assertThat(awaitDumps(mpirun, log)).as("ranks with a stall dump; see %s", log).hasSize(RANKS);
			long slowest = 0;
			for (Path file : dumpFiles()) {
				Map<String, Object> resourceSpans = first(
						JsonParserFactory.getJsonParser().parseMap(Files.readAllLines(file).get(0)), "resourceSpans");
				Map<String, String> resource = attributes(first(resourceSpans, "resource").get("attributes"));
				assertThat(resource.get("nemo.dump.reason")).as(file.toString()).isEqualTo("stall");
				String rank = resource.get("dl.rank");
				List<Map<String, Object>> spans = list(first(resourceSpans, "scopeSpans").get("spans"));
				Map<String, Object> step = named(spans, "train.step");
				Map<String, Object> collective = named(spans, rank.equals("5") ? "allreduce" : "barrier");
				assertThat(collective.get("parentSpanId")).as("rank %s", rank).isEqualTo(step.get("spanId"));
				assertThat(attributes(collective.get("attributes"))).containsEntry("nemo.span.open", "true");
				long open = Long.parseLong(collective.get("endTimeUnixNano").toString())
						- Long.parseLong(collective.get("startTimeUnixNano").toString());
				assertThat(open).as("rank %s: open at its stall dump", rank).isGreaterThanOrEqualTo(STALL_TIMEOUT.toNanos());
				slowest = Math.max(slowest, open);
			}
			System.out.printf("mpirun stall: slowest stall dump %.2f s after its span started (timeout %d s, "
					+ "wake interval %d ms)%n", slowest / 1e9, STALL_TIMEOUT.toSeconds(), STALL_TIMEOUT.toMillis() / 2);
			String report = report();
			assertThat(report).contains("Stuck in (innermost open span, the odd ranks first):\n  rank 5: allreduce, open ")
				.contains("\n  7 ranks: barrier\n")
				.contains("Missing ranks: none");
		}
		finally {
			mpirun.destroy();
			if (!mpirun.waitFor(60, TimeUnit.SECONDS)) {
				mpirun.destroyForcibly();
			}
		}
	}

	/** Waits until every rank has dumped, or the launcher exits, or the time runs out; the ranks that did. */
	private Set<String> awaitDumps(Process mpirun, Path log) throws IOException, InterruptedException {
		long deadline = System.nanoTime() + DUMPS_TIMEOUT.toNanos();
		Set<String> ranks = ranksDumped();
		while (ranks.size() < RANKS && mpirun.isAlive() && System.nanoTime() < deadline) {
			TimeUnit.MILLISECONDS.sleep(200);
			ranks = ranksDumped();
		}
		if (!mpirun.isAlive()) {
			throw new AssertionError("mpirun exited with " + mpirun.exitValue() + "; its output:\n"
					+ Files.readString(log, StandardCharsets.UTF_8));
		}
		return ranks;
	}

	/** The ranks with a dump, by the names of the files: {@code stall-it-rank-<rank>-<time>.json}. */
	private Set<String> ranksDumped() throws IOException {
		Set<String> ranks = new TreeSet<>();
		for (Path file : dumpFiles()) {
			ranks.add(file.getFileName().toString().replaceAll("^stall-it-rank-(\\d+)-.*", "$1"));
		}
		return ranks;
	}

	private List<Path> dumpFiles() throws IOException {
		try (Stream<Path> files = Files.list(this.dumps)) {
			return files.filter((file) -> file.getFileName().toString().endsWith(".json")).sorted().toList();
		}
	}

	/** The report command, run as an operator runs it, on the test's class path. */
	private String report() throws IOException, InterruptedException {
		Process report = new ProcessBuilder("java", "-cp", System.getProperty("java.class.path"),
				"nemo.lens.recorder.DumpReport", this.dumps.toString())
			.redirectErrorStream(true)
			.start();
		String output = new String(report.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(report.waitFor(60, TimeUnit.SECONDS)).isTrue();
		assertThat(report.exitValue()).as(output).isZero();
		return output;
	}

	@SuppressWarnings("unchecked")
	private static List<Map<String, Object>> list(Object value) {
		return (List<Map<String, Object>>) value;
	}

	private static Map<String, Object> first(Map<String, Object> parent, String key) {
		Object value = parent.get(key);
		return (value instanceof List<?>) ? list(value).get(0) : list(List.of(value)).get(0);
	}

	/** OTLP JSON attributes as key to the text of their value. */
	private static Map<String, String> attributes(Object attributes) {
		Map<String, String> values = new HashMap<>();
		for (Map<String, Object> attribute : list(attributes)) {
			Map<String, Object> value = list(List.of(attribute.get("value"))).get(0);
			values.put(attribute.get("key").toString(), value.values().iterator().next().toString());
		}
		return values;
	}

	private static Map<String, Object> named(List<Map<String, Object>> spans, String name) {
		return spans.stream()
			.filter((span) -> name.equals(span.get("name")))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no span " + name + " in " + spans));
	}

}
