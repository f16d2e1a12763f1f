package nemo.lens.control;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class RankRangesTests {

	@Test
	void holdsRanksAndRangesMergingThoseThatOverlapOrTouch() {
		RankRanges ranks = RankRanges.parse(" 1003, 0,1000-1002, 731, 5-9, 7-12 ,,", 2000);
		assertThat(ranks).hasToString("0,5-12,731,1000-1003");
		assertThat(ranks.ranges()).isEqualTo(4);
		assertThat(ranks.contains(0)).isTrue();
		assertThat(ranks.contains(1)).isFalse();
		assertThat(ranks.contains(12)).isTrue();
		assertThat(ranks.contains(13)).isFalse();
		assertThat(ranks.contains(1001)).isTrue();
		assertThat(ranks.contains(1004)).isFalse();
		assertThat(ranks.contains(-1)).isFalse();
	}

	@Test
	void anEmptyListNamesNoRank() {
		assertThat(RankRanges.parse(" , ", 4).isEmpty()).isTrue();
		assertThat(RankRanges.NONE.contains(0)).isFalse();
	}

	@Test
	void theSpanOfARangeCostsNothing() {
		RankRanges ranks = RankRanges.parse("0-2147483646", Integer.MAX_VALUE);
		assertThat(ranks.ranges()).isEqualTo(1);
		assertThat(ranks.contains(2147483646)).isTrue();
	}

	@Test
	void refusesWhatIsNoRankOrRangeAndRanksAtOrPastTheWorldSize() {
		assertThatIllegalArgumentException().isThrownBy(() -> RankRanges.parse("3-1", 4)).withMessageContaining("'3-1'");
		assertThatIllegalArgumentException().isThrownBy(() -> RankRanges.parse("-1", 4)).withMessageContaining("'-1'");
		assertThatIllegalArgumentException().isThrownBy(() -> RankRanges.parse("a", 4)).withMessageContaining("'a'");
		assertThatIllegalArgumentException().isThrownBy(() -> RankRanges.parse("0,4", 4))
			.withMessage("ranks '0,4': rank 4 (in '4') is not below the world size 4");
	}

}
