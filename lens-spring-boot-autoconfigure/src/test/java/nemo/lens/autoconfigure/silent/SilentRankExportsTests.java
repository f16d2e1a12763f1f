package nemo.lens.autoconfigure.silent;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.push.PushMeterRegistry;
import io.micrometer.datadog.DatadogMeterRegistry;
import io.micrometer.registry.otlp.OtlpMeterRegistry;
import io.opentelemetry.sdk.logs.SdkLoggerProvider;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.export.MetricExporter;
import io.opentelemetry.sdk.metrics.export.MetricReader;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import nemo.lens.ExportOverride;
import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.BootLine;
import nemo.lens.autoconfigure.LensTestConfigurations;
import nemo.lens.autoconfigure.door.DoorState;
import nemo.lens.autoconfigure.door.LensDoorsAutoConfiguration;
import nemo.lens.autoconfigure.door.TelemetryDoors;
import nemo.lens.autoconfigure.micrometer.MicrometerDoorsAutoConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.cloud.context.environment.EnvironmentChangeEvent;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * A rank that will never export metrics, known from its environment before any bean exists, never
 * builds a Micrometer push registry; a rank that exports them, may be switched on later, or is
 * decided by a strategy of the application's builds and gates them as before. Rank 1 of 2 exports
 * under {@code single_rank}; rank 0 is silent. Spring Cloud's refresh is kept off the class path
 * unless a test says otherwise, since its presence alone makes a rank switchable.
 */
class SilentRankExportsTests {

