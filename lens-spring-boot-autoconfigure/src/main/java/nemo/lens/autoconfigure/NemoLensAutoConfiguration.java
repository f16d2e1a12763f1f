package nemo.lens.autoconfigure;

import java.util.List;
import java.util.function.Function;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import nemo.lens.ExportStrategy;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLens;
import nemo.lens.TelemetryHandle;
import nemo.lens.launch.RankInfo;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.ConfigurationPropertiesBindHandlerAdvisor;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.ImportRuntimeHints;
import org.springframework.core.env.Environment;

/**
 * Auto-configuration for NeMo Lens: each process finds its rank, decides once whether it exports,
 * and publishes a {@link TelemetryHandle} (and, when enabled, its {@link OpenTelemetry}) so that
 * Spring Boot's own OpenTelemetry and Micrometer Tracing support run on it. Ordered before Boot's
 * OpenTelemetry auto-configurations, by name (4.x and 3.5 keep them in different modules), so that
 * they back off; after the OpenTelemetry instrumentation starter's, whose SDK Lens sets on the
 * decision instead of replacing it.
 */
@AutoConfiguration(beforeName = {
		// Spring Boot 4.0 and 4.1
		"org.springframework.boot.opentelemetry.autoconfigure.OpenTelemetrySdkAutoConfiguration",
		"org.springframework.boot.opentelemetry.autoconfigure.logging.OpenTelemetryLoggingAutoConfiguration",
		"org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration",
		"org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration",
		// Spring Boot 3.5, where the same parts live in actuator's auto-configuration
		"org.springframework.boot.actuate.autoconfigure.opentelemetry.OpenTelemetryAutoConfiguration",
		"org.springframework.boot.actuate.autoconfigure.logging.OpenTelemetryLoggingAutoConfiguration",
		"org.springframework.boot.actuate.autoconfigure.tracing.OpenTelemetryTracingAutoConfiguration",
		"org.springframework.boot.actuate.autoconfigure.tracing.MicrometerTracingAutoConfiguration" },
		afterName = "io.opentelemetry.instrumentation.spring.autoconfigure.OpenTelemetryAutoConfiguration")
@ConditionalOnClass(OpenTelemetry.class)
@EnableConfigurationProperties(NemoLensProperties.class)
@ImportRuntimeHints(LensRuntimeHints.class)
public final class NemoLensAutoConfiguration {

	NemoLensAutoConfiguration() {
	}

	@Bean
	@ConditionalOnMissingBean
	ExportStrategyRegistry lensExportStrategyRegistry(NemoLensProperties properties, Environment environment,
			ObjectProvider<LogRecordExporter> logRecordExporters, ListableBeanFactory beanFactory) {
		ExportStrategyRegistry registry = NemoLens.registry().copy(new SpringEnvironmentLookup(environment, properties));
		StrategyBeanRegistrar.registerAll(registry, beanFactory.getBeansOfType(ExportStrategy.class),
				properties.isAllowStrategyOverride());
		return registry;
	}

	/**
	 * Reads {@code NEMO_LENS_*} variables as {@code NemoLensConfig.fromEnv} does; backs off only for
	 * a bean of the same name, as other advisors of the application are no replacement.
	 */
	@Bean
	@ConditionalOnMissingBean(name = "lensVariablesBindHandlerAdvisor")
	static ConfigurationPropertiesBindHandlerAdvisor lensVariablesBindHandlerAdvisor() {
		return LensVariablesBindHandler::new;
	}

	/**
	 * Under Spring AOT, fails the start-up when {@code nemo.lens.enabled} or
	 * {@code nemo.lens.gate.boot.opentelemetry} differ from the build's values; a bean of the same
	 * name replaces the check.
	 */
	@Bean
	@ConditionalOnMissingBean(name = "lensAotSwitchesCheck")
	static AotSwitchesCheck lensAotSwitchesCheck(Environment environment) {
		return new AotSwitchesCheck(environment);
	}

	@Bean
	@ConditionalOnMissingBean
	RankInfo lensRankInfo(NemoLensProperties properties, Environment environment) {
		try {
			return RankInfo.detect(new SpringEnvironmentLookup(environment, properties));
		}
		catch (IllegalArgumentException ex) {
			throw new LensStartupException("NeMo Lens could not tell this process's rank: " + ex.getMessage(),
					"Fix the launcher variables named above, or set nemo.lens.rank and nemo.lens.world-size "
							+ "(NEMO_LENS_RANK, NEMO_LENS_WORLD_SIZE) explicitly.",
					ex);
		}
	}

	/**
	 * The handle Lens decides and owns, and its shutdown at context close; a
	 * {@link TelemetryHandle} the application defines is its own to shut down.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnMissingBean(TelemetryHandle.class)
	static class TelemetryHandleConfiguration {

		@Bean(destroyMethod = "")
		TelemetryHandle lensTelemetryHandle(NemoLensProperties properties, Environment environment,
				ExportStrategyRegistry registry, RankInfo rankInfo, ObjectProvider<SpanExporter> spanExporters,
				ObjectProvider<LogRecordExporter> logRecordExporters, ListableBeanFactory beanFactory) {
			Function<String, String> variables = new SpringEnvironmentLookup(environment, properties);
			// Names only: the exporter beans are built once the rank is known to export, never on a silent one.
			DeferredSpanExporter exporters = (beanFactory.getBeanNamesForType(SpanExporter.class, true, false).length > 0)
					? new DeferredSpanExporter(() -> spanExporters.orderedStream().toList()) : null;
			// Log exporter beans only when logs are exported at all (off by default).
			BootPipelineSettings pipeline = BootPipelineSettings.read(environment, exporters,
					properties.isLogsEnabled() ? logRecordExporters.orderedStream().toList() : List.of());
			TelemetryHandle handle = new TelemetryHandleFactory(registry, variables)
				.create(LensConfigFactory.create(properties, environment, variables), properties.getExtraSpanGroups(),
						rankInfo, pipeline);
			if (exporters != null && handle.isExporting()) {
				exporters.resolve();
			}
			return handle;
		}

		@Bean
		TelemetryHandleShutdown lensTelemetryHandleShutdown(TelemetryHandle lensTelemetryHandle,
				NemoLensProperties properties) {
			return new TelemetryHandleShutdown(lensTelemetryHandle, properties.getShutdownTimeout());
		}

	}

	/**
	 * What only an enabled Lens publishes: the handle's {@link OpenTelemetry}, which makes Spring
	 * Boot's own SDK back off, and the deferral of Boot's SDK pipeline beans. Opting Boot's door
	 * out ({@code nemo.lens.gate.boot.opentelemetry=false}) leaves Boot's SDK to run on every rank.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBooleanProperty(AotSwitchesCheck.ENABLED)
	@ConditionalOnBooleanProperty(name = AotSwitchesCheck.GATE_BOOT_OPENTELEMETRY, matchIfMissing = true)
	static class EnabledConfiguration {

		@Bean(destroyMethod = "")
		@ConditionalOnMissingBean(OpenTelemetry.class)
		OpenTelemetry lensOpenTelemetry(TelemetryHandle handle) {
			return handle.openTelemetry();
		}

		/** Defined here only: {@link AotSwitchesCheck} tells the build's switches by it. */
		@Bean(AotSwitchesCheck.ENABLED_ONLY_BEAN)
		static BootSdkPipelineDeferral lensBootSdkPipelineDeferral() {
			return new BootSdkPipelineDeferral();
		}

	}

}
