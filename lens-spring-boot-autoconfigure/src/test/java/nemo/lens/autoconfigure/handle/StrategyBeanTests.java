package nemo.lens.autoconfigure.handle;

import nemo.lens.autoconfigure.failure.LensStartupException;
import nemo.lens.autoconfigure.LensTestConfigurations;
import nemo.lens.ExportStrategy;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLens;
import nemo.lens.TelemetryHandle;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

class StrategyBeanTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(LensTestConfigurations.core())
		.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.exporter=none", "nemo.lens.world-size=8");

	private static final ExportStrategy FIRST_TWO = (config, rank, worldSize) -> rank < 2;

	private static final ExportStrategy NOBODY = (config, rank, worldSize) -> false;

	@Test
	void strategyBeanIsRegisteredUnderItsBeanName() {
		this.runner.withBean("first_two_ranks", ExportStrategy.class, () -> FIRST_TWO)
			.withPropertyValues("nemo.lens.rank=1", "nemo.lens.export-strategy=first_two_ranks")
			.run((context) -> {
				assertThat(context.getBean(ExportStrategyRegistry.class).registeredStrategies())
					.contains("first_two_ranks");
				assertThat(context.getBean(TelemetryHandle.class).isExporting()).isTrue();
				assertThat(NemoLens.registeredStrategies()).doesNotContain("first_two_ranks");
			});
	}

	@Test
	void strategyBeanDecidesNoForOtherRanks() {
		this.runner.withBean("first_two_ranks", ExportStrategy.class, () -> FIRST_TWO)
			.withPropertyValues("nemo.lens.rank=2", "nemo.lens.export-strategy=first_two_ranks")
			.run((context) -> assertThat(context.getBean(TelemetryHandle.class).isExporting()).isFalse());
	}

	@Test
	void strategyBeanNamedLikeABuiltInFailsStartup() {
		this.runner.withBean("all_ranks", ExportStrategy.class, () -> NOBODY)
			.withPropertyValues("nemo.lens.rank=0")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.isInstanceOf(LensStartupException.class)
				.hasMessageContaining("ExportStrategy bean 'all_ranks'")
				.hasMessageContaining("has the name of a built-in strategy")
				.hasMessageContaining("nemo.lens.allow-strategy-override is false"));
	}

	@Test
	void strategyBeanReplacesABuiltInInThisContextOnlyWhenAllowed() {
		this.runner.withBean("all_ranks", ExportStrategy.class, () -> NOBODY)
			.withPropertyValues("nemo.lens.rank=0", "nemo.lens.export-strategy=all_ranks",
					"nemo.lens.allow-strategy-override=true")
			.run((context) -> {
				assertThat(context.getBean(TelemetryHandle.class).isExporting()).isFalse();
				assertThat(NemoLens.registry().get("all_ranks").shouldExport(null, 0, 8)).isTrue();
			});
	}

	@Test
	void twoContextsInOneJvmDoNotCollide() {
		this.runner.withBean("mine", ExportStrategy.class, () -> FIRST_TWO)
			.withPropertyValues("nemo.lens.rank=1", "nemo.lens.export-strategy=mine")
			.run((first) -> this.runner.withBean("mine", ExportStrategy.class, () -> NOBODY)
				.withPropertyValues("nemo.lens.rank=1", "nemo.lens.export-strategy=mine")
				.run((second) -> {
					assertThat(first.getBean(TelemetryHandle.class).isExporting()).isTrue();
					assertThat(second.getBean(TelemetryHandle.class).isExporting()).isFalse();
				}));
	}

	@Test
	void strategyBeanThatThrowsFailsStartupNamingIt() {
		this.runner
			.withBean("flaky", ExportStrategy.class, () -> (config, rank, worldSize) -> {
				throw new IllegalStateException("no GPU inventory");
			})
			.withPropertyValues("nemo.lens.rank=0", "nemo.lens.export-strategy=flaky")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessage("no GPU inventory"));
	}

}
