package nemo.lens.autoconfigure.endpoint;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import nemo.lens.ExportStrategy;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.TelemetryHandle;
import nemo.lens.actuate.LensDescriptor.DoorSummary;
import nemo.lens.actuate.LensDescriptorRuntimeHints;
import nemo.lens.actuate.LensEndpoint;
import nemo.lens.actuate.OverrideLimits;
import nemo.lens.autoconfigure.NemoLensProperties;
import nemo.lens.autoconfigure.failure.LensStartupException;
import nemo.lens.actuate.LensEndpointWebExtension;
import nemo.lens.actuate.LensInfoContributor;
import nemo.lens.autoconfigure.handle.TelemetryHandleAutoConfiguration;
import nemo.lens.autoconfigure.door.LensDoorsAutoConfiguration;
import nemo.lens.autoconfigure.door.TelemetryDoors;
import nemo.lens.launch.RankInfo;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.autoconfigure.info.ConditionalOnEnabledInfoContributor;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.web.PathMappedEndpoints;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.ImportRuntimeHints;

/**
 * Auto-configuration for the {@code lens} actuator endpoint and the {@code lens} entry of the
 * {@code info} endpoint. Actuator is optional: each bean sits in a nested configuration guarded by
 * the actuator class it needs, as in Spring Boot's own modules, so that this class can be
 * introspected, and skipped, on a class path without actuator, also when it is registered by
 * class (an {@code ApplicationContextRunner}) rather than by name from the imports file.
 */
@AutoConfiguration(after = { TelemetryHandleAutoConfiguration.class, LensDoorsAutoConfiguration.class })
@ConditionalOnClass(Endpoint.class)
@ConditionalOnBean({ TelemetryHandle.class, RankInfo.class, ExportStrategyRegistry.class })
public final class LensEndpointAutoConfiguration {

	LensEndpointAutoConfiguration() {
	}

	private static List<DoorSummary> doorSummaries(ObjectProvider<TelemetryDoors> doors) {
		TelemetryDoors found = doors.getIfAvailable();
		if (found == null) {
			return List.of();
		}
		return found.states()
			.entrySet()
			.stream()
			.map((door) -> new DoorSummary(door.getKey(), door.getValue().value(), signalStates(found, door.getKey())))
			.toList();
	}

	private static Map<String, String> signalStates(TelemetryDoors doors, String door) {
		Map<String, String> signals = new LinkedHashMap<>();
		doors.signalStates(door).forEach((signal, state) -> signals.put(signal.key(), state.value()));
		return signals;
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(Endpoint.class)
	@ConditionalOnAvailableEndpoint(LensEndpoint.class)
	static class EndpointConfiguration {

		@Bean
		@ConditionalOnMissingBean
		LensEndpoint lensEndpoint(TelemetryHandle handle, RankInfo rankInfo, ExportStrategyRegistry registry,
				ListableBeanFactory beanFactory, ObjectProvider<TelemetryDoors> doors, NemoLensProperties properties) {
			return new LensEndpoint(handle, rankInfo, registry, () -> beanFactory.getBeansOfType(ExportStrategy.class),
					() -> doorSummaries(doors), overrideLimits(properties.override()));
		}

		private static OverrideLimits overrideLimits(NemoLensProperties.Overrides settings) {
			try {
				return new OverrideLimits(settings.defaultDuration(), settings.maxDuration());
			}
			catch (IllegalArgumentException ex) {
				throw new LensStartupException(ex.getMessage(),
						"Set nemo.lens.override.default-duration (NEMO_LENS_OVERRIDE_DEFAULT_DURATION) to more than "
								+ "zero and nemo.lens.override.max-duration (NEMO_LENS_OVERRIDE_MAX_DURATION) to at "
								+ "least that, such as 15m and 24h.",
						null);
			}
		}

		@Bean
		@ConditionalOnMissingBean
		@ConditionalOnBean(LensEndpoint.class)
		LensEndpointWebExtension lensEndpointWebExtension(LensEndpoint endpoint) {
			return new LensEndpointWebExtension(endpoint);
		}

		@Bean
		LensWriteFields lensWriteFields() {
			return new LensWriteFields();
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.web.servlet.HandlerExceptionResolver")
	@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
	@ConditionalOnAvailableEndpoint(LensEndpoint.class)
	static class WriteRefusalConfiguration {

		@Bean
		LensWriteRefusal lensWriteRefusal(ObjectProvider<PathMappedEndpoints> endpoints) {
			return new LensWriteRefusal(endpoints);
		}

		@Bean
		LensWriteBodyLimit lensWriteBodyLimit(ObjectProvider<PathMappedEndpoints> endpoints) {
			return new LensWriteBodyLimit(endpoints);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(InfoContributor.class)
	@ConditionalOnEnabledInfoContributor("lens")
	@ImportRuntimeHints(LensDescriptorRuntimeHints.class)
	static class InfoContributorConfiguration {

		@Bean
		@ConditionalOnMissingBean
		LensInfoContributor lensInfoContributor(TelemetryHandle handle, RankInfo rankInfo,
				ExportStrategyRegistry registry, ObjectProvider<TelemetryDoors> doors) {
			return new LensInfoContributor(handle, rankInfo, registry, () -> doorSummaries(doors));
		}

	}

}
