package nemo.lens.autoconfigure.silent;

import java.util.Arrays;
import java.util.List;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.Tracer;
import io.opentelemetry.api.OpenTelemetry;
import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.silent.HiddenLibraries.Library;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A rank silent for life, known from its environment before any bean exists, starts without
 * Spring Boot's OpenTelemetry, tracing, metrics and Observation auto-configurations, which
 * {@code @EnableAutoConfiguration} would otherwise import: none of them is loaded, and no-op beans
 * stand in for what applications inject. One that will never record a span also starts without
 * Lens's {@code @LensSpan} advice. A rank that exports, may be switched, serves requests
 * (whose trace context it passes on), records with the flight recorder, or reads its meters where
 * it runs keeps what it needs. Rank 1 of 2 exports under
 * {@code single_rank}; rank 0 is silent. Spring Cloud (whose refresh makes every rank switchable)
 * and Prometheus (whose registry a collector scrapes) are kept off the class path unless a test
 * says otherwise.
 */
@ExtendWith(OutputCaptureExtension.class)
class SilentRankWithoutBootsTelemetryTests {

	private static final ApplicationContextRunner APPLICATION = new ApplicationContextRunner()
		.withClassLoader(new HiddenLibraries(SilentRankWithoutBootsTelemetryTests.class.getClassLoader(), Library.SPRING_CLOUD,
				Library.PROMETHEUS))
		.withUserConfiguration(AutoConfiguredApplication.class)
		.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.world-size=2",
				"management.otlp.metrics.export.url=http://127.0.0.1:9/v1/metrics",
				"management.datadog.metrics.export.api-key=not-a-key",
				"management.opentelemetry.tracing.export.otlp.endpoint=http://127.0.0.1:9/v1/traces");

	private final ApplicationContextRunner runner = APPLICATION.withInitializer(new EnvironmentPrepared());

	private static List<String> autoConfigurationsOf(ApplicationContext context,
			TelemetryAutoConfigurations group) {
		return Arrays.stream(context.getBeanDefinitionNames()).filter(group::contains).toList();
	}

	@Test
	void aRankSilentForLifeImportsNoneOfBootsTelemetryAutoConfigurations() {
		this.runner.withPropertyValues("nemo.lens.rank=0").run((context) -> {
			assertThat(context).hasNotFailed();
			for (TelemetryAutoConfigurations group : TelemetryAutoConfigurations.values()) {
				assertThat(autoConfigurationsOf(context, group)).as(group.name()).isEmpty();
			}
			assertThat(SilentRankPropertySource.in(context.getEnvironment()).skipped())
				.containsExactlyInAnyOrder(TelemetryAutoConfigurations.values());
		});
	}

	@Test
	void aRankSilentForLifeSaysOnceWhatItStartedWithoutAndHowToKeepIt(CapturedOutput output) {
		this.runner.withPropertyValues("nemo.lens.rank=0").run((context) -> {
			assertThat(output).containsOnlyOnce("started without Spring Boot's OpenTelemetry and tracing, metrics, "
					+ "Observation auto-configurations");
			assertThat(output).contains("A control file, an OpAMP server or a writable lens endpoint keeps them");
		});
	}

	@Test
	void anExportingRankSaysNothingOfIt(CapturedOutput output) {
		this.runner.withPropertyValues("nemo.lens.rank=1")
			.run((context) -> assertThat(output).doesNotContain("started without Spring Boot's"));
	}

	@Test
	void whatApplicationsInjectIsThereAndRecordsNothing() {
		this.runner.withPropertyValues("nemo.lens.rank=0").run((context) -> {
			assertThat(context.getBean(TelemetryHandle.class).isExporting()).isFalse();
			assertThat(context.getBean(OpenTelemetry.class)).isSameAs(context.getBean(TelemetryHandle.class).openTelemetry());
			assertThat(context.getBean(io.opentelemetry.api.trace.Tracer.class).spanBuilder("step").startSpan()
				.getSpanContext()
				.isValid()).isFalse();
			assertThat(context.getBean(Tracer.class)).isSameAs(Tracer.NOOP);
			assertThat(context.getBean(ObservationRegistry.class).isNoop()).isTrue();
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			assertThat(meters).isInstanceOf(CompositeMeterRegistry.class);
			assertThat(((CompositeMeterRegistry) meters).getRegistries()).isEmpty();
			meters.counter("steps").increment();
			assertThat(meters.counter("steps").count()).isZero();
		});
	}

	@Test
	void aBeanOfTheApplicationsOwnIsKept() {
		this.runner.withPropertyValues("nemo.lens.rank=0")
			.withUserConfiguration(ApplicationMeterRegistry.class)
			.run((context) -> assertThat(context.getBean(MeterRegistry.class))
				.isSameAs(context.getBean(ApplicationMeterRegistry.class).registry));
	}

	@Test
	void anExportingRankKeepsThemAll() {
		this.runner.withPropertyValues("nemo.lens.rank=1").run((context) -> {
			for (TelemetryAutoConfigurations group : TelemetryAutoConfigurations.values()) {
				assertThat(autoConfigurationsOf(context, group)).as(group.name()).isNotEmpty();
			}
		});
	}

	@Test
	void aSilentRankThatMayBeSwitchedKeepsThemAll() {
		// Upper case: a context runner converts as Spring does, not as Spring Boot's lenient binder.
		this.runner.withPropertyValues("nemo.lens.rank=0", "management.endpoint.lens.access=UNRESTRICTED")
			.run((context) -> {
				assertThat(SilentRankPropertySource.in(context.getEnvironment()).skipped()).isEmpty();
				for (TelemetryAutoConfigurations group : TelemetryAutoConfigurations.values()) {
					assertThat(autoConfigurationsOf(context, group)).as(group.name()).isNotEmpty();
				}
			});
	}

	@Test
	void withSpringCloudOnTheClassPathEveryRankMayBeSwitchedAndKeepsThemAll() {
		this.runner.withClassLoader(new HiddenLibraries(getClass().getClassLoader(), Library.PROMETHEUS))
			.withPropertyValues("nemo.lens.rank=0")
			.run((context) -> assertThat(SilentRankPropertySource.in(context.getEnvironment()).skipped()).isEmpty());
	}

	@Test
	void aWebApplicationKeepsTracingAndObservationToPassATracesContextOn() {
		APPLICATION.withInitializer(new EnvironmentPrepared(WebApplicationType.SERVLET))
			.withPropertyValues("nemo.lens.rank=0")
			.run((context) -> {
				assertThat(SilentRankPropertySource.in(context.getEnvironment()).skipped())
					.containsExactly(TelemetryAutoConfigurations.METRICS);
				assertThat(autoConfigurationsOf(context, TelemetryAutoConfigurations.TRACING)).isNotEmpty();
				assertThat(autoConfigurationsOf(context, TelemetryAutoConfigurations.OBSERVATION)).isNotEmpty();
				assertThat(context.getBean(MeterRegistry.class)).isInstanceOf(CompositeMeterRegistry.class);
			});
	}

	@Test
	void anApplicationConfiguredAsAWebApplicationKeepsTracingAndObservation() {
		this.runner.withPropertyValues("nemo.lens.rank=0", "spring.main.web-application-type=servlet")
			.run((context) -> assertThat(SilentRankPropertySource.in(context.getEnvironment()).skipped())
				.containsExactly(TelemetryAutoConfigurations.METRICS));
	}

	@Test
	void aServletApplicationStartsWithBootsTracingAndWithoutItsMetrics() {
		new WebApplicationContextRunner()
			.withClassLoader(new HiddenLibraries(getClass().getClassLoader(), Library.SPRING_CLOUD, Library.PROMETHEUS))
			.withInitializer(new EnvironmentPrepared(WebApplicationType.SERVLET))
			.withUserConfiguration(AutoConfiguredApplication.class)
			.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.world-size=2", "nemo.lens.rank=0")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(autoConfigurationsOf(context, TelemetryAutoConfigurations.METRICS)).isEmpty();
				assertThat(context.getBean(ObservationRegistry.class).isNoop()).isFalse();
				assertThat(context.getBean(Tracer.class)).isNotSameAs(Tracer.NOOP);
				assertThat(context.getBean(MeterRegistry.class)).isInstanceOf(CompositeMeterRegistry.class);
			});
	}

	@Test
	void theFlightRecorderKeepsTracingAndObservationForTheSpansItKeeps() {
		this.runner.withPropertyValues("nemo.lens.rank=0", "nemo.lens.flight-recorder.enabled=true")
			.run((context) -> {
				assertThat(SilentRankPropertySource.in(context.getEnvironment()).skipped())
					.containsExactly(TelemetryAutoConfigurations.METRICS);
				assertThat(autoConfigurationsOf(context, TelemetryAutoConfigurations.TRACING)).isNotEmpty();
				assertThat(autoConfigurationsOf(context, TelemetryAutoConfigurations.METRICS)).isEmpty();
			});
	}

	@Test
	void aRankThatWillNeverRecordASpanStartsWithoutLensSpanAdviceAndSaysSo(CapturedOutput output) {
		this.runner.withPropertyValues("nemo.lens.rank=0").run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(context).doesNotHaveBean("lensSpanAdvisor").doesNotHaveBean("lensOperatorRequests");
			assertThat(context.getBeanDefinitionNames()).noneMatch(SilentRankAutoConfigurationFilter.SPAN_RECORDING::contains);
			assertThat(output).containsOnlyOnce("and Lens's @LensSpan advice (it records no span)");
		});
	}

	@Test
	void theFlightRecorderKeepsLensSpanAdvice() {
		this.runner.withPropertyValues("nemo.lens.rank=0", "nemo.lens.flight-recorder.enabled=true")
			.run((context) -> assertThat(context).hasBean("lensSpanAdvisor").hasBean("lensOperatorRequests"));
	}

	@Test
	void anExportingRankAndASwitchableOneKeepLensSpanAdvice() {
		this.runner.withPropertyValues("nemo.lens.rank=1")
			.run((context) -> assertThat(context).hasBean("lensSpanAdvisor"));
		this.runner.withPropertyValues("nemo.lens.rank=0", "management.endpoint.lens.access=UNRESTRICTED")
			.run((context) -> assertThat(context).hasBean("lensSpanAdvisor"));
	}

	@Test
	void anOptedOutBootDoorKeepsBootsOpenTelemetryAndTracing() {
		this.runner.withPropertyValues("nemo.lens.rank=0", "nemo.lens.gate.boot.opentelemetry=false")
			.run((context) -> assertThat(SilentRankPropertySource.in(context.getEnvironment()).skipped())
				.containsExactly(TelemetryAutoConfigurations.METRICS));
	}

	@Test
	void anExposedMetricsEndpointKeepsMetricsAndObservation() {
		this.runner.withPropertyValues("nemo.lens.rank=0", "management.endpoints.web.exposure.include=health,metrics")
			.run((context) -> {
				assertThat(SilentRankPropertySource.in(context.getEnvironment()).skipped())
					.containsExactly(TelemetryAutoConfigurations.TRACING);
				assertThat(autoConfigurationsOf(context, TelemetryAutoConfigurations.METRICS)).isNotEmpty();
			});
	}

	@Test
	void aRegistryACollectorScrapesKeepsMetrics() {
		this.runner.withClassLoader(new HiddenLibraries(getClass().getClassLoader(), Library.SPRING_CLOUD))
			.withPropertyValues("nemo.lens.rank=0")
			.run((context) -> assertThat(SilentRankPropertySource.in(context.getEnvironment()).skipped())
				.containsExactly(TelemetryAutoConfigurations.TRACING));
	}

	@Test
	void anOptedOutRegistryDoorKeepsMetrics() {
		this.runner.withPropertyValues("nemo.lens.rank=0", "nemo.lens.gate.micrometer.otlp=false")
			.run((context) -> assertThat(SilentRankPropertySource.in(context.getEnvironment()).skipped())
				.containsExactly(TelemetryAutoConfigurations.TRACING));
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class AutoConfiguredApplication {

	}

	@Configuration(proxyBeanMethods = false)
	static class ApplicationMeterRegistry {

		final MeterRegistry registry = new CompositeMeterRegistry();

		@Bean
		MeterRegistry applicationMeterRegistry() {
			return this.registry;
		}

	}

}
