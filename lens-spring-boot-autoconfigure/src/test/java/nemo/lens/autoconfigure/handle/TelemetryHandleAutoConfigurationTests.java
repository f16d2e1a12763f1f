package nemo.lens.autoconfigure.handle;

import nemo.lens.autoconfigure.NemoLensProperties;
import nemo.lens.autoconfigure.NemoLensAutoConfiguration;
import nemo.lens.autoconfigure.LensTestConfigurations;
import java.util.List;
import nemo.lens.autoconfigure.aot.LensAotAutoConfiguration;
import nemo.lens.autoconfigure.binding.LensBindingAutoConfiguration;
import nemo.lens.autoconfigure.boot.BootOpenTelemetryDoorAutoConfiguration;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLens;
import nemo.lens.RecordingSpanExporter;
import nemo.lens.Signal;
import nemo.lens.TelemetryHandle;
import nemo.lens.launch.RankInfo;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.core.io.ClassPathResource;

import static org.assertj.core.api.Assertions.assertThat;

class TelemetryHandleAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(LensTestConfigurations.core());

	private final ApplicationContextRunner enabled = this.runner.withPropertyValues("nemo.lens.enabled=true",
			"nemo.lens.exporter=none");

	@Test
	void importsFileListsTheAutoConfiguration() throws IOException {
		String imports = new ClassPathResource(
				"META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports")
			.getContentAsString(StandardCharsets.UTF_8);
		assertThat(imports.lines()).contains(NemoLensAutoConfiguration.class.getName());
	}

	@Test
	void disabledByDefaultPublishesANonExportingHandleAndNoOpenTelemetry() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(TelemetryHandle.class).doesNotHaveBean(OpenTelemetry.class);
			TelemetryHandle handle = context.getBean(TelemetryHandle.class);
			assertThat(handle.isExporting()).isFalse();
			assertThat(handle.config().enabled()).isFalse();
			assertThat(context.getBean(ExportStrategyRegistry.class).registeredStrategies())
				.contains("all_ranks", "first_rank_per_node", "sampled", "single_rank");
		});
	}

	@Test
	void enabledLastRankExportsAndPublishesTheHandlesOpenTelemetry() {
		this.enabled.withPropertyValues("nemo.lens.rank=3", "nemo.lens.world-size=4").run((context) -> {
			TelemetryHandle handle = context.getBean(TelemetryHandle.class);
			assertThat(handle.isExporting()).isTrue();
			assertThat(handle.rank()).isEqualTo(3);
			assertThat(handle.worldSize()).isEqualTo(4);
			assertThat(context.getBean(OpenTelemetry.class)).isSameAs(handle.openTelemetry());
			assertThat(handle.sdk()).isPresent();
		});
	}

	@Test
	void enabledOtherRankDoesNotExportButStillPublishesOpenTelemetry() {
		this.enabled.withPropertyValues("nemo.lens.rank=0", "nemo.lens.world-size=4").run((context) -> {
			TelemetryHandle handle = context.getBean(TelemetryHandle.class);
			assertThat(handle.isExporting()).isFalse();
			assertThat(context.getBean(OpenTelemetry.class)).isSameAs(handle.openTelemetry())
				.isNotInstanceOf(OpenTelemetrySdk.class);
		});
	}

	@Test
	void rankComesFromLauncherVariablesInTheEnvironment() {
		this.enabled
			.withPropertyValues("TORCHELASTIC_RUN_ID=abc", "RANK=5", "WORLD_SIZE=8", "LOCAL_RANK=1",
					"LOCAL_WORLD_SIZE=4", "GROUP_RANK=1", "nemo.lens.export-strategy=all_ranks")
			.run((context) -> {
				RankInfo rankInfo = context.getBean(RankInfo.class);
				assertThat(rankInfo.launcher()).isEqualTo("torchrun");
				assertThat(rankInfo.rank()).isEqualTo(5);
				TelemetryHandle handle = context.getBean(TelemetryHandle.class);
				assertThat(handle.rank()).isEqualTo(5);
				assertThat(handle.worldSize()).isEqualTo(8);
			});
	}

	@Test
	void rankPropertiesWinOverLauncherVariables() {
		this.enabled
			.withPropertyValues("TORCHELASTIC_RUN_ID=abc", "RANK=5", "WORLD_SIZE=8", "LOCAL_RANK=1",
					"LOCAL_WORLD_SIZE=4", "GROUP_RANK=1", "nemo.lens.rank=2", "nemo.lens.world-size=3")
			.run((context) -> {
				RankInfo rankInfo = context.getBean(RankInfo.class);
				assertThat(rankInfo.launcher()).isEqualTo("properties");
				assertThat(rankInfo.rank()).isEqualTo(2);
				assertThat(rankInfo.worldSize()).isEqualTo(3);
			});
	}

	@Test
	void noLauncherMeansRankZeroOfOne() {
		this.enabled.run((context) -> {
			TelemetryHandle handle = context.getBean(TelemetryHandle.class);
			assertThat(handle.rank()).isZero();
			assertThat(handle.worldSize()).isOne();
			assertThat(handle.isExporting()).isTrue();
			assertThat(context.getBean(RankInfo.class).launcher()).isEqualTo("default");
		});
	}

	@Test
	void settingsCanComeFromEnvironmentVariablesAlone() {
		Map<String, Object> variables = Map.of("NEMO_LENS_ENABLED", "true", "NEMO_LENS_EXPORTER", "none",
				"NEMO_LENS_EXPORT_STRATEGY", "sampled", "NEMO_LENS_EXPORT_SAMPLE_RATE", "0.1", "NEMO_LENS_RANK", "3",
				"NEMO_LENS_WORLD_SIZE", "16", "OTEL_SERVICE_NAME", "trainer", "NEMO_LENS_USER_ID", "alice",
				"NEMO_LENS_METRICS_EXPORT_STRATEGY", "all_ranks");
		// In place of the process's variables, as a launcher would set them.
		this.runner.withInitializer((context) -> context.getEnvironment()
			.getPropertySources()
			.replace(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, new SystemEnvironmentPropertySource(
					StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, variables)))
			.run((context) -> {
				NemoLensProperties properties = context.getBean(NemoLensProperties.class);
				assertThat(properties.exportStrategy()).isEqualTo("sampled");
				assertThat(properties.exportSampleRate()).isEqualTo(0.1);
				TelemetryHandle handle = context.getBean(TelemetryHandle.class);
				assertThat(handle.config().serviceName()).isEqualTo("trainer");
				assertThat(handle.config().user()).isEqualTo("alice");
				assertThat(handle.rank()).isEqualTo(3);
				assertThat(handle.isExporting()).as("rank 3 is sampled at 0.1").isTrue();
				assertThat(handle.exportStrategy(Signal.METRICS)).isEqualTo("all_ranks");
				assertThat(handle.exportStrategy(Signal.TRACES)).isEqualTo("sampled");
			});
	}

	@Test
	void everyPropertyBindsFromConfiguration() {
		this.runner
			.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.service-name=trainer",
					"nemo.lens.export-strategy=single_rank", "nemo.lens.export-rank=1",
					"nemo.lens.export-sample-rate=0.5", "nemo.lens.sampler-enabled=true",
					"nemo.lens.traces-enabled=false", "nemo.lens.metrics-enabled=false",
					"nemo.lens.logs-enabled=true", "nemo.lens.exporter=console", "nemo.lens.run-id=run-7",
					"nemo.lens.user=bob", "nemo.lens.rank=1", "nemo.lens.world-size=2", "nemo.lens.local-rank=1",
					"nemo.lens.shutdown-timeout=250ms", "nemo.lens.traces.export-strategy=all_ranks",
					"nemo.lens.metrics.export-strategy=first_rank_per_node", "nemo.lens.logs.export-strategy= single_rank ")
			.run((context) -> {
				TelemetryHandle handle = context.getBean(TelemetryHandle.class);
				var config = handle.config();
				assertThat(config.serviceName()).isEqualTo("trainer");
				assertThat(config.exportRank()).isEqualTo(1);
				assertThat(config.exportSampleRate()).isEqualTo(0.5);
				assertThat(config.samplerEnabled()).isTrue();
				assertThat(config.tracesEnabled()).isFalse();
				assertThat(config.metricsEnabled()).isFalse();
				assertThat(config.logsEnabled()).isTrue();
				assertThat(config.exporter()).isEqualTo("console");
				assertThat(config.runId()).isEqualTo("run-7");
				assertThat(config.user()).isEqualTo("bob");
				assertThat(config.exportStrategy(Signal.TRACES)).isEqualTo("all_ranks");
				assertThat(config.exportStrategy(Signal.METRICS)).isEqualTo("first_rank_per_node");
				assertThat(config.exportStrategy(Signal.LOGS)).isEqualTo("single_rank");
				assertThat(context.getBean(RankInfo.class).localRank()).hasValue(1);
				assertThat(context.getBean(NemoLensProperties.class).shutdownTimeout().toMillis()).isEqualTo(250);
				assertThat(handle.isExporting()).isTrue();
			});
	}

	@Test
	void serviceNameFallsBackToTheApplicationName() {
		this.enabled.withPropertyValues("spring.application.name=trainer-app")
			.run((context) -> assertThat(context.getBean(TelemetryHandle.class).config().serviceName())
				.isEqualTo("trainer-app"));
	}

	@Test
	void exportingRankCarriesItsRankInTheResource() {
		RecordingSpanExporter exporter = new RecordingSpanExporter();
		this.enabled.withBean(RecordingSpanExporter.class, () -> exporter)
			.withPropertyValues("nemo.lens.rank=3", "nemo.lens.world-size=4", "nemo.lens.local-rank=1")
			.run((context) -> {
				context.getBean(TelemetryHandle.class).tracer().spanBuilder("step").startSpan().end();
			});
		assertThat(exporter.spans()).singleElement().satisfies((span) -> {
			assertThat(span.getResource().getAttribute(AttributeKey.longKey("dl.rank"))).isEqualTo(3L);
			assertThat(span.getResource().getAttribute(AttributeKey.longKey("dl.local_rank"))).isEqualTo(1L);
		});
	}

	@Test
	void userHandleMakesTheAutoConfigurationBackOff() {
		TelemetryHandle own = new nemo.lens.TelemetrySetup(new ExportStrategyRegistry((name) -> null), (name) -> null)
			.setup(nemo.lens.NemoLensConfig.defaults(), 0, 1, nemo.lens.TelemetryOptions.defaults());
		this.enabled.withBean(TelemetryHandle.class, () -> own)
			.run((context) -> assertThat(context.getBean(TelemetryHandle.class)).isSameAs(own));
	}

	@Test
	void userOpenTelemetryMakesTheAutoConfigurationBackOff() {
		this.enabled.withUserConfiguration(UserOpenTelemetryConfiguration.class)
			.run((context) -> assertThat(context.getBean(OpenTelemetry.class))
				.isSameAs(UserOpenTelemetryConfiguration.OPEN_TELEMETRY));
	}

	@Test
	void userRegistryAndRankInfoMakeTheAutoConfigurationBackOff() {
		ExportStrategyRegistry registry = new ExportStrategyRegistry((name) -> null);
		RankInfo rankInfo = RankInfo.detect(Map.of("NEMO_LENS_RANK", "1", "NEMO_LENS_WORLD_SIZE", "2"));
		this.enabled.withBean(ExportStrategyRegistry.class, () -> registry)
			.withBean(RankInfo.class, () -> rankInfo)
			.run((context) -> {
				assertThat(context.getBean(ExportStrategyRegistry.class)).isSameAs(registry);
				assertThat(context.getBean(TelemetryHandle.class).rank()).isEqualTo(1);
			});
	}

	@Test
	void everyDefaultBeanBacksOffForAUserBean() {
		for (Class<?> configuration : List.of(TelemetryHandleAutoConfiguration.class,
				BootOpenTelemetryDoorAutoConfiguration.class, LensBindingAutoConfiguration.class,
				LensAotAutoConfiguration.class)) {
			for (var method : configuration.getDeclaredMethods()) {
				if (method.isAnnotationPresent(Bean.class)
						&& !method.getName().equals("lensBootSdkPipelineDeferral")) {
					assertThat(method.isAnnotationPresent(
							org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean.class))
						.as(method.getName())
						.isTrue();
				}
			}
		}
	}

	@Test
	void processWideRegistrationsAreVisibleInTheContext() {
		NemoLens.registerExportStrategy("autoconfig_tests_process_wide", (config, rank, worldSize) -> rank == 0);
		try {
			this.enabled.withPropertyValues("nemo.lens.export-strategy=autoconfig_tests_process_wide")
				.run((context) -> assertThat(context.getBean(TelemetryHandle.class).isExporting()).isTrue());
		}
		finally {
			NemoLens.unregisterExportStrategy("autoconfig_tests_process_wide");
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class UserOpenTelemetryConfiguration {

		static final OpenTelemetry OPEN_TELEMETRY = OpenTelemetry.noop();

		@Bean
		OpenTelemetry userOpenTelemetry() {
			return OPEN_TELEMETRY;
		}

	}

}
