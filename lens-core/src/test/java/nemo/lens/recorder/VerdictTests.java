package nemo.lens.recorder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The report's first lines say what is wrong before any table: the odd ranks with their span, step
 * and how long, then where the rest wait; the slow ranks; ranks at other steps; ranks without a
 * dump, told apart; the attempt read. Each edge case of the wording, and the same as JSON fields.
 */
class VerdictTests {

	@TempDir
	Path directory;

	private JobDumps job(int worldSize) {
		return new JobDumps(this.directory, worldSize);
	}

	private List<String> verdict(String... args) {
		String report = report(args);
		return List.of(report.substring(0, report.indexOf("\n\n")).split("\n"));
	}

	private String report(String... args) {
		return JobDumps.report(this.directory, args);
	}

	private void rank5InAllreduceTheOthersInBarrier(int worldSize) {
		JobDumps job = job(worldSize);
		for (int rank = 0; rank < worldSize; rank++) {
			job.rank(rank)
				.stuckIn((rank == 5) ? "allreduce" : "barrier", Duration.ofSeconds((rank == 5) ? 45 : 44))
				.write();
		}
	}

	@Test
	void theOddRankItsSpanStepAndTimeComeFirstThenWhereTheOthersWait() {
		rank5InAllreduceTheOthersInBarrier(8);
		assertThat(verdict()).containsExactly(
				"rank 5 stuck in allreduce (train.step 10) for 45 s; 7 ranks wait in barrier (train.step 10).");
	}

	@Test
	void theVerdictComesBeforeTheTable() {
		rank5InAllreduceTheOthersInBarrier(8);
		String report = report();
		assertThat(report.indexOf("rank 5 stuck in allreduce")).isLessThan(report.indexOf("| rank |"));
		assertThat(report).startsWith("rank 5 stuck in allreduce");
	}

	@Test
	void oneRankIsStuckWithoutACommonGroup() {
		job(1).rank(0).stuckIn("allreduce", Duration.ofSeconds(62)).write();
		assertThat(verdict()).containsExactly("rank 0 stuck in allreduce (train.step 10) for 62 s.");
	}

	@Test
	void everyRankInTheSameSpanIsSaidOnce() {
		JobDumps job = job(4);
		for (int rank = 0; rank < 4; rank++) {
			job.rank(rank).stuckIn("barrier", Duration.ofSeconds(30 + rank)).write();
		}
		assertThat(verdict()).containsExactly("all 4 ranks stuck in barrier (train.step 10) for up to 33 s.");
	}

	@Test
	void everyRankInADifferentSpanIsNamedTheLongestOpenFirst() {
		JobDumps job = job(3);
		job.rank(0).stuckIn("allreduce", Duration.ofSeconds(20)).write();
		job.rank(1).stuckIn("barrier", Duration.ofSeconds(40)).write();
		job.rank(2).stuckIn("checkpoint.save", Duration.ofMillis(2500)).write();
		assertThat(verdict()).containsExactly("each rank stuck in a different span: rank 1 in barrier (train.step 10) "
				+ "for 40 s, rank 0 in allreduce (train.step 10) for 20 s, rank 2 in checkpoint.save (train.step 10) "
				+ "for 2.5 s.");
	}

	@Test
	void withoutAnOpenSpanAnywhereNoRankIsStuck() {
		JobDumps job = job(2);
		job.rank(0).reason("control").write();
		job.rank(1).reason("control").write();
		assertThat(verdict()).containsExactly("no rank is stuck: no dump holds an open span.");
	}

	@Test
	void aRankWithoutADumpDidNotDumpWhenEveryRankWasAsked() {
		JobDumps job = job(4);
		for (int rank : new int[] { 0, 1, 2 }) {
			job.rank(rank).reason("control").stuckIn("barrier", Duration.ofSeconds(12)).write();
		}
		assertThat(verdict()).contains("rank 3 did not dump.");
	}

	@Test
	void ranksWithoutADumpAreNotStalledWhenOnlyStallDumpsExist() {
		JobDumps job = job(4);
		job.rank(1).stuckIn("allreduce", Duration.ofSeconds(12)).write();
		assertThat(verdict()).containsExactly("rank 1 stuck in allreduce (train.step 10) for 12 s.",
				"ranks 0, 2, 3 not stalled.");
	}

	@Test
	void ranksAtDifferentStepsAreTold() {
		JobDumps job = job(4);
		for (int rank = 0; rank < 4; rank++) {
			job.rank(rank).stuckIn("barrier", Duration.ofSeconds(20)).atStep((rank == 2) ? 17 : 18).write();
		}
		assertThat(verdict()).contains("rank 2 at step 17, the others at 18.");
	}

