package nemo.lens.sdk;

import java.util.Map;
import java.util.function.Consumer;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import io.opentelemetry.sdk.metrics.export.MetricReader;
import io.opentelemetry.sdk.trace.export.SpanExporter;

/**
 * What a caller may add to or replace in an exporting rank's SDK; each default is "nothing".
 * Declared here so that this package never imports {@code nemo.lens}: {@code TelemetryOptions}
 * implements it.
 */
public interface ExportOverrides {

	/**
	 * A span exporter replacing the configured one.
	 * @return the exporter, or {@code null}
	 */
	default SpanExporter spanExporter() {
		return null;
	}

	/**
	 * A log record exporter replacing the configured one when logs are enabled.
	 * @return the exporter, or {@code null}
	 */
	default LogRecordExporter logRecordExporter() {
		return null;
	}

	/**
	 * A metric reader replacing the configured one.
	 * @return the reader, or {@code null}
	 */
	default MetricReader metricReader() {
		return null;
	}

	/**
	 * Resource attributes that win over the ones Lens sets.
	 * @return the attributes, possibly empty
	 */
	default Attributes resourceAttributes() {
		return Attributes.empty();
	}

	/**
	 * The local rank, recorded as {@code dl.local_rank}.
	 * @return the local rank, or {@code null} when unknown
	 */
	default Integer localRank() {
		return null;
	}

	/**
	 * OpenTelemetry SDK properties ({@code otel.*}) that win over the process environment.
	 * @return the properties, possibly empty
	 */
	default Map<String, String> otelProperties() {
		return Map.of();
	}

	/**
	 * Where delivery warnings go.
	 * @return the receiver of warning messages, or {@code null} for {@code java.util.logging}
	 */
	default Consumer<String> warnings() {
		return null;
	}

	/**
	 * Whether the application has a telemetry stack of its own whose settings win: a signal with no
	 * exporter given and no OTLP endpoint configured exports nowhere rather than to the SDK's
	 * default endpoint, and the resource carries no {@code service.version} of Lens's.
	 * @return whether the application's stack is the rank's
	 */
	default boolean applicationStack() {
		return false;
	}

}
