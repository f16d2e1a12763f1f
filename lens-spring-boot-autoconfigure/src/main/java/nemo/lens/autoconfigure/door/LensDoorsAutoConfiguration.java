package nemo.lens.autoconfigure.door;

import java.util.List;

import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.NemoLensProperties;
import nemo.lens.launch.RankInfo;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.io.ResourceLoader;

/**
 * The registry of telemetry doors: the doors the door integrations declare
 * ({@link DoorDeclarations}, from {@code META-INF/spring.factories}), the gate switches read and
 * checked against them at start-up, each door's state as the integrations report it, and the
 * start-up line that names them.
 */
// By name: the handle's package imports Boot's door, which declares itself to this package.
@AutoConfiguration(afterName = "nemo.lens.autoconfigure.handle.TelemetryHandleAutoConfiguration")
@ConditionalOnBean(TelemetryHandle.class)
public final class LensDoorsAutoConfiguration {

	LensDoorsAutoConfiguration() {
	}

	@Bean
	@ConditionalOnMissingBean
	TelemetryDoors lensTelemetryDoors(TelemetryHandle handle, NemoLensProperties properties,
			ResourceLoader resourceLoader, ListableBeanFactory beanFactory) {
		ClassLoader classLoader = resourceLoader.getClassLoader();
		List<DoorDeclarations> declared = DoorDeclarations.load(classLoader);
		TelemetryDoors doors = new TelemetryDoors(handle, DoorGates.of(declared, properties.gate()));
		for (DoorDeclarations declarations : declared) {
			if (declarations instanceof DoorsAtStart atStart) {
				atStart.recordAtStart(doors, beanFactory, classLoader);
			}
		}
		return doors;
	}

	@Bean
	@ConditionalOnMissingBean
	RankIdentity lensRankIdentity(TelemetryHandle handle, RankInfo rankInfo) {
		return RankIdentity.of(handle, rankInfo);
	}

	@Bean
	DoorReport lensDoorReport(TelemetryDoors doors, ApplicationContext context) {
		return new DoorReport(doors, context);
	}

	@Bean
	LensOffExportWarning lensOffExportWarning(TelemetryHandle handle, ListableBeanFactory beanFactory,
			ResourceLoader resourceLoader) {
		return new LensOffExportWarning(handle.config().enabled(), beanFactory, resourceLoader.getClassLoader());
	}

}