	@Test
	void onlyTheLatestAttemptIsReadAndTheVerdictSaysSo() {
		JobDumps job = job(2);
		job.rank(0).stuckIn("allreduce", Duration.ofSeconds(50)).write();
		job.rank(1).stuckIn("barrier", Duration.ofSeconds(50)).write();
		job.rank(0).attempt(1).at(JobDumps.NOW.plusSeconds(600)).stuckIn("barrier", Duration.ofSeconds(30)).write();
		job.rank(1).attempt(1).at(JobDumps.NOW.plusSeconds(600)).stuckIn("barrier", Duration.ofSeconds(30)).write();
		assertThat(verdict()).containsExactly("all 2 ranks stuck in barrier (train.step 10) for up to 30 s.",
				"attempt 1 read, the latest (2 dumps of earlier attempts set aside).");
	}

	@Test
	void aDumpThatSaysNoAttemptIsOfTheFirst() throws IOException {
		job(1).rank(0).attempt(1).stuckIn("barrier", Duration.ofSeconds(30)).write();
		Files.writeString(this.directory.resolve("run-7-rank-0-20261204T101400.000Z.json"), "{\"resourceSpans\":[]}\n");
		assertThat(verdict()).containsExactly("rank 0 stuck in barrier (train.step 10) for 30 s.",
				"attempt 1 read, the latest (1 dump of earlier attempts set aside).");
	}

	@Test
	void aSlowRankIsNamedWithItsMedianAndTheFastestOnes() {
		JobDumps job = job(4);
		for (int rank = 0; rank < 4; rank++) {
			job.rank(rank).reason("control").steps(10, Duration.ofMillis((rank == 3) ? 200 : 100)).write();
		}
		assertThat(verdict()).containsExactly(
				"rank 3 slow: train.step median 200 ms against 100 ms on the fastest (rank 0), score 0.50.",
				"no rank is stuck: no dump holds an open span.");
	}

	@Test
	void theStuckRankComesBeforeTheSlowOne() {
		JobDumps job = job(8);
		for (int rank = 0; rank < 8; rank++) {
			job.rank(rank)
				.steps(10, Duration.ofMillis((rank == 3) ? 200 : 100))
				.stuckIn((rank == 5) ? "allreduce" : "barrier", Duration.ofSeconds(45))
				.write();
		}
		assertThat(verdict()).containsExactly(
				"rank 5 stuck in allreduce (train.step 10) for 45 s; 7 ranks wait in barrier (train.step 10).",
				"rank 3 slow: train.step median 200 ms against 100 ms on the fastest (rank 0), score 0.50.");
	}

	@Test
	void theJsonCarriesTheVerdictAsFields() throws Exception {
		JobDumps job = job(8);
		for (int rank = 0; rank < 7; rank++) {
			job.rank(rank)
				.steps(10, Duration.ofMillis((rank == 3) ? 200 : 100))
				.stuckIn((rank == 5) ? "allreduce" : "barrier", Duration.ofSeconds(45))
				.write();
		}
		JsonNode json = new ObjectMapper().readTree(report("--json"));
		JsonNode verdict = json.path("verdict");
		assertThat(verdict.path("lines").get(0).asText()).startsWith("rank 5 stuck in allreduce");
		JsonNode odd = verdict.path("stuck").get(0);
		assertThat(odd.path("span").asText()).isEqualTo("allreduce");
		assertThat(odd.path("ranks")).extracting(JsonNode::asInt).containsExactly(5);
		assertThat(odd.path("stepSpan").asText()).isEqualTo("train.step");
		assertThat(odd.path("step").asLong()).isEqualTo(10);
		assertThat(odd.path("longestOpenSeconds").asDouble()).isEqualTo(45.0);
		assertThat(verdict.path("missing").path("ranks")).extracting(JsonNode::asInt).containsExactly(7);
		assertThat(verdict.path("missing").path("why").asText()).isEqualTo("not stalled");
		assertThat(verdict.path("stepSpan").asText()).isEqualTo("train.step");
		assertThat(verdict.path("slow")).extracting((pace) -> pace.path("rank").asInt()).containsExactly(3);
		assertThat(verdict.path("slow").get(0).path("score").asDouble()).isEqualTo(0.5);
		assertThat(verdict.path("fastest").path("medianSeconds").asDouble()).isEqualTo(0.1);
		assertThat(verdict.path("attempt").asInt()).isZero();
		assertThat(json.path("ranks").get(3).path("score").asDouble()).isEqualTo(0.5);
		assertThat(json.path("ranks").get(0).path("score").asDouble()).isEqualTo(1.0);
	}

}
