package nemo.lens.autoconfigure.micrometer;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.door.DoorState;
import nemo.lens.autoconfigure.door.TelemetryDoors;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;

/**
 * Builds the push registries {@link DeferredPushRegistries} left unbuilt, each when its door first
 * exports (at start-up already, where a control file or an OpAMP server said so), and adds it to
 * the composite the application injects; from then on {@link MicrometerDoorGate} starts and stops
 * it with each switch, as it does a registry built at start-up. Until then each door is reported
 * silenced, and the rank's rehearsal of its first switch ({@link TelemetryHandle#prepareToSwitchOn()})
 * rehearses an OTLP registry's too ({@link OtlpRegistryRehearsal}).
 */
final class PushRegistriesAtSwitchOn implements SmartInitializingSingleton {

	private static final Log logger = LogFactory.getLog(PushRegistriesAtSwitchOn.class);

	private static final String OTLP_DOOR = MicrometerDoors.PREFIX + "otlp";

	private final ConfigurableListableBeanFactory beanFactory;

	/** The registries' definitions, taken out of the factory until they are built. */
	private final Map<String, BeanDefinition> definitions;

	/** The registries not built yet, by bean name, each with its door. */
	private final Map<String, String> waiting;

	private final String composite;

	/**
	 * @param beanFactory the factory the registries' definitions came from
	 * @param definitions the definitions, by bean name
	 * @param doors each registry's door, by bean name
	 * @param composite the bean name of the composite to add them to, or {@code null} for the
	 * application's primary registry (Spring Boot's composite)
	 */
	PushRegistriesAtSwitchOn(ConfigurableListableBeanFactory beanFactory, Map<String, BeanDefinition> definitions,
			Map<String, String> doors, String composite) {
		this.beanFactory = beanFactory;
		this.definitions = Map.copyOf(definitions);
		this.waiting = new ConcurrentHashMap<>(doors);
		this.composite = composite;
	}

	@Override
	public void afterSingletonsInstantiated() {
		TelemetryDoors doors = this.beanFactory.getBean(TelemetryDoors.class);
		this.waiting.values().forEach((door) -> doors.open(door, true));
		if (this.waiting.containsValue(OTLP_DOOR)) {
			// Only where the OTLP registry is on the class path: the rehearsal names its classes.
			this.beanFactory.getBean(TelemetryHandle.class).onPrepareToSwitchOn(new OtlpRegistryRehearsal());
		}
		doors.onSwitch(() -> buildWhereExporting(doors));
		buildWhereExporting(doors);
	}

	/** Synchronized: a switch from the endpoint and one from the control file must not build a registry twice. */
	private synchronized void buildWhereExporting(TelemetryDoors doors) {
		this.waiting.forEach((name, door) -> {
			if (doors.stateOf(door) != DoorState.EXPORTING) {
				return;
			}
			this.waiting.remove(name);
			try {
				// Spring Boot's factory builds it on its gated configuration, which now says
				// enabled: the registry starts publishing as it is made.
				((BeanDefinitionRegistry) this.beanFactory).registerBeanDefinition(name, this.definitions.get(name));
				MeterRegistry registry = this.beanFactory.getBean(name, MeterRegistry.class);
				compositeRegistry().add(registry);
			}
			catch (RuntimeException ex) {
				// A registry that cannot be built must not fail the switch of the other signals.
				logger.warn("NeMo Lens could not build the Micrometer registry '" + name + "' at this switch-on ("
						+ ex.getMessage() + "); the rank's metrics do not leave through " + door + ".", ex);
			}
		});
	}

	private CompositeMeterRegistry compositeRegistry() {
		MeterRegistry registry = (this.composite != null) ? this.beanFactory.getBean(this.composite, MeterRegistry.class)
				: this.beanFactory.getBean(MeterRegistry.class);
		if (registry instanceof CompositeMeterRegistry composite) {
			return composite;
		}
		throw new IllegalStateException("the application's MeterRegistry is a " + registry.getClass().getName()
				+ ", not a composite the registry can join");
	}

}
