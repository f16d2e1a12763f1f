package nemo.lens.autoconfigure.endpoint;

import java.util.List;

import nemo.lens.ExportStrategy;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.TelemetryHandle;
import nemo.lens.actuate.LensDescriptor.DoorSummary;
import nemo.lens.actuate.LensEndpoint;
import nemo.lens.actuate.LensInfoContributor;
import nemo.lens.autoconfigure.NemoLensAutoConfiguration;
import nemo.lens.autoconfigure.door.LensDoorsAutoConfiguration;
import nemo.lens.autoconfigure.door.TelemetryDoors;
import nemo.lens.launch.RankInfo;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.autoconfigure.info.ConditionalOnEnabledInfoContributor;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration for the {@code lens} actuator endpoint and the {@code lens} entry of the
 * {@code info} endpoint. Actuator is optional: without it nothing here is loaded.
 */
@AutoConfiguration(after = { NemoLensAutoConfiguration.class, LensDoorsAutoConfiguration.class })
@ConditionalOnClass(Endpoint.class)
@ConditionalOnBean({ TelemetryHandle.class, RankInfo.class, ExportStrategyRegistry.class })
public final class LensEndpointAutoConfiguration {

	LensEndpointAutoConfiguration() {
	}

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnAvailableEndpoint(LensEndpoint.class)
	LensEndpoint lensEndpoint(TelemetryHandle handle, RankInfo rankInfo, ExportStrategyRegistry registry,
			ListableBeanFactory beanFactory, ObjectProvider<TelemetryDoors> doors) {
		return new LensEndpoint(handle, rankInfo, registry, () -> beanFactory.getBeansOfType(ExportStrategy.class),
				() -> doorSummaries(doors));
	}

	@Bean
	@ConditionalOnClass(InfoContributor.class)
	@ConditionalOnEnabledInfoContributor("lens")
	@ConditionalOnMissingBean
	LensInfoContributor lensInfoContributor(TelemetryHandle handle, RankInfo rankInfo,
			ExportStrategyRegistry registry, ObjectProvider<TelemetryDoors> doors) {
		return new LensInfoContributor(handle, rankInfo, registry, () -> doorSummaries(doors));
	}

	private static List<DoorSummary> doorSummaries(ObjectProvider<TelemetryDoors> doors) {
		TelemetryDoors found = doors.getIfAvailable();
		if (found == null) {
			return List.of();
		}
		return found.states()
			.entrySet()
			.stream()
			.map((door) -> new DoorSummary(door.getKey(), door.getValue().value()))
			.toList();
	}

}
