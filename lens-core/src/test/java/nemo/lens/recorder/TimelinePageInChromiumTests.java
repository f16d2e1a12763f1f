package nemo.lens.recorder;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The report's page in a real browser: headless Chromium (the distribution's package,
 * {@code apt-get install chromium}; {@code .ci/run} installs it) loads it from a file, and the DOM
 * it built holds the verdict and a lane per rank; the screenshot it takes is kept in
 * {@code target/timeline-page/}. Skipped, saying why, where no Chromium is installed.
 */
class TimelinePageInChromiumTests {

	/** Chromium's first start on a busy 2-core machine. */
	private static final Duration BROWSER_TIMEOUT = Duration.ofMinutes(3);

	@TempDir
	Path directory;

	@Test
	void chromiumRendersTheVerdictAndEveryLane() throws Exception {
		Path chromium = chromium();
		assumeTrue(chromium != null, "Skipped: no chromium on the PATH (apt-get install -y chromium)");
		JobDumps job = new JobDumps(this.directory, 8);
		for (int rank = 0; rank < 8; rank++) {
			job.rank(rank)
				.steps(10, Duration.ofMillis((rank == 3) ? 200 : 100))
				.stuckIn((rank == 5) ? "allreduce" : "barrier", Duration.ofSeconds((rank == 5) ? 3 : 2))
				.write();
		}
		Path kept = Files.createDirectories(Path.of("target", "timeline-page")).toAbsolutePath();
		Path page = kept.resolve("report.html");
		assertThat(DumpReport.run(new String[] { "--html", page.toString(), this.directory.toString() },
				new PrintStream(new ByteArrayOutputStream()), new PrintStream(new ByteArrayOutputStream()))).isZero();
		Path screenshot = kept.resolve("report.png");
		Files.deleteIfExists(screenshot);

		String dom = browse(chromium, page, "--dump-dom");
		browse(chromium, page, "--screenshot=" + screenshot, "--window-size=1280,720");

		assertThat(dom).contains("rank 5 stuck in allreduce (train.step 10)");
		List<String> lanes = new ArrayList<>();
		Matcher lane = Pattern.compile("class=\"lane[^\"]*\" data-rank=\"(\\d+)\"").matcher(dom);
		while (lane.find()) {
			lanes.add(lane.group(1));
		}
		assertThat(lanes).containsExactlyInAnyOrder("0", "1", "2", "3", "4", "5", "6", "7");
		assertThat(screenshot).isNotEmptyFile();
		System.out.println("timeline page: " + page + ", screenshot " + screenshot);
	}

	/** Runs headless Chromium on the page with one more option; what it printed. */
	static String browse(Path chromium, Path page, String... options) throws IOException, InterruptedException {
		Path profile = Files.createTempDirectory("chromium-profile");
		List<String> command = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox",
				"--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--hide-scrollbars",
				"--user-data-dir=" + profile));
		command.addAll(List.of(options));
		command.add(page.toUri().toString());
		Path output = Files.createTempFile("chromium", ".out");
		Process browser = new ProcessBuilder(command).redirectOutput(output.toFile())
			.redirectError(ProcessBuilder.Redirect.DISCARD)
			.start();
		try {
			assertThat(browser.waitFor(BROWSER_TIMEOUT.toSeconds(), TimeUnit.SECONDS)).as("chromium ended").isTrue();
			assertThat(browser.exitValue()).as("chromium's exit status").isZero();
			return Files.readString(output, StandardCharsets.UTF_8);
		}
		finally {
			browser.destroyForcibly();
			Files.deleteIfExists(output);
			try (Stream<Path> files = Files.walk(profile)) {
				files.sorted((one, other) -> other.compareTo(one)).forEach((file) -> file.toFile().delete());
			}
		}
	}

	/** Chromium on the PATH, or {@code null}. */
	static Path chromium() {
		for (String directory : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
			for (String name : List.of("chromium", "chromium-browser")) {
				Path candidate = Path.of(directory, name);
				if (Files.isExecutable(candidate)) {
					return candidate;
				}
			}
		}
		return null;
	}

}
