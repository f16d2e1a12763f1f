package nemo.lens.autoconfigure.silent;

import java.util.EnumSet;
import java.util.Iterator;
import java.util.Set;
import java.util.TreeSet;

import nemo.lens.Signal;
import nemo.lens.autoconfigure.NemoLensProperties;
import nemo.lens.autoconfigure.binding.LensSettings;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.ApplicationListener;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Before any bean exists, records the signals this rank starts without and those it will never
 * export ({@link NeverExportedSignals}), and turns off Spring Boot's own exporters of the latter,
 * with Boot's own switches, so that a silent rank builds no Micrometer push registry (no
 * {@code OtlpMeterRegistry}, no publishing thread, no HTTP client) rather than building one and
 * holding it idle; the doors read the record ({@link SilentRankPropertySource}): those whose SDK a
 * rank silent for life never needs, and the push registries a rank that may be switched builds at
 * its first switch-on. A rank silent for life also starts without Spring Boot's telemetry
 * auto-configurations that would only build what it never uses ({@link SkippedAutoConfigurations}).
 * A registry whose door is opted out
 * ({@code nemo.lens.gate.micrometer.<system>=false}) is left as configured. Runs after the
 * application's configuration files are read, so that it decides on the settings the rank will
 * run with.
 */
final class SilentRankExports implements ApplicationListener<ApplicationEnvironmentPreparedEvent>, Ordered {

	private static final String WEB_APPLICATION_TYPE = "spring.main.web-application-type";

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

	@Override
	public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
		ConfigurableEnvironment environment = event.getEnvironment();
		if (environment.getPropertySources().contains(SilentRankPropertySource.NAME)) {
			return;
		}
		NemoLensProperties properties;
		try {
			properties = LensSettings.bind(environment);
		}
		catch (RuntimeException ex) {
			// The start-up refuses it, naming the setting: nothing is decided early.
			return;
		}
		ClassLoader classLoader = event.getSpringApplication().getClassLoader();
		NeverExportedSignals.EarlyDecision decision = NeverExportedSignals.of(properties, environment, classLoader);
		if (decision.silentAtStart().isEmpty()) {
			return;
		}
		Set<Signal> neverExported = decision.neverExported();
		Set<String> registries = neverExported.contains(Signal.METRICS) ? PushRegistries.present(classLoader)
				: new TreeSet<>();
		for (Iterator<String> registry = registries.iterator(); registry.hasNext();) {
			if (Boolean.FALSE.equals(properties.gate().get(PushRegistries.DOOR_PREFIX + registry.next()))) {
				registry.remove();
			}
		}
		boolean silentForLife = neverExported.containsAll(EnumSet.allOf(Signal.class));
		Set<TelemetryAutoConfigurations> skipped = silentForLife ? SkippedAutoConfigurations.of(properties, environment,
				classLoader, webApplicationType(event) != WebApplicationType.NONE) : Set.of();
		boolean recordsNoSpans = silentForLife && !properties.flightRecorder().isEnabled();
		environment.getPropertySources()
			.addFirst(SilentRankPropertySource.of(neverExported, decision.silentAtStart(), registries, skipped,
					recordsNoSpans));
	}

	/**
	 * The kind of application as it will run: Spring Boot binds {@code spring.main.*} to the
	 * application only after this event, so a configured kind is read here, else the deduced one.
	 */
	private static WebApplicationType webApplicationType(ApplicationEnvironmentPreparedEvent event) {
		return Binder.get(event.getEnvironment())
			.bind(WEB_APPLICATION_TYPE, WebApplicationType.class)
			.orElse(event.getSpringApplication().getWebApplicationType());
	}

}
