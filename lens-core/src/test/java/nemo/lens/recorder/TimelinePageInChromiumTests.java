package nemo.lens.recorder;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The report's page in a real browser: headless Chromium loads it from a file, and the DOM it
 * built holds the verdict and a lane per rank; the screenshot it takes is kept in
 * {@code target/timeline-page/}. Skipped, saying why, where no Chromium is installed.
 */
class TimelinePageInChromiumTests {

	@TempDir
	Path directory;

	@Test
	void chromiumRendersTheVerdictAndEveryLane() throws Exception {
		HeadlessChromium chromium = HeadlessChromium.find().orElse(null);
		assumeTrue(chromium != null, HeadlessChromium.MISSING);
		JobDumps job = new JobDumps(this.directory, 8);
		for (int rank = 0; rank < 8; rank++) {
			job.rank(rank)
				.steps(10, Duration.ofMillis((rank == 3) ? 200 : 100))
				.stuckIn((rank == 5) ? "allreduce" : "barrier", Duration.ofSeconds((rank == 5) ? 3 : 2))
				.write();
		}
		Path kept = Files.createDirectories(Path.of("target", "timeline-page"));
		Path page = kept.resolve("report.html");
		JobDumps.report(this.directory, "--html", page.toString());

		String dom = chromium.dom(page);
		chromium.screenshot(page, kept.resolve("report.png"), 1280, 720);

		assertThat(dom).contains("rank 5 stuck in allreduce (train.step 10) for 3.0 s");
		assertThat(HeadlessChromium.lanes(dom)).containsExactly(5, 0, 1, 2, 3, 4, 6, 7);
	}

}
