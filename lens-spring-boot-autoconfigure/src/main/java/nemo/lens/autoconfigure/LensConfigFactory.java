package nemo.lens.autoconfigure;

import java.util.function.Function;

import nemo.lens.NemoLensConfig;

import org.springframework.core.env.Environment;
import org.springframework.util.StringUtils;

/**
 * Builds the core's {@link NemoLensConfig} from the bound properties, with the fallbacks a Spring
 * application expects: the service name from {@code OTEL_SERVICE_NAME}, then
 * {@code spring.application.name}; the user from {@code NEMO_LENS_USER_ID}, the Python library's
 * variable name.
 */
final class LensConfigFactory {

	private LensConfigFactory() {
	}

	static NemoLensConfig create(NemoLensProperties properties, Environment environment,
			Function<String, String> variables) {
		return NemoLensConfig.builder()
			.enabled(properties.isEnabled())
			.serviceName(firstText(properties.getServiceName(), variables.apply("OTEL_SERVICE_NAME"),
					environment.getProperty("spring.application.name")))
			.exportStrategy(properties.getExportStrategy().trim())
			.exportRank(properties.getExportRank())
			.exportSampleRate(properties.getExportSampleRate())
			.samplerEnabled(properties.isSamplerEnabled())
			.tracesEnabled(properties.isTracesEnabled())
			.metricsEnabled(properties.isMetricsEnabled())
			.logsEnabled(properties.isLogsEnabled())
			.exporter(properties.getExporter().trim())
			.runId(properties.getRunId())
			.user(firstText(properties.getUser(), variables.apply("NEMO_LENS_USER_ID")))
			.build();
	}

	private static String firstText(String... candidates) {
		for (String candidate : candidates) {
			if (StringUtils.hasText(candidate)) {
				return candidate;
			}
		}
		return null;
	}

}
