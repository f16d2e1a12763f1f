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
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.json.JsonParserFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A job restarted by torchrun keeps its job id ({@code TORCHELASTIC_RUN_ID}) and counts its restarts
 * ({@code TORCHELASTIC_RESTART_COUNT}): the dumps of a rank's two attempts, written to one
 * directory, are told apart by their file names and their {@code attempt}, and carry one job id
 * and a run id each. The rank is the plain Java {@link StallRank}, rank 0 of 1, so it exports, with
 * the exporter {@code none}: a rank whose spans go nowhere writes its stall dump all the same. Each
 * attempt runs until its stall dump appears, then is killed, as torchrun kills a hung worker.
 */
class RestartedRankDumpsIT {

	private static final Duration DUMP_TIMEOUT = Duration.ofMinutes(2);

	@TempDir
	Path dumps;

	@Test
	void aRestartedRanksDumpsAreToldApartByNameAndAttemptUnderOneJobId() throws Exception {
		String job = "restart-" + UUID.randomUUID().toString().substring(0, 8);
		Path first = runUntilItDumps(job, 0);
		Path second = runUntilItDumps(job, 1);

		assertThat(first.getFileName().toString()).matches(job + "-rank-0-\\d{8}T\\d{6}\\.\\d{3}Z\\.json");
		assertThat(second.getFileName().toString()).matches(job + "-attempt-1-rank-0-\\d{8}T\\d{6}\\.\\d{3}Z\\.json");
		Map<String, Object> firstDump = dump(first);
		Map<String, Object> secondDump = dump(second);
		assertThat(firstDump).containsEntry("attempt", 0);
		assertThat(secondDump).containsEntry("attempt", 1);
		Map<String, String> firstResource = resource(firstDump);
		Map<String, String> secondResource = resource(secondDump);
		assertThat(firstResource).containsEntry("nemo.run.id", job).containsEntry("nemo.run.attempt", "0")
			.containsEntry("nemo.dump.reason", "stall");
		assertThat(secondResource).containsEntry("nemo.run.id", job).containsEntry("nemo.run.attempt", "1");
		assertThat(secondResource.get("nv.dl.job.uuid")).isNotNull().isEqualTo(firstResource.get("nv.dl.job.uuid"));
		assertThat(secondResource.get("nv.dl.run.uuid")).isNotNull().isNotEqualTo(firstResource.get("nv.dl.run.uuid"));
	}

	/** Runs one attempt of the job until its dump appears, kills it, and answers that dump. */
	private Path runUntilItDumps(String job, int attempt) throws IOException, InterruptedException {
		List<Path> before = dumpFiles();
		List<String> command = new ArrayList<>();
		command.add(SampleAppProcess.java());
		command.addAll(SampleAppProcess.JVM_OPTIONS);
		command.addAll(List.of("-cp", System.getProperty("java.class.path"), StallRank.class.getName()));
		Path log = SampleAppProcess.logDirectory().resolve("restarted-rank-attempt-" + attempt + ".log");
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
		Map<String, String> env = builder.environment();
		env.keySet().retainAll(SampleAppProcess.INHERITED);
		env.putAll(Launcher.TORCHRUN.variables(job, 0, 1, 1));
		env.put("TORCHELASTIC_RESTART_COUNT", Integer.toString(attempt));
		env.putAll(Map.of("STALL_RANK", "0", "NEMO_LENS_ENABLED", "true", "NEMO_LENS_EXPORTER", "none",
				"NEMO_LENS_ATTRIBUTE_NAMES", "both", "NEMO_LENS_FLIGHT_RECORDER_ENABLED", "true",
				"NEMO_LENS_FLIGHT_RECORDER_DIRECTORY", this.dumps.toString(),
				"NEMO_LENS_FLIGHT_RECORDER_STALL_TIMEOUT", "1s"));
		Process rank = builder.start();
		try {
			long deadline = System.nanoTime() + DUMP_TIMEOUT.toNanos();
			List<Path> written = new ArrayList<>(dumpFiles());
			written.removeAll(before);
			while (written.isEmpty() && rank.isAlive() && System.nanoTime() < deadline) {
				TimeUnit.MILLISECONDS.sleep(100);
				written = new ArrayList<>(dumpFiles());
				written.removeAll(before);
			}
			assertThat(written).as("attempt %d's dump; its output:%n%s", attempt, output(log)).singleElement();
			return written.get(0);
		}
		finally {
			rank.destroyForcibly();
			rank.waitFor(60, TimeUnit.SECONDS);
		}
	}

	private List<Path> dumpFiles() throws IOException {
		try (Stream<Path> files = Files.list(this.dumps)) {
			return files.filter((file) -> file.getFileName().toString().endsWith(".json")).sorted().toList();
		}
	}

	private static String output(Path log) throws IOException {
		return Files.readString(log, StandardCharsets.UTF_8);
	}

	private static Map<String, Object> dump(Path file) throws IOException {
		return JsonParserFactory.getJsonParser().parseMap(Files.readAllLines(file).get(0));
	}

	/** The dump's resource attributes, their values as text. */
	@SuppressWarnings("unchecked")
	private static Map<String, String> resource(Map<String, Object> dump) {
		Map<String, String> attributes = new HashMap<>();
		Map<String, Object> resourceSpans = ((List<Map<String, Object>>) dump.get("resourceSpans")).get(0);
		for (Object attribute : (List<Object>) ((Map<String, Object>) resourceSpans.get("resource")).get("attributes")) {
			Map<String, Object> entry = (Map<String, Object>) attribute;
			Map<String, Object> value = (Map<String, Object>) entry.get("value");
			attributes.put((String) entry.get("key"), String.valueOf(value.values().iterator().next()));
		}
		return attributes;
	}

}
