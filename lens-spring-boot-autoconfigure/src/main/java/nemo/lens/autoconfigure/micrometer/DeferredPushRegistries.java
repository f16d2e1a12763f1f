package nemo.lens.autoconfigure.micrometer;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.core.instrument.push.PushMeterRegistry;
import nemo.lens.Signal;
import nemo.lens.autoconfigure.NemoLensProperties;
import nemo.lens.autoconfigure.binding.LensSettings;
import nemo.lens.autoconfigure.silent.PushRegistries;
import nemo.lens.autoconfigure.silent.SilentRankPropertySource;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;

/**
 * On a rank that starts without metrics and may be switched on later, leaves Micrometer's push
 * registries unbuilt until then: their bean definitions leave the factory, so nothing that
 * exports exists on the silent rank; {@link PushRegistriesAtSwitchOn} puts them back and builds
 * them, through Spring Boot's own factories, at the first switch that opens their door, and adds
 * them to the composite registry the application injects.
 * <p>
 * The application keeps a {@link MeterRegistry} to inject: Spring Boot's composite where Boot made
 * one (two registries or more), else a {@link CompositeMeterRegistry} of Lens's in the deferred
 * registries' place, which Boot binds its meters to. Meters registered before the switch-on join
 * a registry added later, as Micrometer's composites do; what they counted before is not sent.
 * Where the application's registries are arranged otherwise (a primary registry of its own beside
 * the push registries), they are built at start-up and gated as before.
 */
final class DeferredPushRegistries implements BeanDefinitionRegistryPostProcessor, Ordered {

	/** The composite Lens puts in place of push registries that were the application's only registries. */
	static final String COMPOSITE = "lensDeferredMeterRegistry";

	/** The bean that builds the deferred registries. */
	static final String BUILDER = "lensPushRegistriesAtSwitchOn";

	private final Environment environment;

	DeferredPushRegistries(Environment environment) {
		this.environment = environment;
	}

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

	@Override
	public void postProcessBeanDefinitionRegistry(BeanDefinitionRegistry registry) {
		SilentRankPropertySource silent = SilentRankPropertySource.in(this.environment);
		if (silent == null || !silent.neverExported().isEmpty() || !silent.silentAtStart().contains(Signal.METRICS)
				|| !(registry instanceof ConfigurableListableBeanFactory beanFactory)) {
			return;
		}
		Map<String, String> deferred = deferrable(beanFactory, LensSettings.bind(this.environment));
		if (deferred.isEmpty()) {
			return;
		}
		List<String> others = Arrays.stream(beanFactory.getBeanNamesForType(MeterRegistry.class, true, false))
			.filter((name) -> !deferred.containsKey(name))
			.toList();
		boolean bootsComposite = beanFactory.getBeanNamesForType(CompositeMeterRegistry.class, true, false).length > 0;
		if (!bootsComposite && !others.isEmpty()) {
			return;
		}
		// Taken out of the factory rather than made lazy: Spring Boot's registry closer asks for
		// every MeterRegistry bean, which would build a lazy one at start-up.
		Map<String, BeanDefinition> definitions = new LinkedHashMap<>();
		deferred.keySet().forEach((name) -> {
			definitions.put(name, beanFactory.getBeanDefinition(name));
			registry.removeBeanDefinition(name);
		});
		if (!bootsComposite) {
			RootBeanDefinition composite = new RootBeanDefinition(CompositeMeterRegistry.class, () -> new CompositeMeterRegistry(
					beanFactory.getBeanProvider(Clock.class).getIfAvailable(() -> Clock.SYSTEM)));
			composite.setPrimary(true);
			registry.registerBeanDefinition(COMPOSITE, composite);
		}
		RootBeanDefinition builder = new RootBeanDefinition(PushRegistriesAtSwitchOn.class,
				() -> new PushRegistriesAtSwitchOn(beanFactory, definitions, deferred, bootsComposite ? null : COMPOSITE));
		registry.registerBeanDefinition(BUILDER, builder);
	}

	@Override
	public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
	}

	/**
	 * The push registries Spring Boot would build whose doors follow the decision, by bean name,
	 * each with its door.
	 */
	private static Map<String, String> deferrable(ConfigurableListableBeanFactory beanFactory,
			NemoLensProperties properties) {
		Map<String, String> doors = new LinkedHashMap<>();
		for (String name : beanFactory.getBeanNamesForType(PushMeterRegistry.class, true, false)) {
			Class<?> type = beanFactory.getType(name, false);
			PushRegistries.systemOf(type)
				.filter((system) -> !Boolean.FALSE.equals(properties.gate().get(MicrometerDoors.PREFIX + system)))
				.ifPresent((system) -> doors.put(name, MicrometerDoors.PREFIX + system));
		}
		return doors;
	}

}
