package nemo.lens.autoconfigure.micrometer;

import java.util.Map;
import java.util.Set;

import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.datadog.DatadogConfig;
import io.micrometer.datadog.DatadogMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.micrometer.registry.otlp.OtlpConfig;
import io.micrometer.registry.otlp.OtlpMeterRegistry;
import nemo.lens.autoconfigure.LensTestConfigurations;
import nemo.lens.autoconfigure.PublisherThreads;
import nemo.lens.autoconfigure.BootLine;
import nemo.lens.autoconfigure.failure.LensStartupException;
import nemo.lens.autoconfigure.door.DoorState;
import nemo.lens.autoconfigure.door.LensDoorsAutoConfiguration;
import nemo.lens.autoconfigure.door.TelemetryDoors;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Every Micrometer registry follows the rank's one decision: push registries publish only from
 * exporting ranks and carry the rank there; the Prometheus scrape registry is left alone unless
 * asked. Rank 1 of 2 exports under {@code single_rank}; rank 0 is silent.
 */
class MicrometerDoorsTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(LensTestConfigurations.core(LensDoorsAutoConfiguration.class,
				MicrometerDoorsAutoConfiguration.class))
		.withConfiguration(AutoConfigurations.of(BootLine.current().metrics("Otlp", "Datadog", "Prometheus")))
		.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.exporter=none", "nemo.lens.world-size=2",
				"nemo.lens.run-id=job7", "management.datadog.metrics.export.api-key=not-a-key",
				"management.otlp.metrics.export.url=http://127.0.0.1:9/v1/metrics");

	@Test
	void silentRankOtlpRegistryIsSwitchedOff() {
		this.runner.withPropertyValues("nemo.lens.rank=0").run((context) -> {
			assertThat(context.getBean(OtlpConfig.class).enabled()).isFalse();
			assertThat(context.getBean(TelemetryDoors.class).states()).containsEntry("micrometer.otlp",
					DoorState.SILENCED);
		});
	}

	@Test
	void aRankOutsideTheTraceStrategyPublishesTheMetricsItsOwnStrategyChose() {
		this.runner.withPropertyValues("nemo.lens.rank=0", "nemo.lens.metrics.export-strategy=all_ranks")
			.run((context) -> {
				assertThat(context.getBean(OtlpConfig.class).enabled()).isTrue();
				assertThat(context.getBean(TelemetryDoors.class).states()).containsEntry("micrometer.otlp",
						DoorState.EXPORTING);
			});
	}

	@Test
	void theTraceRankKeepsItsMetricsToItselfWhenAnotherStrategyDecidesThem() {
		this.runner.withPropertyValues("nemo.lens.rank=1", "nemo.lens.metrics.export-strategy=first_rank_per_node",
				"nemo.lens.local-rank=1").run((context) -> {
					assertThat(context.getBean(OtlpConfig.class).enabled()).isFalse();
					assertThat(context.getBean(TelemetryDoors.class).states()).containsEntry("micrometer.otlp",
							DoorState.SILENCED);
				});
	}

	@Test
	void silentRankStartsNoPublishingThread() {
		Set<String> before = PublisherThreads.running();
		this.runner.withPropertyValues("nemo.lens.rank=0").run((context) -> {
			assertThat(context).hasSingleBean(OtlpMeterRegistry.class).hasSingleBean(DatadogMeterRegistry.class);
			Set<String> started = PublisherThreads.running();
			started.removeAll(before);
			assertThat(started).isEmpty();
		});
	}

	@Test
	void exportingRankPublishesFromEveryPushRegistry() {
		Set<String> before = PublisherThreads.running();
		this.runner.withPropertyValues("nemo.lens.rank=1").run((context) -> {
			assertThat(context.getBean(OtlpConfig.class).enabled()).isTrue();
			assertThat(context.getBean(DatadogConfig.class).enabled()).isTrue();
			Set<String> started = PublisherThreads.running();
			started.removeAll(before);
			assertThat(started).hasSize(2);
		});
	}

	@Test
	void exportingRankOtlpResourceCarriesTheNvDlNamesInsteadWhenAsked() {
		this.runner.withPropertyValues("nemo.lens.rank=1", "nemo.lens.attribute-names=nv").run((context) -> {
			assertThat(context.getBean(OtlpConfig.class).resourceAttributes()).containsEntry("nv.dl.rank", "1")
				.containsEntry("nv.dl.world_size", "2")
				.containsEntry("nemo.run.id", "job7")
				.containsEntry("service.instance.id", "job7-rank1")
				.doesNotContainKeys("dl.rank", "dl.world_size");
		});
	}

	@Test
	void exportingRankOtlpResourceAndCommonTagsCarryBothNamesWhenAsked() {
		this.runner.withPropertyValues("nemo.lens.rank=1", "nemo.lens.attribute-names=both").run((context) -> {
			assertThat(context.getBean(OtlpConfig.class).resourceAttributes()).containsEntry("dl.rank", "1")
				.containsEntry("nv.dl.rank", "1")
				.containsEntry("dl.world_size", "2")
				.containsEntry("nv.dl.world_size", "2");
			MeterRegistry datadog = context.getBean(DatadogMeterRegistry.class);
			datadog.counter("work").increment();
			assertThat(datadog.get("work").counter().getId().getTags()).extracting("key", "value")
				.contains(tuple("dl.rank", "1"), tuple("nv.dl.rank", "1"), tuple("nv.dl.world_size", "2"));
		});
	}

	@Test
	void exportingRankOtlpResourceCarriesTheRank() {
		this.runner.withPropertyValues("nemo.lens.rank=1", "nemo.lens.service-name=trainer").run((context) -> {
			assertThat(context.getBean(OtlpConfig.class).resourceAttributes()).containsEntry("dl.rank", "1")
				.containsEntry("dl.world_size", "2")
				.containsEntry("nemo.run.id", "job7")
				.containsEntry("service.instance.id", "job7-rank1")
				.containsEntry("service.name", "trainer");
		});
	}

	@Test
	void exportingRankOtlpResourceKeepsTheUsersAttributes() {
		this.runner
			.withPropertyValues("nemo.lens.rank=1", "management.opentelemetry.resource-attributes.team=vision")
			.run((context) -> assertThat(context.getBean(OtlpConfig.class).resourceAttributes())
				.containsEntry("team", "vision")
				.containsEntry("dl.rank", "1"));
	}

	@Test
	void exportingRankOtherPushRegistriesCarryTheRankAsCommonTags() {
		this.runner.withPropertyValues("nemo.lens.rank=1").run((context) -> {
			MeterRegistry datadog = context.getBean(DatadogMeterRegistry.class);
			datadog.counter("work").increment();
			assertThat(datadog.get("work").counter().getId().getTags()).extracting("key", "value")
				.contains(tuple("dl.rank", "1"),
						tuple("service.instance.id", "job7-rank1"));
		});
	}

	@Test
	void registryBuiltAroundAConfigThatIsNoBeanIsReportedUngatedNotSilenced() {
		OtlpConfig handMade = (key) -> key.equals("otlp.url") ? "http://127.0.0.1:9/v1/metrics" : null;
		this.runner.withPropertyValues("nemo.lens.rank=0")
			.withBean("handMadeOtlpRegistry", OtlpMeterRegistry.class, () -> new OtlpMeterRegistry(handMade, Clock.SYSTEM))
			.run((context) -> {
				assertThat(context).hasSingleBean(OtlpMeterRegistry.class);
				assertThat(context.getBean(TelemetryDoors.class).states()).containsEntry("micrometer.otlp",
						DoorState.UNGATED);
			});
	}

	@Test
	void silentRankDatadogRegistryIsSwitchedOff() {
		this.runner.withPropertyValues("nemo.lens.rank=0")
			.run((context) -> assertThat(context.getBean(DatadogConfig.class).enabled()).isFalse());
	}

	@Test
	void optedOutRegistryPublishesOnASilentRank() {
		this.runner.withPropertyValues("nemo.lens.rank=0", "nemo.lens.gate.micrometer.otlp=false").run((context) -> {
			assertThat(context.getBean(OtlpConfig.class).enabled()).isTrue();
			assertThat(context.getBean(DatadogConfig.class).enabled()).isFalse();
			assertThat(context.getBean(TelemetryDoors.class).states()).containsEntry("micrometer.otlp",
					DoorState.UNGATED);
		});
	}

	@Test
	void optOutReadsTheEnvironmentVariableForm() {
		this.runner.withPropertyValues("nemo.lens.rank=0")
			.withInitializer((context) -> context.getEnvironment()
				.getPropertySources()
				.addFirst(new SystemEnvironmentPropertySource(
						"test-" + StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
						Map.of("NEMO_LENS_GATE_MICROMETER_OTLP", "false"))))
			.run((context) -> assertThat(context.getBean(TelemetryDoors.class).states())
				.containsEntry("micrometer.otlp", DoorState.UNGATED));
	}

	@Test
	void prometheusScrapeIsUngatedByDefault() {
		this.runner.withPropertyValues("nemo.lens.rank=0").run((context) -> {
			PrometheusMeterRegistry prometheus = context.getBean(PrometheusMeterRegistry.class);
			prometheus.counter("work").increment();
			assertThat(prometheus.scrape()).contains("work_total");
			assertThat(context.getBean(TelemetryDoors.class).states()).containsEntry("micrometer.prometheus",
					DoorState.UNGATED);
		});
	}

	@Test
	void prometheusScrapeIsEmptyOnASilentRankWhenGated() {
		this.runner.withPropertyValues("nemo.lens.rank=0", "nemo.lens.gate.micrometer.prometheus=true")
			.run((context) -> {
				PrometheusMeterRegistry prometheus = context.getBean(PrometheusMeterRegistry.class);
				prometheus.counter("work").increment();
				assertThat(prometheus.scrape()).doesNotContain("work_total");
			});
	}

	@Test
	void prometheusScrapeKeepsItsMetersOnAnExportingRankWhenGated() {
		this.runner.withPropertyValues("nemo.lens.rank=1", "nemo.lens.gate.micrometer.prometheus=true")
			.run((context) -> {
				PrometheusMeterRegistry prometheus = context.getBean(PrometheusMeterRegistry.class);
				prometheus.counter("work").increment();
				assertThat(prometheus.scrape()).contains("work_total");
			});
	}

	@Test
	void withLensDisabledEveryRegistryIsUngated() {
		this.runner.withPropertyValues("nemo.lens.enabled=false", "nemo.lens.rank=0").run((context) -> {
			assertThat(context.getBean(OtlpConfig.class).enabled()).isTrue();
			assertThat(context.getBean(TelemetryDoors.class).states()).containsEntry("micrometer.otlp",
					DoorState.UNGATED);
		});
	}

	@Test
	void unknownDoorNameFailsStartUpNamingTheProperty() {
		this.runner.withPropertyValues("nemo.lens.rank=0", "nemo.lens.gate.micrometer.otpl=false")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.isInstanceOf(LensStartupException.class)
				.hasMessage("nemo.lens.gate.micrometer.otpl names no telemetry door NeMo Lens can gate: "
						+ "'micrometer.otpl'."));
	}

	@Test
	void gateValueThatIsNoBooleanFailsStartUp() {
		this.runner.withPropertyValues("nemo.lens.rank=0", "nemo.lens.gate.micrometer.otlp=maybe")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageStartingWith("Invalid boolean for nemo.lens.gate.micrometer.otlp: 'maybe'."));
	}

}
