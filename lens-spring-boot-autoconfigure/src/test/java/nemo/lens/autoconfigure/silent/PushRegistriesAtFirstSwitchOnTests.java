package nemo.lens.autoconfigure.silent;

import java.time.Duration;
import java.util.Arrays;
import java.util.Set;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.core.instrument.push.PushMeterRegistry;
import io.micrometer.datadog.DatadogMeterRegistry;
import io.micrometer.registry.otlp.OtlpMeterRegistry;
import nemo.lens.ExportOverride;
import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.BootLine;
import nemo.lens.autoconfigure.LensTestConfigurations;
import nemo.lens.autoconfigure.PublisherThreads;
import nemo.lens.autoconfigure.door.DoorState;
import nemo.lens.autoconfigure.door.LensDoorsAutoConfiguration;
import nemo.lens.autoconfigure.door.TelemetryDoors;
import nemo.lens.autoconfigure.micrometer.MicrometerDoorsAutoConfiguration;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.cloud.context.environment.EnvironmentChangeEvent;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A rank that starts without metrics and may be switched on (here: its endpoint takes writes)
 * builds Micrometer's push registries at its first switch-on, through Spring Boot's own factories,
 * into the registry the application injects; until then none exists. Rank 1 of 2 exports under
 * {@code single_rank}; rank 0 starts silent.
 */
