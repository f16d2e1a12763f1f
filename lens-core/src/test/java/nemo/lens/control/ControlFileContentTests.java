package nemo.lens.control;

import java.time.Instant;
import java.util.Set;

import nemo.lens.spans.SpanGroups;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ControlFileContentTests {

	private static final Set<String> STRATEGIES = Set.of("single_rank", "all_ranks", "sampled", "first_rank_per_node");

	private static ControlFileContent parse(String text) {
		return ControlFileContent.parse(text, 2000, STRATEGIES, (spec) -> SpanGroups.of(spec));
	}

	@Test
	void aCommentAfterAValueIsRefusedSayingThatACommentTakesALineOfItsOwn() {
		assertThatIllegalArgumentException().isThrownBy(() -> parse("export-strategy=all_ranks  # everyone\n"))
			.withMessage("export-strategy 'all_ranks  # everyone': a comment takes a line of its own in a control "
					+ "file (# at the start of the line); after a value, # is part of the value");
	}

	@Test
	void readsEveryKey() {
		ControlFileContent content = parse("""
				# the job's control file
				export-strategy = sampled
				export-rank=3
				export-sample-rate=0.1
				span-groups=per_step
				ranks=0,731,1000-1003
				until=2026-12-24T18:00:00Z
				dump=after-hang-1
				""");
		assertThat(content.exportStrategy()).isEqualTo("sampled");
		assertThat(content.exportRank()).isEqualTo(3);
		assertThat(content.exportSampleRate()).isEqualTo(0.1);
		assertThat(content.spanGroups()).isEqualTo("per_step");
		assertThat(content.ranks()).hasToString("0,731,1000-1003");
		assertThat(content.until()).isEqualTo(Instant.parse("2026-12-24T18:00:00Z"));
		assertThat(content.dump()).isEqualTo("after-hang-1");
	}

	@Test
	void anEmptyFileControlsNothing() {
		ControlFileContent content = parse("");
		assertThat(content.exportStrategy()).isNull();
		assertThat(content.exportRank()).isNull();
		assertThat(content.exportSampleRate()).isNull();
		assertThat(content.spanGroups()).isNull();
		assertThat(content.ranks().isEmpty()).isTrue();
		assertThat(content.isInForce(Instant.now())).isTrue();
	}

	@Test
	void anUnknownKeyIsRefusedListingTheKeys() {
		assertThatIllegalArgumentException().isThrownBy(() -> parse("export_strategy=all_ranks"))
			.withMessageContaining("'export_strategy'")
			.withMessageContaining("export-strategy");
	}

	@Test
	void anUnknownKeyNearAKnownOneSuggestsIt() {
		assertThatIllegalArgumentException().isThrownBy(() -> parse("rank=3"))
			.withMessage("unknown key 'rank' (did you mean ranks?); the keys are [export-strategy, export-rank, "
					+ "export-sample-rate, span-groups, ranks, until, dump]");
	}

	@Test
	void anUnknownStrategyNearARegisteredOneSuggestsItButIsNotMatchedToIt() {
		assertThatIllegalArgumentException().isThrownBy(() -> parse("export-strategy=First-Rank-Per-Node"))
			.withMessage("export-strategy 'First-Rank-Per-Node' is not a registered strategy (did you mean "
					+ "first_rank_per_node?); registered: [all_ranks, first_rank_per_node, sampled, single_rank]");
	}

	@Test
	void anUnknownStrategyIsRefusedListingTheRegisteredOnes() {
		assertThatIllegalArgumentException().isThrownBy(() -> parse("export-strategy=every_rank"))
			.withMessageContaining("'every_rank'")
			.withMessageContaining("all_ranks");
	}

	@Test
	void badValuesAreRefusedNamingKeyAndValue() {
		assertThatIllegalArgumentException().isThrownBy(() -> parse("export-sample-rate=1.5"))
			.withMessageContaining("export-sample-rate");
		assertThatIllegalArgumentException().isThrownBy(() -> parse("export-rank=last"))
			.withMessageContaining("export-rank");
		assertThatIllegalArgumentException().isThrownBy(() -> parse("ranks=3-1")).withMessageContaining("'3-1'");
		assertThatIllegalArgumentException().isThrownBy(() -> parse("ranks=0-99999999"))
			.withMessageContaining("'0-99999999'");
		assertThatIllegalArgumentException().isThrownBy(() -> parse("ranks=a")).withMessageContaining("'a'");
		assertThatIllegalArgumentException().isThrownBy(() -> parse("until=tomorrow"))
			.withMessageContaining("'tomorrow'");
		assertThatIllegalArgumentException().isThrownBy(() -> parse("span-groups=per_stpe"))
			.withMessageContaining("'per_stpe'");
	}

	@Test
	void aFileCountsUntilItsUntil() {
		ControlFileContent content = parse("until=2026-12-24T18:00:00Z");
		assertThat(content.isInForce(Instant.parse("2026-12-24T17:59:59Z"))).isTrue();
		assertThat(content.isInForce(Instant.parse("2026-12-24T18:00:00Z"))).isFalse();
	}

	@Test
	void aRankAtOrPastTheWorldSizeIsRefusedNamingTheRankAndTheWorldSize() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ControlFileContent.parse("ranks=0-999998", 4, STRATEGIES, (spec) -> SpanGroups.of(spec)))
			.withMessageContaining("rank 999998")
			.withMessageContaining("world size 4");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ControlFileContent.parse("ranks=1,4", 4, STRATEGIES, (spec) -> SpanGroups.of(spec)))
			.withMessageContaining("rank 4")
			.withMessageContaining("world size 4");
		assertThat(ControlFileContent.parse("ranks=3", 4, STRATEGIES, (spec) -> SpanGroups.of(spec)).ranks().contains(3))
			.isTrue();
	}

	@Test
	void anExportRankAtTheWorldSizeOrBelowMinusOneIsRefusedNamingTheWorldSize() {
		assertThatIllegalArgumentException().isThrownBy(() -> parse("export-rank=2000"))
			.withMessage("export-rank 2000 is no rank of this job: the world size is 2000 of this rank. "
					+ "Set a rank from 0 to 1999, or -1 for the last rank.");
		assertThatIllegalArgumentException().isThrownBy(() -> parse("export-rank=-2"))
			.withMessageStartingWith("export-rank -2 is no rank of this job");
		assertThat(parse("export-rank=-1").exportRank()).isEqualTo(-1);
	}

	@Test
	void aRangeOfAMillionRanksIsHeldAsOneRange() {
		ControlFileContent content = ControlFileContent.parse("ranks=0-999998", 1_000_000, STRATEGIES,
				(spec) -> SpanGroups.of(spec));
		assertThat(content.ranks().ranges()).isEqualTo(1);
		assertThat(content.ranks().contains(0)).isTrue();
		assertThat(content.ranks().contains(999998)).isTrue();
		assertThat(content.ranks().contains(999999)).isFalse();
	}

}
