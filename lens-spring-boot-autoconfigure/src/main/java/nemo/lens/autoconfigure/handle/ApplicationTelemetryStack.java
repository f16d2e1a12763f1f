package nemo.lens.autoconfigure.handle;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import nemo.lens.NemoLensConfig;
import nemo.lens.Signal;
import nemo.lens.autoconfigure.boot.BootOpenTelemetryDoor;
import nemo.lens.autoconfigure.boot.BootPipelineSettings;
import nemo.lens.autoconfigure.instrumentation.OpenTelemetryStarterDoor;
import nemo.lens.autoconfigure.silent.PushRegistries;
import nemo.lens.sdk.ExporterName;
import nemo.lens.sdk.OtlpEndpoints;


/**
 * Whether the application has a telemetry stack of its own (Spring Boot's OpenTelemetry, the
 * OpenTelemetry instrumentation starter, a Micrometer push registry), and what that means for the
 * signals Lens's own API records: each leaves through the exporters the application configured
 * for it, else where its {@code OTEL_EXPORTER_OTLP_*} endpoint points, else nowhere, which the rank
 * says once at start-up rather than sending to an endpoint nobody named.
 */
final class ApplicationTelemetryStack {

	private ApplicationTelemetryStack() {
	}

	static boolean present(ClassLoader classLoader) {
		return BootOpenTelemetryDoor.isOnClassPath(classLoader) || OpenTelemetryStarterDoor.isOnClassPath(classLoader)
				|| !PushRegistries.present(classLoader).isEmpty();
	}

	/**
	 * The enabled signals that Lens's API records but nothing exports.
	 * @param config the rank's settings
	 * @param pipeline the application's exporters Lens sends through
	 * @param variables the environment's variables
	 * @return the signals, in the order of {@link Signal}; empty when every one has an exporter
	 */
	static List<Signal> unexportedSignals(NemoLensConfig config, BootPipelineSettings pipeline,
			Function<String, String> variables) {
		if (!config.enabled() || ExporterName.named(config.exporter()) != ExporterName.OTLP) {
			return List.of();
		}
		List<Signal> unexported = new ArrayList<>();
		for (Signal signal : Signal.values()) {
			if (config.signalEnabled(signal) && !pipeline.carries(signal)
					&& !OtlpEndpoints.configured(signal.key(), Map.of(), variables)) {
				unexported.add(signal);
			}
		}
		return unexported;
	}

	/**
	 * The line that says so.
	 * @param unexported signals of {@link #unexportedSignals}, at least one
	 * @return the line, such as {@code NeMo Lens: metrics recorded through the handle ...}
	 */
	static String unexportedLine(List<Signal> unexported) {
		String variableNames = unexported.stream()
			.map((signal) -> "OTEL_EXPORTER_OTLP_" + signal.key().toUpperCase(Locale.ROOT) + "_ENDPOINT")
			.collect(Collectors.joining(", "));
		return "NeMo Lens: " + unexported.stream().map(Signal::key).collect(Collectors.joining(" and "))
				+ " recorded through the handle's API "
				+ "leave this rank by no exporter: the application's telemetry stack has none for them and neither "
				+ "OTEL_EXPORTER_OTLP_ENDPOINT nor " + variableNames + " is set. What the application's own "
				+ "stack records (Micrometer's registries, Boot's exporters) leaves as configured.";
	}

}
