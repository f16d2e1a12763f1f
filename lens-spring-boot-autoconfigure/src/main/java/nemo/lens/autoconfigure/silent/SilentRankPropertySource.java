package nemo.lens.autoconfigure.silent;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import nemo.lens.Signal;

import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.Environment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.PropertySource;

/**
 * What a rank decided before any bean existed: the signals it starts without and, of those, the
 * ones it will never export, and Spring Boot's own export switches, off, for the push registries
 * of those, first among the
 * environment's sources, so that a rank's decision outranks an {@code application.yaml} that turns
 * an exporter on for the whole job. It also says which doors it turned off, so that they are
 * reported although none of their beans exists.
 */
public final class SilentRankPropertySource extends MapPropertySource {

	/** The source's name in the environment. */
	public static final String NAME = "nemoLensSilentRank";

	private final Set<Signal> neverExported;

	private final Set<Signal> silentAtStart;

	private final Set<String> registries;

	private final Set<TelemetryAutoConfigurations> skipped;

	private final boolean recordsNoSpans;

	private SilentRankPropertySource(Set<Signal> neverExported, Set<Signal> silentAtStart, Map<String, Object> switches,
			Set<String> registries, Set<TelemetryAutoConfigurations> skipped, boolean recordsNoSpans) {
		super(NAME, switches);
		this.neverExported = Set.copyOf(neverExported);
		this.silentAtStart = Set.copyOf(silentAtStart);
		this.registries = Set.copyOf(registries);
		this.skipped = Set.copyOf(skipped);
		this.recordsNoSpans = recordsNoSpans;
	}

	/**
	 * The decision, and the switches that keep these push registries from being built.
	 * @param neverExported the signals the rank will never export; empty for a rank that can be switched
	 * @param silentAtStart the signals the rank does not export at start-up, at least one
	 * @param registries the registries' system names, such as {@code otlp}
	 * @param skipped Boot's telemetry auto-configurations the rank starts without; empty unless
	 * silent for life
	 * @param recordsNoSpans whether the rank, silent for life with its flight recorder off, will
	 * never record a span
	 * @return the property source
	 */
	static SilentRankPropertySource of(Set<Signal> neverExported, Set<Signal> silentAtStart, Set<String> registries,
			Set<TelemetryAutoConfigurations> skipped, boolean recordsNoSpans) {
		Map<String, Object> switches = new LinkedHashMap<>();
		for (String registry : registries) {
			switches.put(PushRegistries.exportSwitch(registry), "false");
		}
		return new SilentRankPropertySource(neverExported, silentAtStart, switches, registries, skipped,
				recordsNoSpans);
	}

	/**
	 * The signals this rank does not export at start-up, whether or not it can be switched later:
	 * their exporters can wait for a switch-on.
	 * @return the signals, never empty
	 */
	public Set<Signal> silentAtStart() {
		return this.silentAtStart;
	}

	/**
	 * The signals this rank will never export.
	 * @return the signals; empty when the rank can be switched
	 */
	public Set<Signal> neverExported() {
		return this.neverExported;
	}

	/**
	 * Whether the rank will never export any signal: it needs no SDK of any door.
	 * @return whether silent for life
	 */
	public boolean silentForLife() {
		return this.neverExported.containsAll(EnumSet.allOf(Signal.class));
	}

	/**
	 * The push registries this rank turned off before they were built.
	 * @return their system names, such as {@code otlp}; empty when none
	 */
	public Set<String> registries() {
		return this.registries;
	}

	/**
	 * Spring Boot's telemetry auto-configurations this rank, silent for life, starts without: none
	 * of their classes is loaded, and no-op beans stand in for what applications inject.
	 * @return the groups; empty when the rank may export, or keeps them all
	 */
	public Set<TelemetryAutoConfigurations> skipped() {
		return this.skipped;
	}

	/**
	 * Whether the rank will never record a span: silent for life, its flight recorder off. Its
	 * {@code @LensSpan} methods then run unadvised, and it starts without Lens's span and
	 * flight-recorder request auto-configurations, which would have nothing to do.
	 * @return whether no span is ever recorded
	 */
	public boolean recordsNoSpans() {
		return this.recordsNoSpans;
	}

	/**
	 * Whether this rank starts without a group of Spring Boot's telemetry auto-configurations.
	 * @param group the group
	 * @return whether it is skipped
	 */
	public boolean skips(TelemetryAutoConfigurations group) {
		return this.skipped.contains(group);
	}

	/**
	 * The source in an environment, if the rank added one.
	 * @param environment the environment
	 * @return the source, or {@code null}
	 */
	public static SilentRankPropertySource in(Environment environment) {
		if (environment instanceof ConfigurableEnvironment configurable) {
			PropertySource<?> source = configurable.getPropertySources().get(NAME);
			if (source instanceof SilentRankPropertySource silent) {
				return silent;
			}
		}
		return null;
	}

}
