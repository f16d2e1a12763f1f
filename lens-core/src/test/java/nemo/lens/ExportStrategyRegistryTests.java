package nemo.lens;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ExportStrategyRegistryTests {

	private static final NemoLensConfig CONFIG = NemoLensConfig.defaults();

	private final ExportStrategyRegistry registry = new ExportStrategyRegistry((name) -> null);

	@Test
	void newRegistryHoldsTheFourBuiltInsSorted() {
		assertThat(this.registry.registeredStrategies()).containsExactly("all_ranks", "first_rank_per_node", "sampled",
				"single_rank");
	}

	@Test
	void registeredStrategyIsListedInOrderAndReturned() {
		ExportStrategy firstTwo = (config, rank, worldSize) -> rank < 2;
		this.registry.register("first_two_ranks", firstTwo);
		assertThat(this.registry.registeredStrategies()).containsExactly("all_ranks", "first_rank_per_node",
				"first_two_ranks", "sampled", "single_rank");
		assertThat(this.registry.get("first_two_ranks")).isSameAs(firstTwo);
	}

	@Test
	void emptyNameIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.registry.register("", (c, r, w) -> true))
			.withMessage("Strategy name must be a non-empty string.");
	}

	@Test
	void nullNameIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.registry.register(null, (c, r, w) -> true))
			.withMessage("Strategy name must be a non-empty string.");
	}

	@Test
	void registeringATakenNameIsRejected() {
		this.registry.register("mine", (c, r, w) -> true);
		assertThatIllegalArgumentException().isThrownBy(() -> this.registry.register("mine", (c, r, w) -> false))
			.withMessage("Strategy 'mine' is already registered. Pass allowOverride=true to replace it.");
	}

	@Test
	void registeringABuiltInNameIsRejectedWithoutOverride() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.registry.register("single_rank", (c, r, w) -> true))
			.withMessage("Strategy 'single_rank' is already registered. Pass allowOverride=true to replace it.");
	}

	@Test
	void overridingABuiltInReplacesWhatRuns() {
		assertThat(this.registry.get("all_ranks").shouldExport(CONFIG, 0, 4)).isTrue();
		this.registry.register("all_ranks", (c, r, w) -> false, true);
		assertThat(this.registry.get("all_ranks").shouldExport(CONFIG, 0, 4)).isFalse();
	}

	@Test
	void overridingACustomStrategyReplacesIt() {
		this.registry.register("mine", (c, r, w) -> true);
		this.registry.register("mine", (c, r, w) -> false, true);
		assertThat(this.registry.get("mine").shouldExport(CONFIG, 0, 1)).isFalse();
	}

	@Test
	void builtInCannotBeUnregistered() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.registry.unregister("sampled"))
			.withMessage("Cannot unregister built-in strategy 'sampled'.");
	}

	@Test
	void overriddenBuiltInStillCannotBeUnregistered() {
		this.registry.register("sampled", (c, r, w) -> true, true);
		assertThatIllegalArgumentException().isThrownBy(() -> this.registry.unregister("sampled"))
			.withMessage("Cannot unregister built-in strategy 'sampled'.");
		assertThat(this.registry.registeredStrategies()).contains("sampled");
	}

	@Test
	void aMissingNameIsRejectedWithTheReferenceMessage() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.registry.unregister(null))
			.withMessage("Strategy name must be a non-empty string.");
		assertThatIllegalArgumentException().isThrownBy(() -> this.registry.register(null, (c, r, w) -> true))
			.withMessage("Strategy name must be a non-empty string.");
	}

	@Test
	void unregisteringAnUnknownNameIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.registry.unregister("ghost"))
			.withMessage("Strategy 'ghost' is not registered.");
	}

	@Test
	void unregisteredStrategyIsGone() {
		this.registry.register("mine", (c, r, w) -> true);
		this.registry.unregister("mine");
		assertThat(this.registry.registeredStrategies()).doesNotContain("mine");
		assertThat(this.registry.contains("mine")).isFalse();
	}

	@Test
	void unknownNameListsTheRegisteredStrategiesSorted() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.registry.get("bogus"))
			.withMessage("Unknown export_strategy 'bogus'. Registered strategies: "
					+ "['all_ranks', 'first_rank_per_node', 'sampled', 'single_rank'].");
	}

	@Test
	void namesAreCaseSensitive() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.registry.get("Single_Rank"))
			.withMessageStartingWith("Unknown export_strategy 'Single_Rank'.");
	}

	@Test
	void registeredStrategiesIsASnapshotThatCannotBeModified() {
		var names = this.registry.registeredStrategies();
		this.registry.register("later", (c, r, w) -> true);
		assertThat(names).doesNotContain("later");
		assertThat(names).isUnmodifiable();
	}

	@Test
	void copyIsIndependentOfTheOriginal() {
		this.registry.register("before", (c, r, w) -> true);
		ExportStrategyRegistry copy = this.registry.copy();
		copy.register("only_in_copy", (c, r, w) -> true);
		this.registry.register("only_in_original", (c, r, w) -> true);
		assertThat(copy.registeredStrategies()).contains("before", "only_in_copy").doesNotContain("only_in_original");
		assertThat(this.registry.registeredStrategies()).doesNotContain("only_in_copy");
	}

	@Test
	void copyWithAnotherEnvironmentBindsTheBuiltInsToIt() {
		ExportStrategyRegistry copy = this.registry.copy((name) -> name.equals("LOCAL_RANK") ? "2" : null);
		assertThat(this.registry.get("first_rank_per_node").shouldExport(CONFIG, 2, 4)).isTrue();
		assertThat(copy.get("first_rank_per_node").shouldExport(CONFIG, 2, 4)).isFalse();
	}

	@Test
	void copyCarriesCustomAndOverriddenStrategiesOver() {
		ExportStrategy nobody = (c, r, w) -> false;
		this.registry.register("mine", nobody);
		this.registry.register("all_ranks", nobody, true);
		ExportStrategyRegistry copy = this.registry.copy((name) -> null);
		assertThat(copy.get("mine")).isSameAs(nobody);
		assertThat(copy.get("all_ranks")).isSameAs(nobody);
	}

}
