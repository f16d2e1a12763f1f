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

import nemo.lens.recorder.HeadlessChromium;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.json.JsonParserFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Eight plain Java ranks under Open MPI's {@code mpirun}, each running {@value #STEPS} steps of
 * {@value #STEP_MILLIS} ms (rank 3 twice as long), then inside {@code train.step}, rank 5 blocked in
 * {@code allreduce} and the others in {@code barrier}, with a stall timeout of 2 s: every rank writes
 * a stall dump by itself, holding its open chain, the exporting one (rank 7 under
 * {@code single_rank}, with the exporter {@code none}) too; the report's first line names rank 5 and
 * {@code allreduce}, rank 3 alone is slow (a score near 0.5, the other recording ranks at 0.9 or
 * more), and its page shows 8 lanes in headless Chromium (skipped, saying why, without it). One
 * {@code mpirun} for all of it. Skipped with the reason where {@code mpirun} is not Open MPI's
 * ({@code .ci/launchers/setup} installs it). Every wait is on an event: the dumps appearing.
 */
class MpirunStallIT {

	private static final int RANKS = 8;

	private static final Duration STALL_TIMEOUT = Duration.ofSeconds(2);

	private static final int STEPS = 8;

	private static final int STEP_MILLIS = 200;

	/** Eight JVMs starting at once on two busy cores. */
	private static final Duration DUMPS_TIMEOUT = Duration.ofMinutes(3);

	@TempDir
	static Path dumps;

	/** The stall dumps' files, written once for every test by one mpirun. */
	private static List<Path> files;

	@BeforeAll
	static void runTheJobUntilEveryRankDumped() throws Exception {
		RealLaunchers.assumeOpenMpi();
		List<String> command = new ArrayList<>(List.of("mpirun", "--oversubscribe", "--bind-to", "none", "-n",
				String.valueOf(RANKS), "-x", "NEMO_LENS_ENABLED", "-x", "NEMO_LENS_EXPORTER", "-x",
				"NEMO_LENS_RUN_ID", "-x", "NEMO_LENS_EXPORT_STRATEGY", "-x", "NEMO_LENS_EXPORT_SAMPLE_RATE", "-x",
				"NEMO_LENS_FLIGHT_RECORDER_ENABLED", "-x",
				"NEMO_LENS_FLIGHT_RECORDER_DIRECTORY", "-x", "NEMO_LENS_FLIGHT_RECORDER_STALL_TIMEOUT", "-x",
				"STALL_RANK", "-x", "SLOW_RANK", "-x", "STEPS", "-x", "STEP_MILLIS", "java"));
		command.addAll(SampleAppProcess.JVM_OPTIONS);
		command.addAll(List.of("-cp", System.getProperty("java.class.path"), StallRank.class.getName()));
		Path log = SampleAppProcess.logDirectory().resolve("mpirun-stall.log");
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
		Map<String, String> env = builder.environment();
		env.keySet().retainAll(SampleAppProcess.INHERITED);
		// single_rank: rank 7 exports, with the exporter none, and dumps for its stall as the silent
		// ranks do (issue 57: its dump was the one missing).
		env.putAll(Map.of("OMPI_ALLOW_RUN_AS_ROOT", "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", "STALL_RANK", "5",
				"SLOW_RANK", "3", "STEPS", String.valueOf(STEPS), "STEP_MILLIS", String.valueOf(STEP_MILLIS)));
		env.putAll(Map.of("NEMO_LENS_ENABLED", "true", "NEMO_LENS_EXPORTER", "none", "NEMO_LENS_RUN_ID", "stall-it",
				"NEMO_LENS_EXPORT_STRATEGY", "single_rank", "NEMO_LENS_EXPORT_SAMPLE_RATE", "1.0",
				"NEMO_LENS_FLIGHT_RECORDER_ENABLED", "true", "NEMO_LENS_FLIGHT_RECORDER_DIRECTORY",
				dumps.toString(), "NEMO_LENS_FLIGHT_RECORDER_STALL_TIMEOUT", STALL_TIMEOUT.toSeconds() + "s"));
		Process mpirun = builder.start();
		try {
			assertThat(awaitDumps(mpirun, log)).as("ranks with a stall dump; see %s", log).hasSize(RANKS);
			files = dumpFiles();
		}
		finally {
			mpirun.destroy();
			if (!mpirun.waitFor(60, TimeUnit.SECONDS)) {
				mpirun.destroyForcibly();
			}
		}
	}

	@Test
	void everyHungRankDumpsItselfWithItsOpenChain() throws IOException {
		long slowest = 0;
		for (Path file : files) {
			Map<String, Object> resourceSpans = first(
					JsonParserFactory.getJsonParser().parseMap(Files.readAllLines(file).get(0)), "resourceSpans");
			Map<String, String> resource = attributes(first(resourceSpans, "resource").get("attributes"));
			assertThat(resource.get("nemo.dump.reason")).as(file.toString()).isEqualTo("stall");
			String rank = resource.get("dl.rank");
			List<Map<String, Object>> spans = list(first(resourceSpans, "scopeSpans").get("spans"));
			Map<String, Object> step = openNamed(spans, "train.step");
			Map<String, Object> collective = openNamed(spans, rank.equals("5") ? "allreduce" : "barrier");
			assertThat(collective.get("parentSpanId")).as("rank %s", rank).isEqualTo(step.get("spanId"));
			long open = Long.parseLong(collective.get("endTimeUnixNano").toString())
					- Long.parseLong(collective.get("startTimeUnixNano").toString());
			assertThat(open).as("rank %s: open at its stall dump", rank).isGreaterThanOrEqualTo(STALL_TIMEOUT.toNanos());
			slowest = Math.max(slowest, open);
		}
		System.out.printf("mpirun stall: slowest stall dump %.2f s after its span started (timeout %d s, "
				+ "wake interval %d ms)%n", slowest / 1e9, STALL_TIMEOUT.toSeconds(), STALL_TIMEOUT.toMillis() / 2);
	}

	@Test
	void theReportsFirstLineNamesTheOddRankAndItsSpanBeforeAnyOther() throws IOException, InterruptedException {
		String report = report();
		String firstLine = report.lines().findFirst().orElseThrow();
		assertThat(firstLine).as(report)
			.startsWith("rank 5 stuck in allreduce (train.step " + STEPS + ") for ")
			.contains("; 7 ranks wait in barrier (train.step " + STEPS + ")");
		assertThat(report).contains("Stuck in (innermost open span, the odd ranks first):\n  rank 5: allreduce, open ")
			.contains("\n  7 ranks: barrier\n")
			.contains("Missing ranks: none");
	}

	@Test
	void theRankWhoseStepsTookTwiceAsLongIsAloneNamedSlow() throws IOException, InterruptedException {
		Map<String, Object> json = JsonParserFactory.getJsonParser().parseMap(report("--json"));
		Map<String, Object> verdict = first(json, "verdict");
		assertThat(list(verdict.get("slow"))).as("slow ranks in %s", verdict)
			.extracting((pace) -> pace.get("rank"))
			.containsExactly(3);
		for (Map<String, Object> rank : list(json.get("ranks"))) {
			if (rank.get("score") == null) {
				// The exporting rank: its finished steps went to its exporter, not to its dump.
				assertThat(rank.get("rank")).isEqualTo(7);
				continue;
			}
			double score = ((Number) rank.get("score")).doubleValue();
			if (rank.get("rank").equals(3)) {
				assertThat(score).as("rank 3's score").isBetween(0.4, 0.6);
			}
			else {
				assertThat(score).as("rank %s's score", rank.get("rank")).isGreaterThanOrEqualTo(0.9);
			}
		}
		assertThat(((List<?>) verdict.get("lines")).get(1).toString()).startsWith("rank 3 slow: train.step median ");
	}

	@Test
	void thePageShowsTheVerdictAndALanePerRankInChromium() throws IOException, InterruptedException {
		HeadlessChromium chromium = HeadlessChromium.find().orElse(null);
		assumeTrue(chromium != null, HeadlessChromium.MISSING);
		Path page = SampleAppProcess.logDirectory().resolve("mpirun-stall-report.html");
		report("--html", page.toString());
		String dom = chromium.dom(page);
		assertThat(dom).contains("rank 5 stuck in allreduce");
		assertThat(HeadlessChromium.lanes(dom)).containsExactlyInAnyOrder(0, 1, 2, 3, 4, 5, 6, 7);
		chromium.screenshot(page, SampleAppProcess.logDirectory().resolve("mpirun-stall-report.png"), 1280, 720);
	}

	/** Waits until every rank has dumped, or the launcher exits, or the time runs out; the ranks that did. */
	private static Set<String> awaitDumps(Process mpirun, Path log) throws IOException, InterruptedException {
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
	private static Set<String> ranksDumped() throws IOException {
		Set<String> ranks = new TreeSet<>();
		for (Path file : dumpFiles()) {
			ranks.add(file.getFileName().toString().replaceAll("^stall-it-rank-(\\d+)-.*", "$1"));
		}
		return ranks;
	}

	private static List<Path> dumpFiles() throws IOException {
		try (Stream<Path> files = Files.list(dumps)) {
			return files.filter((file) -> file.getFileName().toString().endsWith(".json")).sorted().toList();
		}
	}

	/** The report command with options, run as an operator runs it, on the test's class path. */
	private String report(String... options) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(List.of("java", "-cp", System.getProperty("java.class.path"),
				"nemo.lens.recorder.DumpReport"));
		command.addAll(List.of(options));
		command.add(dumps.toString());
		Process report = new ProcessBuilder(command)
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
		if (attributes == null) {
			return values;
		}
		for (Map<String, Object> attribute : list(attributes)) {
			Map<String, Object> value = list(List.of(attribute.get("value"))).get(0);
			values.put(attribute.get("key").toString(), value.values().iterator().next().toString());
		}
		return values;
	}

	/** The span of that name still open at the dump (the finished steps carry the same name). */
	private static Map<String, Object> openNamed(List<Map<String, Object>> spans, String name) {
		return spans.stream()
			.filter((span) -> name.equals(span.get("name")))
			.filter((span) -> "true".equals(attributes(span.get("attributes")).get("nemo.span.open")))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no span " + name + " in " + spans));
	}

}
