package nemo.lens.autoconfigure.micrometer;

import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.config.MeterRegistryConfig;
import io.micrometer.core.instrument.push.PushMeterRegistry;
import io.micrometer.core.instrument.util.NamedThreadFactory;
import nemo.lens.Signal;
import nemo.lens.autoconfigure.door.DoorGates;
import nemo.lens.autoconfigure.door.DoorState;
import nemo.lens.autoconfigure.door.RankIdentity;
import nemo.lens.autoconfigure.door.TelemetryDoors;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.core.Ordered;
import org.springframework.util.ReflectionUtils;

/**
 * Puts every Micrometer registry of the context behind the rank's decision, by one mechanism for
 * all monitoring systems. A registry that publishes by itself gets a configuration whose
 * {@code enabled()} answers the decision, so on a silent rank it never starts its publishing
 * thread nor publishes at close; on an exporting rank it publishes, with the rank on its OTLP
 * resource or, for the other systems, as common tags. The Prometheus registry, scraped rather than
 * pushed, is left alone unless {@code nemo.lens.gate.micrometer.prometheus=true}, and is then
 * emptied on silent ranks.
 * <p>
 * Registries are gated through their configuration beans, which every Spring Boot registry has. A
 * registry built by hand around a configuration object that is no bean is not gated, and its door
 * is reported {@code ungated}, with a warning on a silent rank: the state says what the registry
 * does, never what the decision wished.
 */
final class MicrometerDoorGate implements BeanPostProcessor, Ordered {

	private static final Log logger = LogFactory.getLog(MicrometerDoorGate.class);

	private static final Set<String> PROMETHEUS_REGISTRIES = Set.of(
			"io.micrometer.prometheusmetrics.PrometheusMeterRegistry", "io.micrometer.prometheus.PrometheusMeterRegistry");

	private static final String OTLP_REGISTRY = "io.micrometer.registry.otlp.OtlpMeterRegistry";

	private static final Set<String> SELF_PUBLISHING_REGISTRIES = Set.of("io.micrometer.statsd.StatsdMeterRegistry");

	private final Supplier<TelemetryDoors> doors;

	private final Supplier<RankIdentity> identity;

	/** The push registries behind the decision, and their doors. */
	private final Map<PushMeterRegistry, String> pushRegistries = Collections.synchronizedMap(new IdentityHashMap<>());

	/** The configurations Lens handed out for beans it put behind the decision, by identity. */
	private final Set<Object> gatedConfigs = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));

	MicrometerDoorGate(Supplier<TelemetryDoors> doors, Supplier<RankIdentity> identity) {
		this.doors = doors;
		this.identity = identity;
	}

	/**
	 * Runs before Spring Boot's own registry post-processing, so that common tags are in place
	 * before any meter binds.
	 */
	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (bean instanceof MeterRegistryConfig config) {
			return RegistryConfigSwitch.publishingRegistryName(config)
				.map((registry) -> gate(config, MicrometerDoors.PREFIX + registry))
				.orElse(bean);
		}
		if (bean instanceof MeterRegistry registry) {
			stampOrSilence(registry);
		}
		return bean;
	}

	private Object gate(MeterRegistryConfig config, String door) {
		// Recorded when the registry that uses it is made: only the registry says what is sent.
		if (this.doors.get().stateOf(door) == DoorState.UNGATED) {
			return config;
		}
		Object gated = RegistryConfigSwitch.following(config,
				() -> this.doors.get().stateOf(door, Signal.METRICS) == DoorState.EXPORTING,
				this.identity.get().attributes());
		this.gatedConfigs.add(gated);
		return gated;
	}

	private void stampOrSilence(MeterRegistry registry) {
		String type = registry.getClass().getName();
		if (PROMETHEUS_REGISTRIES.contains(type)) {
			if (this.doors.get().open(MicrometerDoors.PROMETHEUS, false) == DoorState.SILENCED) {
				registry.config().meterFilter(MeterFilter.deny());
			}
			return;
		}
		boolean publishes = registry instanceof PushMeterRegistry || SELF_PUBLISHING_REGISTRIES.contains(type);
		if (!publishes) {
			return;
		}
		String door = MicrometerDoors.PREFIX + systemName(registry);
		if (!runsOnAGatedConfig(registry)) {
			leftAsConfigured(door, type);
			return;
		}
		TelemetryDoors doors = this.doors.get();
		doors.open(door, registry instanceof PushMeterRegistry);
		if (!OTLP_REGISTRY.equals(type)) {
			// On a silent rank too: it publishes nothing unless it is switched on, and then as the rank.
			registry.config().commonTags(rankTags());
		}
		if (registry instanceof PushMeterRegistry push) {
			if (this.pushRegistries.isEmpty()) {
				doors.onSwitch(this::followSwitch);
			}
			this.pushRegistries.put(push, door);
		}
	}

	/**
	 * Starts the publishing thread of each push registry whose door now exports, and stops the
	 * others: the registry sends what it counts from its next step on, and nothing once stopped.
	 */
	private void followSwitch() {
		TelemetryDoors doors = this.doors.get();
		this.pushRegistries.forEach((registry, door) -> {
			if (doors.stateOf(door) == DoorState.EXPORTING) {
				registry.start(new NamedThreadFactory(door.substring(MicrometerDoors.PREFIX.length()) + "-metrics-publisher"));
			}
			else {
				registry.stop();
			}
		});
	}

	/**
	 * Whether the registry holds a configuration Lens handed out. Micrometer keeps it in a private
	 * field of the registry; a registry without one that can be read is taken on trust, as before.
	 */
	private boolean runsOnAGatedConfig(MeterRegistry registry) {
		List<Object> configs = new ArrayList<>();
		ReflectionUtils.doWithFields(registry.getClass(), (field) -> {
			ReflectionUtils.makeAccessible(field);
			configs.add(field.get(registry));
		}, (field) -> MeterRegistryConfig.class.isAssignableFrom(field.getType())
				&& !Modifier.isStatic(field.getModifiers()));
		return configs.isEmpty() || configs.stream().anyMatch(this.gatedConfigs::contains);
	}

	/**
	 * A publishing registry whose configuration Lens did not gate (opted out, Lens disabled, or a
	 * configuration that is no bean) publishes as configured, and is reported so.
	 */
	private void leftAsConfigured(String door, String type) {
		TelemetryDoors doors = this.doors.get();
		if (doors.stateOf(door) == DoorState.SILENCED) {
			logger.warn("NeMo Lens cannot silence the Micrometer registry " + type + " on this silent rank: its "
					+ "configuration is not a Spring bean, so it publishes as configured. Define the configuration "
					+ "as a bean, or set " + DoorGates.PREFIX + "." + door + "=false to say it is meant to.");
		}
		doors.leftAsConfigured(door);
	}

	/** {@code DatadogMeterRegistry} serves {@code datadog}, as its {@code DatadogConfig} does. */
	private static String systemName(MeterRegistry registry) {
		String simpleName = registry.getClass().getSimpleName();
		return simpleName.replaceFirst("MeterRegistry$", "").toLowerCase(Locale.ROOT);
	}

	private List<Tag> rankTags() {
		return this.identity.get()
			.attributes()
			.entrySet()
			.stream()
			.filter((attribute) -> !attribute.getKey().equals("service.name"))
			.map((attribute) -> Tag.of(attribute.getKey(), attribute.getValue()))
			.toList();
	}

}