@ExtendWith(OutputCaptureExtension.class)
class PushRegistriesAtFirstSwitchOnTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withClassLoader(new FilteredClassLoader(EnvironmentChangeEvent.class))
		.withInitializer(new EnvironmentPrepared())
		.withConfiguration(LensTestConfigurations.core(LensDoorsAutoConfiguration.class,
				MicrometerDoorsAutoConfiguration.class))
		.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.world-size=2", "nemo.lens.rank=0",
				"management.endpoint.lens.access=unrestricted", "management.datadog.metrics.export.api-key=not-a-key",
				"management.otlp.metrics.export.url=http://127.0.0.1:9/v1/metrics");

	private final ApplicationContextRunner otlpAndDatadog = this.runner
		.withConfiguration(AutoConfigurations.of(BootLine.current().metrics("Otlp", "Datadog")));

	private final ApplicationContextRunner otlpOnly = this.runner
		.withConfiguration(AutoConfigurations.of(BootLine.current().metrics("Otlp")));

	private static long builtPushRegistries(AssertableApplicationContext context) {
		return Arrays.stream(context.getBeanFactory().getSingletonNames())
			.map((name) -> context.getBeanFactory().getSingleton(name))
			.filter(PushMeterRegistry.class::isInstance)
			.count();
	}

	private static void switchOn(AssertableApplicationContext context) {
		context.getBean(TelemetryHandle.class).override(ExportOverride.State.EXPORTING, Duration.ofMinutes(5), "test");
	}

	@Test
	void noPushRegistryExistsBeforeTheFirstSwitchOn() {
		this.otlpAndDatadog.run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(builtPushRegistries(context)).isZero();
		});
	}

	@Test
	void theApplicationStillInjectsOneMeterRegistry() {
		this.otlpOnly.run((context) -> {
			assertThat(context).hasSingleBean(MeterRegistry.class);
			assertThat(context.getBean(MeterRegistry.class)).isInstanceOf(CompositeMeterRegistry.class);
			context.getBean(MeterRegistry.class).counter("steps").increment();
		});
	}

	@Test
	void theDeferredDoorsAreReportedSilencedThenExporting() {
		this.otlpAndDatadog.run((context) -> {
			TelemetryDoors doors = context.getBean(TelemetryDoors.class);
			assertThat(doors.states()).containsEntry("micrometer.otlp", DoorState.SILENCED)
				.containsEntry("micrometer.datadog", DoorState.SILENCED);
			switchOn(context);
			assertThat(doors.states()).containsEntry("micrometer.otlp", DoorState.EXPORTING)
				.containsEntry("micrometer.datadog", DoorState.EXPORTING);
		});
	}

	/** Issue 58: the start-up line left out the doors recorded after it was written. */
	@Test
	void theStartUpDoorLineNamesEveryDoorTheEndpointLists(CapturedOutput output) {
		this.otlpAndDatadog.run((context) -> {
			String silenced = String.join(", ", context.getBean(TelemetryDoors.class).named(DoorState.SILENCED));
			assertThat(silenced).contains("micrometer.otlp", "micrometer.datadog");
			assertThat(output.getOut().lines().filter((line) -> line.contains("NeMo Lens: doors ")))
				.singleElement(InstanceOfAssertFactories.STRING)
				.contains("; silenced " + silenced + ";");
		});
	}

	@Test
	void theFirstSwitchOnBuildsEachRegistryIntoSpringBootsComposite() {
		this.otlpAndDatadog.run((context) -> {
			switchOn(context);
			CompositeMeterRegistry composite = (CompositeMeterRegistry) context.getBean(MeterRegistry.class);
			assertThat(composite.getRegistries()).hasAtLeastOneElementOfType(OtlpMeterRegistry.class)
				.hasAtLeastOneElementOfType(DatadogMeterRegistry.class);
			assertThat(builtPushRegistries(context)).isEqualTo(2);
		});
	}

	@Test
	void aRegistryBuiltAtSwitchOnPublishes() {
		Set<String> before = PublisherThreads.running();
		this.otlpOnly.run((context) -> {
			switchOn(context);
			Set<String> started = PublisherThreads.running();
			started.removeAll(before);
			assertThat(started).anyMatch((name) -> name.startsWith("otlp-metrics-publisher"));
		});
	}

	@Test
	void metersRegisteredBeforeTheSwitchOnReachTheRegistryBuiltThen() {
		this.otlpOnly.run((context) -> {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			registry.counter("steps").increment();
			switchOn(context);
			registry.counter("steps").increment();
			OtlpMeterRegistry otlp = context.getBean(OtlpMeterRegistry.class);
			assertThat(otlp.find("steps").counter()).isNotNull();
			assertThat(otlp.find("steps").counter().count()).isEqualTo(1.0);
		});
	}

	@Test
	void aSwitchOffStopsTheRegistryAndTheNextSwitchOnBuildsNoSecond() {
		this.otlpOnly.run((context) -> {
			switchOn(context);
			TelemetryHandle handle = context.getBean(TelemetryHandle.class);
			handle.override(ExportOverride.State.SILENT, Duration.ofMinutes(5), "test");
			assertThat(context.getBean(OtlpMeterRegistry.class).isClosed()).isFalse();
			switchOn(context);
			assertThat(builtPushRegistries(context)).isOne();
			assertThat(((CompositeMeterRegistry) context.getBean(MeterRegistry.class)).getRegistries()).hasSize(1);
		});
	}

	@Test
	void theRehearsalOfTheFirstSwitchLeavesNoRegistryAndNoPublishingThread() {
		Set<String> before = PublisherThreads.running();
		this.otlpOnly.run((context) -> {
			context.getBean(TelemetryHandle.class).prepareToSwitchOn();
			assertThat(builtPushRegistries(context)).isZero();
			Set<String> started = PublisherThreads.running();
			started.removeAll(before);
			assertThat(started).isEmpty();
			assertThat(((CompositeMeterRegistry) context.getBean(MeterRegistry.class)).getRegistries()).isEmpty();
		});
	}

	@Test
	void aRegistryWhoseDoorIsOptedOutIsBuiltAtStartAsConfigured() {
		this.otlpAndDatadog.withPropertyValues("nemo.lens.gate.micrometer.datadog=false").run((context) -> {
			assertThat(context.getBeanFactory().getSingleton("datadogMeterRegistry")).isNotNull();
			assertThat(builtPushRegistries(context)).isOne();
		});
	}

	@Test
	void anExportingRankBuildsItsRegistriesAtStart() {
		this.otlpAndDatadog.withPropertyValues("nemo.lens.rank=1").run((context) -> {
			assertThat(builtPushRegistries(context)).isEqualTo(2);
			assertThat(context).hasSingleBean(OtlpMeterRegistry.class);
		});
	}

}
