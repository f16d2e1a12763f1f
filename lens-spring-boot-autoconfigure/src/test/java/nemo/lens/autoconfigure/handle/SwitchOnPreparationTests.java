package nemo.lens.autoconfigure.handle;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.LensTestConfigurations;
import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.cloud.context.environment.EnvironmentChangeEvent;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Once the application is ready, a silent rank that an operator can switch on while it runs is
 * prepared for it on a thread of its own; a rank that cannot be switched, or exports already, is not.
 */
class SwitchOnPreparationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(LensTestConfigurations.core())
		.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.exporter=none", "nemo.lens.export-strategy=single_rank",
				"nemo.lens.export-rank=0", "nemo.lens.world-size=4");

	/** The threads the preparation would start, kept rather than started. */
	private final List<Runnable> prepared = new ArrayList<>();

	private void ready(AssertableApplicationContext context) {
		SwitchOnPreparation preparation = new SwitchOnPreparation(context.getBean(TelemetryHandle.class),
				context.getEnvironment(), (task) -> {
					this.prepared.add(task);
					return new Thread(() -> {
					});
				});
		preparation.onApplicationEvent(new ApplicationReadyEvent(new SpringApplication(), new String[0],
				(ConfigurableApplicationContext) context.getSourceApplicationContext(), Duration.ZERO));
	}

	@Test
	void theStarterRegistersThePreparation() {
		this.runner.withPropertyValues("nemo.lens.rank=1")
			.run((context) -> assertThat(context).hasSingleBean(SwitchOnPreparation.class));
	}

	@Test
	void aSilentRankWhoseEndpointMayWriteIsPrepared() {
		this.runner.withClassLoader(new FilteredClassLoader(EnvironmentChangeEvent.class))
			.withPropertyValues("nemo.lens.rank=1", "management.endpoint.lens.access=unrestricted")
			.run(this::ready);
		assertThat(this.prepared).hasSize(1);
	}

	@Test
	void aSilentRankWhoseEndpointsAllMayWriteIsPrepared() {
		this.runner.withClassLoader(new FilteredClassLoader(EnvironmentChangeEvent.class))
			.withPropertyValues("nemo.lens.rank=1", "management.endpoints.access.default=unrestricted")
			.run(this::ready);
		assertThat(this.prepared).hasSize(1);
	}

	@Test
	void aSilentRankWithSpringCloudRefreshIsPrepared() {
		this.runner.withPropertyValues("nemo.lens.rank=1").run(this::ready);
		assertThat(this.prepared).hasSize(1);
	}

	@Test
	void aSilentRankThatNothingCanSwitchIsNotPrepared() {
		this.runner.withClassLoader(new FilteredClassLoader(EnvironmentChangeEvent.class))
			.withPropertyValues("nemo.lens.rank=1")
			.run(this::ready);
		assertThat(this.prepared).isEmpty();
	}

	@Test
	void anEndpointKeptReadOnlyLeavesTheRankUnprepared() {
		this.runner.withClassLoader(new FilteredClassLoader(EnvironmentChangeEvent.class))
			.withPropertyValues("nemo.lens.rank=1", "management.endpoints.access.default=unrestricted",
					"management.endpoint.lens.access=read-only")
			.run(this::ready);
		assertThat(this.prepared).isEmpty();
	}

	@Test
	void anExportingRankIsNotPrepared() {
		this.runner.withPropertyValues("nemo.lens.rank=0", "management.endpoint.lens.access=unrestricted")
			.run(this::ready);
		assertThat(this.prepared).isEmpty();
	}

}
