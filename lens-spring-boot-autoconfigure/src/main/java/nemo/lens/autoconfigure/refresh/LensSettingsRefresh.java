package nemo.lens.autoconfigure.refresh;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.NemoLensProperties;
import nemo.lens.autoconfigure.binding.LensSettings;
import nemo.lens.env.Redaction;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.cloud.context.environment.EnvironmentChangeEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.util.StringUtils;

/**
 * Re-reads the {@code nemo.lens.*} settings after a refresh changed one of them, the way they were
 * read at start-up, and hands the rank the ones it takes while it runs
 * ({@link TelemetryHandle#liveProperties()}). A value the rank refuses leaves the settings in
 * force, with a warning that names it; a changed setting that only a restart applies is said so.
 * Runs before Spring Cloud rebinds the properties, so that the warning comes first.
 * <p>
 * {@link NemoLensProperties} is kept out of Spring Cloud's rebinding of every
 * {@code @ConfigurationProperties} bean ({@code spring.cloud.refresh.never-refreshable}, the
 * application's own entries kept): it was read once, at start-up, and a refreshed value that does
 * not bind (such as {@code export-rank=three}) would otherwise fail the whole refresh with an HTTP
 * 500 and leave the bean reset to its defaults. The refreshed values are this listener's to take or
 * refuse.
 */
final class LensSettingsRefresh implements ApplicationListener<EnvironmentChangeEvent>, Ordered {

	private static final Log logger = LogFactory.getLog(TelemetryHandle.class);

	private static final ConfigurationPropertyName PREFIX = ConfigurationPropertyName.of("nemo.lens");

	private static final String SOURCE = "refresh";

	/** Spring Cloud's list of beans its rebinder leaves alone, and the list's default there. */
	static final String NEVER_REFRESHABLE = "spring.cloud.refresh.never-refreshable";

	private static final String NEVER_REFRESHABLE_DEFAULT = "com.zaxxer.hikari.HikariDataSource";

	/** The property source, ahead of the others, that adds the Lens properties to that list. */
	static final String NEVER_REFRESHABLE_SOURCE = "nemoLensNeverRebound";

	private final TelemetryHandle handle;

	private final ConfigurableEnvironment environment;

	LensSettingsRefresh(TelemetryHandle handle, ConfigurableEnvironment environment) {
		this.handle = handle;
		this.environment = environment;
		keepPropertiesFromRebind();
	}

	@Override
	public void onApplicationEvent(EnvironmentChangeEvent event) {
		// Before the rebinder, which rebinds every bean on any change; the list may have changed too.
		keepPropertiesFromRebind();
		List<ConfigurationPropertyName> changed = lensNames(event.getKeys());
		if (changed.isEmpty()) {
			return;
		}
		for (ConfigurationPropertyName name : changed) {
			if (!isLive(name)) {
				logger.warn("NeMo Lens: " + name + " changed by a refresh; it takes effect when the rank restarts");
			}
		}
		try {
			NemoLensConfig settings = LensSettings.config(LensSettings.bind(this.environment), this.environment);
			this.handle.reconfigure(settings, SOURCE);
		}
		catch (RuntimeException ex) {
			// A refresh is an operator's action on a running job: refuse it loudly, never fail the job.
			logger.warn("NeMo Lens: the refreshed settings are not taken, those in force stay: " + message(ex));
		}
	}

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

	/** Puts {@link NemoLensProperties} on the never-refreshable list, after the list as configured. */
	private void keepPropertiesFromRebind() {
		this.environment.getPropertySources().remove(NEVER_REFRESHABLE_SOURCE);
		Set<String> beans = new LinkedHashSet<>(StringUtils
			.commaDelimitedListToSet(this.environment.getProperty(NEVER_REFRESHABLE, NEVER_REFRESHABLE_DEFAULT)));
		beans.add(NemoLensProperties.class.getName());
		this.environment.getPropertySources()
			.addFirst(new MapPropertySource(NEVER_REFRESHABLE_SOURCE,
					Map.of(NEVER_REFRESHABLE, StringUtils.collectionToCommaDelimitedString(beans))));
	}

	private static List<ConfigurationPropertyName> lensNames(Set<String> keys) {
		return keys.stream()
			.map((key) -> ConfigurationPropertyName.adapt(key, '.'))
			.filter((name) -> name != null && PREFIX.isAncestorOf(name))
			.distinct()
			.toList();
	}

	private static boolean isLive(ConfigurationPropertyName name) {
		return TelemetryHandle.liveProperties().stream().map(ConfigurationPropertyName::of).anyMatch(name::equals);
	}

	/** The innermost message: a binding failure wraps the core's, which names the setting and value. */
	private static String message(RuntimeException ex) {
		Throwable cause = ex;
		while (cause.getCause() != null && cause.getCause() != cause) {
			cause = cause.getCause();
		}
		return Redaction.redact(String.valueOf(cause.getMessage()));
	}

}
