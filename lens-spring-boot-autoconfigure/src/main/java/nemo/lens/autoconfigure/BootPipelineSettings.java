package nemo.lens.autoconfigure;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import nemo.lens.TelemetryOptions;

import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * What a user asked of Spring Boot's own OpenTelemetry, applied to the Lens SDK, which replaces
 * Boot's SDK when Lens is enabled. One rule for every signal: what the user set explicitly through
 * Spring Boot wins over the {@code OTEL_*} defaults, and the rank's identity is always Lens's.
 * <ul>
 * <li>Exporter beans of a signal ({@code SpanExporter}, {@code LogRecordExporter}: Boot's OTLP
 * exporters from {@code management.opentelemetry.*.export.otlp.*}, Zipkin, or the user's) carry
 * that signal instead of the exporter named by {@code nemo.lens.exporter}.</li>
 * <li>{@code management.opentelemetry.resource-attributes} are added to the resource, below the
 * rank's attributes ({@code dl.*}, {@code nemo.*}, {@code service.instance.id}).</li>
 * <li>An explicitly set {@code management.tracing.sampling.probability} samples as Boot would
 * (parent-based, by trace id ratio); unset, {@code OTEL_TRACES_SAMPLER} decides, as without
 * Boot. The rank-aware sampler ({@code nemo.lens.sampler-enabled}) wins over both.</li>
 * </ul>
 * A silent rank builds no SDK and none of the exporter beans.
 *
 * @param spanExporter the span exporter beans, as one (built only once the rank exports), or
 * {@code null}
 * @param logRecordExporters the log record exporter beans
 * @param resourceAttributes the user's resource attributes, without the rank's keys
 * @param otelProperties SDK properties that Boot's settings imply
 */
record BootPipelineSettings(SpanExporter spanExporter, List<LogRecordExporter> logRecordExporters,
		Map<String, String> resourceAttributes, Map<String, String> otelProperties) {

	static final String RESOURCE_ATTRIBUTES = "management.opentelemetry.resource-attributes";

	static final String SAMPLING_PROBABILITY = "management.tracing.sampling.probability";

	/** Attributes that say which rank sent the telemetry: never taken from elsewhere. */
	private static final Set<String> RANK_IDENTITY = Set.of("service.instance.id", "dl.rank", "dl.world_size",
			"dl.local_rank", "nemo.run.id", "nemo.user.id");

	static BootPipelineSettings read(Environment environment, SpanExporter spanExporter,
			List<LogRecordExporter> logRecordExporters) {
		Binder binder = Binder.get(environment);
		Map<String, String> resourceAttributes = new LinkedHashMap<>(
				binder.bind(RESOURCE_ATTRIBUTES, Bindable.mapOf(String.class, String.class)).orElse(Map.of()));
		resourceAttributes.keySet().removeAll(RANK_IDENTITY);
		Map<String, String> otelProperties = binder.bind(SAMPLING_PROBABILITY, Double.class)
			.map((probability) -> Map.of("otel.traces.sampler", "parentbased_traceidratio", "otel.traces.sampler.arg",
					probability.toString()))
			.orElse(Map.of());
		return new BootPipelineSettings(spanExporter, List.copyOf(logRecordExporters),
				Map.copyOf(resourceAttributes), otelProperties);
	}

	void applyTo(TelemetryOptions.Builder options) {
		options.spanExporter(this.spanExporter)
			.logRecordExporter(composite(this.logRecordExporters, LogRecordExporter::composite))
			.resourceAttributes(this.resourceAttributes)
			.otelProperties(this.otelProperties);
	}

	private static <T> T composite(List<T> exporters, Function<List<T>, T> combine) {
		if (exporters.isEmpty()) {
			return null;
		}
		return (exporters.size() == 1) ? exporters.get(0) : combine.apply(exporters);
	}

}
