package nemo.lens.autoconfigure.refresh;

import java.util.Map;
import java.util.Set;

import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.LensTestConfigurations;
import nemo.lens.autoconfigure.NemoLensProperties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.cloud.autoconfigure.ConfigurationPropertiesRebinderAutoConfiguration;
import org.springframework.cloud.context.environment.EnvironmentChangeEvent;
import org.springframework.cloud.context.properties.ConfigurationPropertiesRebinder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Spring Cloud refresh that changes {@code nemo.lens.*} settings: the rank decides again with
 * those it takes while it runs, refuses a bad value without failing the refresh, and says which
 * settings wait for a restart. The refresh is what Spring Cloud's {@code ContextRefresher} does once
 * it has reloaded the property sources: it publishes the changed keys.
 */
@ExtendWith(OutputCaptureExtension.class)
class LensSettingsRefreshTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(LensTestConfigurations.core(LensRefreshAutoConfiguration.class))
		.withConfiguration(AutoConfigurations.of(ConfigurationPropertiesRebinderAutoConfiguration.class))
		.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.exporter=none", "nemo.lens.rank=0",
				"nemo.lens.world-size=4");

	/** Puts new values ahead of every other source and tells the context, as a refresh does. */
	private static void refresh(ConfigurableApplicationContext context, Map<String, Object> values) {
		context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("refreshed", values));
		context.publishEvent(new EnvironmentChangeEvent(context, Set.copyOf(values.keySet())));
	}

	@Test
	void aRefreshedStrategySwitchesASilentRankOn() {
		this.runner.run((context) -> {
			TelemetryHandle handle = context.getBean(TelemetryHandle.class);
			assertThat(handle.isExporting()).isFalse();
			refresh(context, Map.of("nemo.lens.export-strategy", "all_ranks"));
			assertThat(handle.isExporting()).isTrue();
			assertThat(handle.exportStrategy()).isEqualTo("all_ranks");
		});
	}

	@Test
	void aRefreshedStrategyInputSwitchesTheRank() {
		this.runner.run((context) -> {
			TelemetryHandle handle = context.getBean(TelemetryHandle.class);
			refresh(context, Map.of("nemo.lens.exportRank", "0"));
			assertThat(handle.isExporting()).isTrue();
		});
	}

	@Test
	void anUnknownStrategyIsRefusedWithAWarningAndTheSettingsInForceStay(CapturedOutput output) {
		this.runner.run((context) -> {
			TelemetryHandle handle = context.getBean(TelemetryHandle.class);
			refresh(context, Map.of("nemo.lens.export-strategy", "al_ranks"));
			assertThat(handle.isExporting()).isFalse();
			assertThat(handle.exportStrategy()).isEqualTo("single_rank");
			assertThat(output).contains("the refreshed settings are not taken, those in force stay").contains("al_ranks");
		});
	}

	@Test
	void aValueThatCannotBeReadIsRefusedNamingTheSettingAndTheRankKeepsRunning(CapturedOutput output) {
		this.runner.run((context) -> {
			TelemetryHandle handle = context.getBean(TelemetryHandle.class);
			refresh(context, Map.of("nemo.lens.export-rank", "three"));
			assertThat(handle.isExporting()).isFalse();
			assertThat(output).contains("the refreshed settings are not taken").contains("export-rank").contains("three");
			assertThat(context).hasNotFailed();
		});
	}

	@Test
	void aValueThatCannotBeBoundDoesNotFailSpringCloudsRebindOfTheProperties(CapturedOutput output) {
		this.runner.withPropertyValues("nemo.lens.export-rank=1").run((context) -> {
			NemoLensProperties properties = context.getBean(NemoLensProperties.class);
			ConfigurationPropertiesRebinder rebinder = context.getBean(ConfigurationPropertiesRebinder.class);
			refresh(context, Map.of("nemo.lens.export-rank", "three"));
			assertThat(rebinder.rebind(NemoLensProperties.class)).isFalse();
			assertThat(rebinder.getErrors()).isEmpty();
			// Read once at start-up; the refreshed values are the listener's to take or refuse.
			assertThat(properties.exportRank()).isEqualTo(1);
			assertThat(output).contains("the refreshed settings are not taken").contains("three");
		});
	}

	@Test
	void theBeansTheApplicationNeverRefreshesStaySo() {
		this.runner.withPropertyValues("spring.cloud.refresh.never-refreshable=com.example.Pool").run((context) -> {
			refresh(context, Map.of("nemo.lens.export-strategy", "all_ranks"));
			assertThat(context.getEnvironment().getProperty("spring.cloud.refresh.never-refreshable"))
				.isEqualTo("com.example.Pool," + NemoLensProperties.class.getName());
		});
	}

	@Test
	void aChangedSettingThatOnlyARestartAppliesIsSaidSoAndNotTaken(CapturedOutput output) {
		this.runner.run((context) -> {
			TelemetryHandle handle = context.getBean(TelemetryHandle.class);
			refresh(context, Map.of("nemo.lens.exporter", "console"));
			assertThat(handle.config().exporter()).isEqualTo("none");
			assertThat(output).contains("nemo.lens.exporter changed by a refresh; it takes effect when the rank restarts");
		});
	}

	@Test
	void aRefreshOfOtherSettingsLeavesTheRankAlone(CapturedOutput output) {
		this.runner.run((context) -> {
			refresh(context, Map.of("spring.application.name", "renamed", "nemo.lensing", "x"));
			assertThat(output).doesNotContain("NeMo Lens: settings changed").doesNotContain("the refreshed settings");
		});
	}

	@Test
	void withoutSpringCloudThereIsNoListener() {
		this.runner.withClassLoader(new FilteredClassLoader(EnvironmentChangeEvent.class))
			.run((context) -> assertThat(context).hasSingleBean(TelemetryHandle.class)
				.doesNotHaveBean(LensSettingsRefresh.class));
	}

}
