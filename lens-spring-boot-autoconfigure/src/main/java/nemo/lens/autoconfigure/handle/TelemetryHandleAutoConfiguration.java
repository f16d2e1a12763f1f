package nemo.lens.autoconfigure.handle;

import io.opentelemetry.api.OpenTelemetry;
import nemo.lens.ExportStrategy;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLens;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.NemoLensAutoConfiguration;
import nemo.lens.autoconfigure.NemoLensProperties;
import nemo.lens.autoconfigure.binding.LensSettings;
import nemo.lens.autoconfigure.boot.BootPipelineSettings;
import nemo.lens.autoconfigure.failure.LensStartupException;
import nemo.lens.autoconfigure.silent.SilentRankPropertySource;
import nemo.lens.launch.RankInfo;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;

/**
 * The rank's one decision: the strategy registry (with every {@link ExportStrategy} bean), the
 * rank, and the {@link TelemetryHandle} that Spring Boot's OpenTelemetry and every other door then
 * follow.
 */
@AutoConfiguration(after = NemoLensAutoConfiguration.class)
@ConditionalOnClass(OpenTelemetry.class)
public final class TelemetryHandleAutoConfiguration {

	private static final Log logger = LogFactory.getLog(TelemetryHandleAutoConfiguration.class);

	TelemetryHandleAutoConfiguration() {
	}

	@Bean
	@ConditionalOnMissingBean
	ExportStrategyRegistry lensExportStrategyRegistry(NemoLensProperties properties, Environment environment,
			ListableBeanFactory beanFactory) {
		ExportStrategyRegistry registry = NemoLens.registry().copy(LensSettings.variables(environment, properties));
		StrategyBeanRegistrar.registerAll(registry, beanFactory.getBeansOfType(ExportStrategy.class),
				properties.allowStrategyOverride());
		return registry;
	}

	@Bean
	@ConditionalOnMissingBean
	RankInfo lensRankInfo(NemoLensProperties properties, Environment environment) {
		try {
			return RankInfo.detect(LensSettings.variables(environment, properties));
		}
		catch (IllegalArgumentException ex) {
			throw new LensStartupException("NeMo Lens could not tell this process's rank: " + ex.getMessage(),
					"Fix the launcher variables named above, or set nemo.lens.rank and nemo.lens.world-size "
							+ "(NEMO_LENS_RANK, NEMO_LENS_WORLD_SIZE) explicitly.",
					ex);
		}
	}

	@Bean
	@ConditionalOnBean(TelemetryHandle.class)
	@ConditionalOnMissingBean
	SwitchOnPreparation lensSwitchOnPreparation(TelemetryHandle handle, Environment environment) {
		return new SwitchOnPreparation(handle, environment);
	}

	/**
	 * The handle Lens decides and owns. Its bounded shutdown is the bean's own destroy callback
	 * ({@code shutdown()}, within {@code nemo.lens.shutdown-timeout}), so Spring runs it after every
	 * bean that depends on the handle, on its {@code OpenTelemetry} or on a {@code Tracer} or
	 * {@code Meter} made from them: spans and metrics recorded in an application's
	 * {@code @PreDestroy} are exported. A start-up that fails after the handle was made closes it
	 * the same way. A {@link TelemetryHandle} the application defines is its own to shut down.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnMissingBean(TelemetryHandle.class)
	static class TelemetryHandleConfiguration {

		/**
		 * Every rank may be switched (the endpoint, the control file, a refresh) unless the rank
		 * decided before any bean existed that it never exports and that nothing can switch it: such
		 * a rank builds no pipeline and hands out the no-op API.
		 */
		private static boolean switchable(Environment environment) {
			SilentRankPropertySource silent = SilentRankPropertySource.in(environment);
			return silent == null || !silent.silentForLife();
		}

		@Bean(destroyMethod = "shutdown")
		TelemetryHandle lensTelemetryHandle(NemoLensProperties properties, Environment environment,
				ExportStrategyRegistry registry, RankInfo rankInfo, ListableBeanFactory beanFactory,
				ResourceLoader resourceLoader) {
			LensSettings.unknownVariables(environment).forEach(logger::warn);
			NemoLensConfig config = LensSettings.config(properties, environment);
			BootPipelineSettings pipeline = BootPipelineSettings.read(environment, beanFactory, config.logsEnabled());
			TelemetryHandle handle = new TelemetryHandleFactory(registry, LensSettings.variables(environment, properties))
				.create(config, rankInfo, pipeline,
						ApplicationTelemetryStack.present(resourceLoader.getClassLoader()), switchable(environment));
			pipeline.decided(handle);
			return handle;
		}

	}

}
