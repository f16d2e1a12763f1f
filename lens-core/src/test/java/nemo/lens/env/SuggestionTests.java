package nemo.lens.env;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SuggestionTests {

	private static final List<String> STRATEGIES = List.of("all_ranks", "first_rank_per_node", "sampled",
			"single_rank");

	@Test
	void hyphensForUnderscoresSuggestTheRegisteredName() {
		assertThat(Suggestion.didYouMean("first-rank-per-node", STRATEGIES))
			.isEqualTo("; did you mean first_rank_per_node?");
	}

	@Test
	void caseIsForgivenInTheSuggestion() {
		assertThat(Suggestion.didYouMean("Single_Rank", STRATEGIES)).isEqualTo("; did you mean single_rank?");
	}

	@Test
	void aTypoSuggestsTheNearestName() {
		assertThat(Suggestion.didYouMean("rank", List.of("export-rank", "ranks", "until"))).isEqualTo("; did you mean ranks?");
		assertThat(Suggestion.didYouMean("sampeld", STRATEGIES)).isEqualTo("; did you mean sampled?");
	}

	@Test
	void aNameFarFromEveryKnownOneGetsNoSuggestion() {
		assertThat(Suggestion.didYouMean("bogus", STRATEGIES)).isEmpty();
		assertThat(Suggestion.didYouMean("every_rank", STRATEGIES)).isEmpty();
	}

}
