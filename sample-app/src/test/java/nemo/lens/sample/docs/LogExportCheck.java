package nemo.lens.sample.docs;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import nemo.lens.sample.e2e.Launcher;
import nemo.lens.sample.e2e.OtlpReceiver;
import nemo.lens.sample.e2e.ReceivedLogRecord;
import nemo.lens.sample.e2e.SampleAppProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spring settings that export a Boot application's logs, run: the application of this build that
 * the marker names (its packaged jar) runs as both ranks of a two-rank torchrun job with the
 * block's settings as arguments, each collector address in them pointed at a receiver on
 * {@code 127.0.0.1} under a path of the rank's own. The application starts, logs and ends by
 * itself, so the check waits for the ranks' exits, never a while: by then an exporting rank's
 * shutdown has delivered what it logged. The rank whose start-up line says {@code logs exporting}
 * must have sent Boot's own lines to {@code /v1/logs} with its rank on the resource: {@code Starting
 * ...}, logged before the appender was installed, and {@code Started ...}, after; the other must
 * have sent nothing at all.
 */
final class LogExportCheck {

	private static final int WORLD_SIZE = 2;

	/** A rank's whole run, start-up to exit; about three seconds each on two cores. */
	private static final Duration RUN_TIMEOUT = Duration.ofMinutes(2);

	/** A collector address in a value: the scheme and authority, such as {@code http://collector:4318}. */
	private static final Pattern ADDRESS = Pattern.compile("^https?://[^/]+");

	/** Spring Boot's first line, logged before any bean exists, so before the appender is installed. */
	private static final Pattern STARTING = Pattern.compile("Starting \\w+ using Java .*");

	/** Spring Boot's line once the application has started. */
	private static final Pattern STARTED = Pattern.compile("Started \\w+ in [\\d.]+ seconds.*");

	private LogExportCheck() {
	}

	/**
	 * Runs the job.
	 * @param block the settings, marked {@code exports-logs: APP}
	 * @param root the repository
	 * @return what the ranks printed, rank by rank, for an {@code output-of-run} block after it
	 */
	static String check(DocBlock block, Path root) throws Exception {
		Map<String, Object> settings = SpringSettings.settings(block);
		assertThat(settings.values()).as("%s names a collector address to point at the receiver", block)
			.anyMatch((value) -> ADDRESS.matcher(value.toString()).find());
		String jar = packagedJar(block, root);
		List<SampleAppProcess> ranks = new ArrayList<>();
		try (OtlpReceiver receiver = OtlpReceiver.start()) {
			try {
				for (int rank = 0; rank < WORLD_SIZE; rank++) {
					ranks.add(SampleAppProcess.start("docs-logs-rank" + rank, jar, List.of(),
							Launcher.TORCHRUN.variables("docs-logs", rank, WORLD_SIZE, WORLD_SIZE),
							arguments(settings, receiver.endpoint() + "/rank-" + rank)));
				}
				StringBuilder printed = new StringBuilder();
				for (SampleAppProcess rank : ranks) {
					assertThat(rank.awaitExit(RUN_TIMEOUT)).as("%s ended by itself; see %s", rank, rank.log()).isTrue();
					assertThat(rank.exitCode()).as("%s exit code; see %s", rank, rank.log()).isZero();
					printed.append(rank.logText());
				}
				assertEachRankSentWhatItSaid(block, receiver, ranks);
				return printed.toString();
			}
			finally {
				ranks.forEach(SampleAppProcess::close);
			}
		}
	}

	/**
	 * The exporting rank's start-up lines reached {@code /v1/logs} with its rank; a silent rank sent
	 * nothing. The job has one of each, or the check shows less than the page says.
	 */
	private static void assertEachRankSentWhatItSaid(DocBlock block, OtlpReceiver receiver,
			List<SampleAppProcess> ranks) {
		List<Integer> exporting = new ArrayList<>();
		for (int rank = 0; rank < ranks.size(); rank++) {
			List<String> decision = ranks.get(rank).logLines("NeMo Lens: rank " + rank + " of " + WORLD_SIZE);
			assertThat(decision).as("the start-up line of rank %d; see %s", rank, ranks.get(rank).log()).hasSize(1);
			if (decision.get(0).contains("logs exporting")) {
				exporting.add(rank);
			}
		}
		assertThat(exporting).as("%s: the ranks that export logs, of %d", block, WORLD_SIZE).hasSize(1);
		for (int rank = 0; rank < ranks.size(); rank++) {
			if (exporting.contains(rank)) {
				long sender = rank;
				assertThat(receiver.requestCountUnder(pathOf(rank) + "v1/logs")).as("%s: requests of rank %d on /v1/logs: %s",
						block, rank, receiver.requestPaths())
					.isPositive();
				List<String> bodies = receiver.logRecords().stream()
					.filter((record) -> record.rank().equals(OptionalLong.of(sender)))
					.map(ReceivedLogRecord::body)
					.toList();
				assertThat(bodies).as("%s: log records of rank %d", block, rank)
					.anyMatch((body) -> STARTING.matcher(body).matches())
					.anyMatch((body) -> STARTED.matcher(body).matches());
			}
			else {
				assertThat(receiver.requestCountUnder(pathOf(rank))).as("%s: requests of silent rank %d: %s", block, rank,
						receiver.requestPaths())
					.isZero();
			}
		}
	}

	/** The settings as the application's arguments, each collector address replaced by {@code base}. */
	private static String[] arguments(Map<String, Object> settings, String base) {
		return settings.entrySet().stream()
			.map((setting) -> "--" + setting.getKey() + "="
					+ ADDRESS.matcher(setting.getValue().toString()).replaceFirst(Matcher.quoteReplacement(base)))
			.toArray(String[]::new);
	}

	/** The receiver path of one rank's telemetry, {@code /rank-N/}. */
	private static String pathOf(int rank) {
		return "/rank-" + rank + "/";
	}

	/**
	 * The application's executable jar, which failsafe names {@code stack.<folder>.jar} for the
	 * module folder {@code stack-apps/<folder>}.
	 */
	private static String packagedJar(DocBlock block, Path root) {
		Path module = root.resolve(block.argument()).normalize();
		assertThat(module.resolve("pom.xml")).as("%s names a module of this build", block).isRegularFile();
		String jar = System.getProperty("stack." + module.getFileName() + ".jar");
		assertThat(jar).as("the packaged jar of %s, named by failsafe", module).isNotNull();
		assertThat(Path.of(jar)).as("the packaged jar of %s", module).isRegularFile();
		return jar;
	}

}
