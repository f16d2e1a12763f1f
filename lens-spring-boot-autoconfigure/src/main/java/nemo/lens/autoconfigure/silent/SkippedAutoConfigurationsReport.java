package nemo.lens.autoconfigure.silent;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.SmartInitializingSingleton;

/**
 * Says once, when every bean is built, which of Spring Boot's telemetry auto-configurations a rank
 * silent for life started without, so that an operator who misses Boot's metrics or tracing on
 * such a rank reads why, and how to keep them.
 */
final class SkippedAutoConfigurationsReport implements SmartInitializingSingleton {

	private static final Log logger = LogFactory.getLog(SkippedAutoConfigurationsReport.class);

	private final Set<TelemetryAutoConfigurations> skipped;

	private final boolean recordsNoSpans;

	SkippedAutoConfigurationsReport(Set<TelemetryAutoConfigurations> skipped, boolean recordsNoSpans) {
		this.skipped = skipped;
		this.recordsNoSpans = recordsNoSpans;
	}

	@Override
	public void afterSingletonsInstantiated() {
		if (this.skipped.isEmpty()) {
			return;
		}
		List<String> groups = new ArrayList<>();
		for (TelemetryAutoConfigurations group : TelemetryAutoConfigurations.values()) {
			if (this.skipped.contains(group)) {
				groups.add(group.description());
			}
		}
		logger.info("NeMo Lens: this rank will never export and nothing can switch it, so it started without "
				+ "Spring Boot's " + String.join(", ", groups) + " auto-configurations"
				+ (this.recordsNoSpans ? " and Lens's @LensSpan advice (it records no span)" : "")
				+ "; no-op beans stand in. "
				+ "A control file, an OpAMP server or a writable lens endpoint keeps them (docs/doors.md).");
	}

}
