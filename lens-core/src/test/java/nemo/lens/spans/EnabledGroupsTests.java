package nemo.lens.spans;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The table behind {@link SpanGroups#isEnabled(String)}: it holds exactly the enabled groups,
 * found from an equal string as from the constant, whatever their hash codes share.
 */
class EnabledGroupsTests {

	// "Aa" and "BB" have the same String hash code, so these names always share a first slot.
	private static final List<String> EQUAL_HASHES = List.of("Aa", "BB", "AaAa", "BBBB", "AaBB", "BBAa");

	@Test
	void everyEnabledGroupIsFoundEvenWhenTheirHashesAreEqual() {
		EnabledGroups enabled = new EnabledGroups(EQUAL_HASHES, EnabledGroups.tableSizeFor(EQUAL_HASHES), "");
		assertThat(EQUAL_HASHES).allMatch(enabled::contains);
		assertThat(enabled.contains(new String("BBAa"))).isTrue();
	}

	@Test
	void disabledGroupIsNotFoundWhenItSharesASlotWithAnEnabledOne() {
		List<String> enabledNames = List.of("Aa", "AaAa");
		EnabledGroups enabled = new EnabledGroups(enabledNames, EnabledGroups.tableSizeFor(EQUAL_HASHES), "");
		assertThat(EQUAL_HASHES).filteredOn(enabled::contains).containsExactly("Aa", "AaAa");
	}

	@Test
	void tableOfTheBaseGroupsGivesEachItsOwnSlot() {
		int size = EnabledGroups.tableSizeFor(SpanGroups.BASE_GROUPS);
		assertThat(size).isEqualTo(Integer.highestOneBit(size)).isGreaterThanOrEqualTo(4 * SpanGroups.BASE_GROUPS.size());
		assertThat(SpanGroups.BASE_GROUPS.stream().map((group) -> {
			int hash = group.hashCode();
			return (hash ^ (hash >>> 16)) & (size - 1);
		})).doesNotHaveDuplicates();
	}

	@Test
	void sortedAndSpecAreKeptForReports() {
		EnabledGroups enabled = new EnabledGroups(List.of("step", "job"), 32, "job,step");
		assertThat(enabled.sorted()).containsExactly("job", "step");
		assertThat(enabled.spec()).isEqualTo("job,step");
	}

}
