package nemo.lens.sdk;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Where an exporting rank sends its telemetry, chosen by {@code exporter}.
 */
public enum TelemetryExporter {

	/** OTLP over gRPC or HTTP, configured by the standard {@code OTEL_EXPORTER_OTLP_*} variables. */
	OTLP("otlp"),

	/** One compact line per span, metric point or log record on standard output. */
	CONSOLE("console"),

	/** Nothing is exported, except through exporters or readers passed in by the caller. */
	NONE("none");

	private final String exporterName;

	TelemetryExporter(String exporterName) {
		this.exporterName = exporterName;
	}

	/**
	 * The name used in configuration.
	 * @return the name
	 */
	public String exporterName() {
		return this.exporterName;
	}

	/**
	 * Returns the exporter with a configured name.
	 * @param name the configured name, exact and case-sensitive
	 * @return the exporter
	 * @throws IllegalArgumentException when no exporter has that name
	 */
	public static TelemetryExporter named(String name) {
		for (TelemetryExporter exporter : values()) {
			if (exporter.exporterName.equals(name)) {
				return exporter;
			}
		}
		throw new IllegalArgumentException("Unknown exporter '" + name + "'. Supported exporters: "
				+ Arrays.stream(values()).map(TelemetryExporter::exporterName).collect(Collectors.joining(", ")) + ".");
	}

}
