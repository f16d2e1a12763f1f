package nemo.lens.sdk;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The exporter names of {@code exporter}: where an exporting rank sends its telemetry.
 */
public enum ExporterName {

	/** OTLP over gRPC or HTTP, configured by the standard {@code OTEL_EXPORTER_OTLP_*} variables. */
	OTLP("otlp"),

	/** One compact line per span, metric point or log record on standard output. */
	CONSOLE("console"),

	/** Nothing is exported, except through exporters or readers passed in by the caller. */
	NONE("none");

	private final String text;

	ExporterName(String text) {
		this.text = text;
	}

	/**
	 * The name used in configuration.
	 * @return the name
	 */
	public String text() {
		return this.text;
	}

	/**
	 * Returns the exporter with a configured name.
	 * @param name the configured name, exact and case-sensitive
	 * @return the exporter
	 * @throws IllegalArgumentException when no exporter has that name
	 */
	public static ExporterName named(String name) {
		for (ExporterName exporter : values()) {
			if (exporter.text.equals(name)) {
				return exporter;
			}
		}
		throw new IllegalArgumentException("Unknown exporter '" + name + "'. Supported exporters: "
				+ Arrays.stream(values()).map(ExporterName::text).collect(Collectors.joining(", ")) + ".");
	}

}