	/**
	 * Every type that exports, or holds what exports, by any door: a new door that builds one on a
	 * silent rank fails {@link #aSilentRankThatCannotBeSwitchedHoldsNoExportingObject}.
	 */
	private static final List<Class<?>> EXPORTING_TYPES = List.of(PushMeterRegistry.class, SpanExporter.class,
			LogRecordExporter.class, MetricExporter.class, SpanProcessor.class, MetricReader.class,
			SdkTracerProvider.class, SdkMeterProvider.class, SdkLoggerProvider.class);

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withClassLoader(new FilteredClassLoader(EnvironmentChangeEvent.class))
		.withInitializer(new EnvironmentPrepared())
		.withConfiguration(LensTestConfigurations.core(LensDoorsAutoConfiguration.class,
				MicrometerDoorsAutoConfiguration.class))
		.withConfiguration(AutoConfigurations.of(Stream
			.concat(Arrays.stream(BootLine.current().openTelemetry()),
					Arrays.stream(BootLine.current().metrics("Otlp", "Datadog")))
			.toArray(Class<?>[]::new)))
		.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.world-size=2",
				"management.datadog.metrics.export.api-key=not-a-key",
				"management.otlp.metrics.export.url=http://127.0.0.1:9/v1/metrics");

	private static List<String> exportingSingletons(AssertableApplicationContext context) {
		return Arrays.stream(context.getBeanFactory().getSingletonNames())
			.filter((name) -> {
				Object singleton = context.getBeanFactory().getSingleton(name);
				return singleton != null && EXPORTING_TYPES.stream().anyMatch((type) -> type.isInstance(singleton));
			})
			.toList();
	}

	@Test
	void aSilentRankThatCannotBeSwitchedHoldsNoExportingObject() {
		this.runner.withPropertyValues("nemo.lens.rank=0").run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(exportingSingletons(context)).isEmpty();
		});
	}

	@Test
	void aSilentRankThatCannotBeSwitchedHandsOutTheNoOpApiAndRefusesAnOverride() {
		this.runner.withPropertyValues("nemo.lens.rank=0").run((context) -> {
			TelemetryHandle handle = context.getBean(TelemetryHandle.class);
			assertThat(handle.openTelemetry().getClass().getName()).doesNotStartWith("nemo.lens.switching.");
			assertThatIllegalStateException()
				.isThrownBy(() -> handle.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(1), "test"))
				.withMessageContaining("cannot be switched");
		});
	}

	@Test
	void aSilentRankTheEndpointMaySwitchTakesAnOverride() {
		this.runner.withPropertyValues("nemo.lens.rank=0", "management.endpoint.lens.access=unrestricted")
			.run((context) -> {
				TelemetryHandle handle = context.getBean(TelemetryHandle.class);
				handle.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(1), "test");
				assertThat(handle.isExporting()).isTrue();
			});
	}

	@Test
	void aSilentRankThatCannotBeSwitchedBuildsNoPushRegistryYetKeepsAMeterRegistry() {
		this.runner.withPropertyValues("nemo.lens.rank=0").run((context) -> {
			assertThat(context).doesNotHaveBean(PushMeterRegistry.class);
			assertThat(context).hasSingleBean(MeterRegistry.class);
			context.getBean(MeterRegistry.class).counter("steps").increment();
		});
	}

	@Test
	void aRankDecidedByTheLaunchersAndLenssVariablesBuildsNoPushRegistry() {
		new ApplicationContextRunner().withClassLoader(new FilteredClassLoader(EnvironmentChangeEvent.class))
			.withInitializer((context) -> context.getEnvironment()
				.getPropertySources()
				.addLast(new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
						Map.of("RANK", "0", "WORLD_SIZE", "2", "NEMO_LENS_ENABLED", "true", "NEMO_LENS_EXPORT_STRATEGY",
								"single_rank"))))
			.withInitializer(new EnvironmentPrepared())
			.withConfiguration(LensTestConfigurations.core(LensDoorsAutoConfiguration.class,
					MicrometerDoorsAutoConfiguration.class))
			.withConfiguration(AutoConfigurations.of(BootLine.current().metrics("Otlp")))
			.withPropertyValues("management.otlp.metrics.export.url=http://127.0.0.1:9/v1/metrics")
			.run((context) -> {
				assertThat(context).hasNotFailed().doesNotHaveBean(OtlpMeterRegistry.class);
				assertThat(context.getBean(TelemetryDoors.class).states()).containsEntry("micrometer.otlp",
						DoorState.SILENCED);
			});
	}

	@Test
	void theRegistriesItNeverBuiltAreReportedSilenced() {
		this.runner.withPropertyValues("nemo.lens.rank=0")
			.run((context) -> assertThat(context.getBean(TelemetryDoors.class).states())
				.containsEntry("micrometer.otlp", DoorState.SILENCED)
				.containsEntry("micrometer.datadog", DoorState.SILENCED));
	}

	@Test
	void theDecisionOutranksAConfigurationThatTurnsTheRegistryOn() {
		this.runner.withPropertyValues("nemo.lens.rank=0", "management.otlp.metrics.export.enabled=true")
			.run((context) -> assertThat(context).doesNotHaveBean(OtlpMeterRegistry.class));
	}

	@Test
	void anExportingRankBuildsItsRegistries() {
		this.runner.withPropertyValues("nemo.lens.rank=1").run((context) -> {
			assertThat(context).hasSingleBean(OtlpMeterRegistry.class).hasSingleBean(DatadogMeterRegistry.class);
			assertThat(context.getBean(TelemetryDoors.class).states()).containsEntry("micrometer.otlp",
					DoorState.EXPORTING);
		});
	}

	@Test
	void aRankThatExportsOnlyTracesBuildsNoPushRegistry() {
		this.runner.withPropertyValues("nemo.lens.rank=1", "nemo.lens.local-rank=1",
				"nemo.lens.metrics.export-strategy=first_rank_per_node")
			.run((context) -> assertThat(context).doesNotHaveBean(PushMeterRegistry.class));
	}

	@Test
	void aRegistryWhoseDoorIsOptedOutIsBuiltAsConfigured() {
		this.runner.withPropertyValues("nemo.lens.rank=0", "nemo.lens.gate.micrometer.datadog=false").run((context) -> {
			assertThat(context).hasSingleBean(DatadogMeterRegistry.class).doesNotHaveBean(OtlpMeterRegistry.class);
			assertThat(context.getBean(TelemetryDoors.class).states()).containsEntry("micrometer.datadog",
					DoorState.UNGATED);
		});
	}

	@Test
	void aSilentRankWhoseEndpointMayWriteDefersItsRegistryToTheFirstSwitchOn() {
		this.runner.withPropertyValues("nemo.lens.rank=0", "management.endpoint.lens.access=unrestricted")
			.run((context) -> assertThat(exportingSingletons(context)).isEmpty());
	}

	@Test
	void aSilentRankWithAControlFileDefersItsRegistryToTheFirstSwitchOn() {
		this.runner.withPropertyValues("nemo.lens.rank=0", "nemo.lens.control.file=/nonexistent/lens.properties")
			.run((context) -> assertThat(exportingSingletons(context)).isEmpty());
	}

	@Test
	void aSilentRankWithSpringCloudRefreshDefersItsRegistryToTheFirstSwitchOn() {
		this.runner.withClassLoader(getClass().getClassLoader())
			.withPropertyValues("nemo.lens.rank=0")
			.run((context) -> assertThat(exportingSingletons(context)).isEmpty());
	}

	@Test
	void aRankDecidedByAStrategyOfTheApplicationsBuildsItsRegistryBehindTheDecision() {
		this.runner.withPropertyValues("nemo.lens.rank=0", "nemo.lens.export-strategy=first_two_ranks")
			.withBean("first_two_ranks", nemo.lens.ExportStrategy.class,
					() -> (config, rank, worldSize) -> rank >= 2)
			.run((context) -> assertThat(context).hasSingleBean(OtlpMeterRegistry.class));
	}

	@Test
	void withLensDisabledNothingIsTurnedOff() {
		this.runner.withPropertyValues("nemo.lens.enabled=false", "nemo.lens.rank=0")
			.run((context) -> assertThat(context).hasSingleBean(OtlpMeterRegistry.class));
	}

}
