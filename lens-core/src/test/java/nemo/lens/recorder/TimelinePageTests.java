package nemo.lens.recorder;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code DumpReport --html FILE}: one page that needs nothing from the network, the verdict on top,
 * a lane per rank, the open spans and the stuck one marked, the slow rank highlighted, each span's
 * name, step and duration on hover; beyond a few dozen ranks the common group folded, the odd and
 * slow ranks always shown.
 */
class TimelinePageTests {

	@TempDir
	Path directory;

	@TempDir
	Path output;

	private String page() throws IOException {
		Path page = this.output.resolve("report.html");
		int status = DumpReport.run(new String[] { "--html", page.toString(), this.directory.toString() },
				new PrintStream(new ByteArrayOutputStream()), new PrintStream(new ByteArrayOutputStream()));
		assertThat(status).isZero();
		return Files.readString(page, StandardCharsets.UTF_8);
	}

	private void job(int ranks) {
		JobDumps job = new JobDumps(this.directory, ranks);
		for (int rank = 0; rank < ranks; rank++) {
			job.rank(rank)
				.steps(10, Duration.ofMillis((rank == 3) ? 200 : 100))
				.stuckIn((rank == 5) ? "allreduce" : "barrier", Duration.ofSeconds((rank == 5) ? 3 : 2))
				.write();
		}
	}

	private static int count(String text, String regex) {
		Matcher matcher = Pattern.compile(regex).matcher(text);
		int count = 0;
		while (matcher.find()) {
			count++;
		}
		return count;
	}

	@Test
	void thePageNeedsNothingFromTheNetwork() throws IOException {
		job(8);
		String page = page();
		assertThat(page).doesNotContainPattern("(?i)(src|href)\\s*=").doesNotContain("@import")
			.doesNotContainPattern("url\\((?!#)").doesNotContain("<script");
	}

	@Test
	void theVerdictComesFirstThenALanePerRank() throws IOException {
		job(8);
		String page = page();
		assertThat(page).contains("<p>rank 5 stuck in allreduce (train.step 10) for 3.0 s; 7 ranks wait in barrier "
				+ "(train.step 10).</p>");
		assertThat(page.indexOf("id=\"verdict\"")).isLessThan(page.indexOf("class=\"lane"));
		for (int rank = 0; rank < 8; rank++) {
			assertThat(page).contains("data-rank=\"" + rank + "\"");
		}
		assertThat(count(page, "class=\"lane")).isEqualTo(8);
	}

	@Test
	void theStuckSpanOfTheOddRankAndTheOpenSpansAreMarked() throws IOException {
		job(8);
		String page = page();
		assertThat(count(page, "class=\"s stuck\"")).isOne();
		assertThat(page).containsPattern("class=\"s stuck\"[^>]*><title>allreduce · open 3.0 s at the dump · stuck</title>");
		// Every rank's open train.step, and the seven barriers.
		assertThat(count(page, "class=\"s open\"")).isEqualTo(15);
	}

	@Test
	void aSpanSaysItsNameStepAndDurationOnHover() throws IOException {
		job(8);
		assertThat(page()).contains("<title>train.step · step 9 · 100 ms</title>")
			.contains("<title>train.step · step 9 · 200 ms</title>");
	}

	@Test
	void theSlowRankIsHighlightedWithItsScore() throws IOException {
		job(8);
		assertThat(page()).contains("class=\"lane slow\" data-rank=\"3\"").contains(">rank 3 0.50</span>");
	}

	@Test
	void beyondAFewDozenRanksTheCommonGroupIsFoldedAndTheOddAndSlowRanksAreShown() throws IOException {
		job(100);
		String page = page();
		assertThat(page).contains("data-rank=\"5\"").contains("data-rank=\"3\"");
		// The odd rank, three of the common group, and the slow rank in it.
		assertThat(count(page, "class=\"lane")).isEqualTo(5);
		assertThat(page).contains("data-folded=\"95\"").contains("95 more ranks of this group folded: 4, 6-99");
	}

}
