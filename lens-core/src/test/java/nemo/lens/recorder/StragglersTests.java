package nemo.lens.recorder;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which rank is slow, from the finished spans of the dumps alone: the median of each rank's last
 * steps, scored against the fastest rank's.
 */
class StragglersTests {

	@TempDir
	Path directory;

	private Stragglers stragglers(String stepSpan) throws IOException {
		JobDumps job = new JobDumps(this.directory, 4);
		for (int rank = 0; rank < 4; rank++) {
			job.rank(rank).reason("control").steps(30, Duration.ofMillis((rank == 2) ? 300 : 100 + rank)).write();
		}
		return Stragglers.of(DumpReport.read(this.directory, Duration.ofSeconds(10)).dumps(), stepSpan, 0.7);
	}

	@Test
	void theStepSpanIsTheMostFrequentTopLevelSpanByDefault() throws IOException {
		assertThat(stragglers(null).stepSpan()).isEqualTo("train.step");
	}

	@Test
	void eachRankIsScoredByTheFastestRanksMedianOverItsOwn() throws IOException {
		Stragglers stragglers = stragglers(null);
		assertThat(stragglers.fastest().rank()).isZero();
		assertThat(stragglers.of(0).score()).isEqualTo(1.0);
		assertThat(stragglers.of(1).score()).isEqualTo(100.0 / 101);
		assertThat(stragglers.of(2).score()).isEqualTo(100.0 / 300);
		assertThat(stragglers.of(2).steps()).isEqualTo(Stragglers.LAST_STEPS);
		assertThat(stragglers.slow()).extracting(Stragglers.Pace::rank).containsExactly(2);
	}

	@Test
	void aNamedSpanIsScoredInstead() throws IOException {
		Stragglers stragglers = stragglers("forward");
		assertThat(stragglers.stepSpan()).isEqualTo("forward");
		// Each forward is its step less 2 ms.
		assertThat(stragglers.of(2).medianNanos()).isEqualTo(Duration.ofMillis(298).toNanos());
	}

	@Test
	void aRankWithoutAFinishedStepHasNoScore() throws IOException {
		new JobDumps(this.directory, 5).rank(4).steps(0, Duration.ofMillis(100)).stuckIn("barrier",
				Duration.ofSeconds(1)).write();
		assertThat(stragglers(null).of(4)).isNull();
	}

}
