package nemo.lens.autoconfigure.silent;

import java.util.List;
import java.util.Set;

import org.springframework.boot.autoconfigure.AutoConfigurationImportFilter;
import org.springframework.boot.autoconfigure.AutoConfigurationMetadata;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.Ordered;
import org.springframework.core.PriorityOrdered;
import org.springframework.core.env.Environment;

/**
 * Leaves out, by name and before any of them is loaded, the Spring Boot telemetry
 * auto-configurations a rank silent for life starts without
 * ({@link SilentRankPropertySource#skipped()}): such a rank then costs what the same application
 * without a telemetry starter costs, rather than building providers, registries and binders whose
 * every output is dropped. A rank that will also never record a span starts without Lens's own
 * span auto-configurations ({@link #SPAN_RECORDING}). Auto-configurations an application or a test
 * imports by class are not filtered.
 */
final class SilentRankAutoConfigurationFilter implements AutoConfigurationImportFilter, EnvironmentAware, PriorityOrdered {

	/**
	 * Lens's own auto-configurations that only act on recorded spans: the {@code @LensSpan}
	 * advice and the flight recorder's filter of operators' requests.
	 */
	static final List<String> SPAN_RECORDING = List.of("nemo.lens.autoconfigure.spans.LensSpanAutoConfiguration",
			"nemo.lens.autoconfigure.recorder.FlightRecorderRequestsAutoConfiguration");

	private Set<TelemetryAutoConfigurations> skipped = Set.of();

	private boolean recordsNoSpans;

	/**
	 * First, before Spring Boot's class condition, which would otherwise load the classes a skipped
	 * auto-configuration names in its {@code @ConditionalOnClass} to find them present.
	 */
	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

	@Override
	public void setEnvironment(Environment environment) {
		SilentRankPropertySource silent = SilentRankPropertySource.in(environment);
		this.skipped = (silent != null) ? silent.skipped() : Set.of();
		this.recordsNoSpans = silent != null && silent.recordsNoSpans();
	}

	@Override
	public boolean[] match(String[] autoConfigurationClasses, AutoConfigurationMetadata autoConfigurationMetadata) {
		boolean[] match = new boolean[autoConfigurationClasses.length];
		for (int i = 0; i < match.length; i++) {
			match[i] = autoConfigurationClasses[i] == null || !skippedByRank(autoConfigurationClasses[i]);
		}
		return match;
	}

	private boolean skippedByRank(String autoConfiguration) {
		if (this.recordsNoSpans && SPAN_RECORDING.contains(autoConfiguration)) {
			return true;
		}
		for (TelemetryAutoConfigurations group : this.skipped) {
			if (group.contains(autoConfiguration)) {
				return true;
			}
		}
		return false;
	}

}
