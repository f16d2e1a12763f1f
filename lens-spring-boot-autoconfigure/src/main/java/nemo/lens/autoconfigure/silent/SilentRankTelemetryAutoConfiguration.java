package nemo.lens.autoconfigure.silent;

import java.util.Set;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import io.opentelemetry.api.OpenTelemetry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Lazy;
import org.springframework.core.env.Environment;

/**
 * What applications inject, as no-ops, on a rank silent for life that started without Spring
 * Boot's telemetry auto-configurations ({@link SilentRankAutoConfigurationFilter}): the
 * OpenTelemetry {@code Tracer} (from the rank's no-op {@code OpenTelemetry}), Micrometer's
 * {@code Tracer} and {@code Propagator}, an empty composite {@code MeterRegistry} (its meters
 * record nothing) and the no-op {@code ObservationRegistry}. A bean of the application's own is
 * kept. Each is lazy: a rank whose application injects none of them loads none of their classes.
 */
// After Boot's, by name (4.x, then 3.5): where an application registers them by class, or runs
// the bean definitions AOT made at build time, their beans are kept and these back off.
@AutoConfiguration(afterName = { "nemo.lens.autoconfigure.boot.BootOpenTelemetryDoorAutoConfiguration",
		"org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration",
		"org.springframework.boot.micrometer.tracing.autoconfigure.NoopTracerAutoConfiguration",
		"org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
		"org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration",
		"org.springframework.boot.actuate.autoconfigure.tracing.MicrometerTracingAutoConfiguration",
		"org.springframework.boot.actuate.autoconfigure.tracing.NoopTracerAutoConfiguration",
		"org.springframework.boot.actuate.autoconfigure.tracing.OpenTelemetryTracingAutoConfiguration",
		"org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration",
		"org.springframework.boot.actuate.autoconfigure.observation.ObservationAutoConfiguration" })
@ConditionalOnSilentForLife
public final class SilentRankTelemetryAutoConfiguration {

	private static final String INSTRUMENTATION_SCOPE = "org.springframework.boot";

	SilentRankTelemetryAutoConfiguration() {
	}

	@Bean
	SkippedAutoConfigurationsReport lensSkippedAutoConfigurationsReport(Environment environment) {
		SilentRankPropertySource silent = SilentRankPropertySource.in(environment);
		return (silent != null) ? new SkippedAutoConfigurationsReport(silent.skipped(), silent.recordsNoSpans())
				: new SkippedAutoConfigurationsReport(Set.of(), false);
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnSkippedAutoConfigurations(TelemetryAutoConfigurations.TRACING)
	@ConditionalOnClass(OpenTelemetry.class)
	static class OpenTelemetryTracerConfiguration {

		@Bean
		@Lazy
		@ConditionalOnMissingBean
		io.opentelemetry.api.trace.Tracer otelTracer(ObjectProvider<OpenTelemetry> openTelemetry) {
			return openTelemetry.getIfAvailable(OpenTelemetry::noop).getTracer(INSTRUMENTATION_SCOPE);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnSkippedAutoConfigurations(TelemetryAutoConfigurations.TRACING)
	@ConditionalOnClass(Tracer.class)
	static class MicrometerTracerConfiguration {

		@Bean
		@Lazy
		@ConditionalOnMissingBean
		Tracer micrometerTracer() {
			return Tracer.NOOP;
		}

		@Bean
		@Lazy
		@ConditionalOnMissingBean
		Propagator micrometerPropagator() {
			return Propagator.NOOP;
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnSkippedAutoConfigurations(TelemetryAutoConfigurations.METRICS)
	@ConditionalOnClass(MeterRegistry.class)
	static class MeterRegistryConfiguration {

		@Bean
		@Lazy
		@ConditionalOnMissingBean
		MeterRegistry lensSilentMeterRegistry() {
			return new CompositeMeterRegistry();
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnSkippedAutoConfigurations(TelemetryAutoConfigurations.OBSERVATION)
	@ConditionalOnClass(ObservationRegistry.class)
	static class ObservationRegistryConfiguration {

		@Bean
		@Lazy
		@ConditionalOnMissingBean
		ObservationRegistry observationRegistry() {
			return ObservationRegistry.NOOP;
		}

	}

}
