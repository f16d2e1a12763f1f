package nemo.lens.autoconfigure.boot;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import nemo.lens.Signal;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.sdk.RankAttributeNames;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
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
 * rank's attributes ({@code dl.*} and {@code nv.dl.*}, {@code nemo.*}, {@code service.instance.id}).</li>
 * <li>An explicitly set {@code management.tracing.sampling.probability} samples as Boot would
 * (parent-based, by trace id ratio); unset, {@code OTEL_TRACES_SAMPLER} decides, as without
 * Boot. The rank-aware sampler ({@code nemo.lens.sampler-enabled}) wins over both.</li>
 * </ul>
 * The exporter beans of a signal are built only once the rank is known to export that signal
 * ({@link #decided(TelemetryHandle)}): a silent rank builds no SDK and none of them.
 */
public final class BootPipelineSettings {

	static final String RESOURCE_ATTRIBUTES = "management.opentelemetry.resource-attributes";

	static final String SAMPLING_PROBABILITY = "management.tracing.sampling.probability";

	/** Attributes that say which rank sent the telemetry: never taken from elsewhere. */
	private static final Set<String> RANK_IDENTITY = rankIdentity();

	private final DeferredSpanExporter spanExporter;

	private final DeferredLogRecordExporter logRecordExporter;

	private final Map<String, String> resourceAttributes;

	private final Map<String, String> otelProperties;

	private BootPipelineSettings(DeferredSpanExporter spanExporter, DeferredLogRecordExporter logRecordExporter,
			Map<String, String> resourceAttributes, Map<String, String> otelProperties) {
		this.spanExporter = spanExporter;
		this.logRecordExporter = logRecordExporter;
		this.resourceAttributes = resourceAttributes;
		this.otelProperties = otelProperties;
	}

	/**
	 * Reads Boot's settings and finds the exporter beans, by name only: none is built here.
	 * @param environment the environment
	 * @param beanFactory the bean factory that holds the exporter beans
	 * @param logsEnabled whether logs are exported at all ({@code nemo.lens.logs-enabled})
	 * @return the settings
	 */
	public static BootPipelineSettings read(Environment environment, ListableBeanFactory beanFactory,
			boolean logsEnabled) {
		Binder binder = Binder.get(environment);
		Map<String, String> resourceAttributes = new LinkedHashMap<>(
				binder.bind(RESOURCE_ATTRIBUTES, Bindable.mapOf(String.class, String.class)).orElse(Map.of()));
		resourceAttributes.keySet().removeAll(RANK_IDENTITY);
		Map<String, String> otelProperties = binder.bind(SAMPLING_PROBABILITY, Double.class)
			.map((probability) -> Map.of("otel.traces.sampler", "parentbased_traceidratio", "otel.traces.sampler.arg",
					probability.toString()))
			.orElse(Map.of());
		ObjectProvider<SpanExporter> spanExporters = beanFactory.getBeanProvider(SpanExporter.class);
		ObjectProvider<LogRecordExporter> logRecordExporters = beanFactory.getBeanProvider(LogRecordExporter.class);
		DeferredSpanExporter spans = hasBeans(beanFactory, SpanExporter.class)
				? new DeferredSpanExporter(() -> spanExporters.orderedStream().toList()) : null;
		DeferredLogRecordExporter logs = (logsEnabled && hasBeans(beanFactory, LogRecordExporter.class))
				? new DeferredLogRecordExporter(() -> logRecordExporters.orderedStream().toList()) : null;
		return new BootPipelineSettings(spans, logs, Map.copyOf(resourceAttributes), otelProperties);
	}

	private static boolean hasBeans(ListableBeanFactory beanFactory, Class<?> type) {
		return beanFactory.getBeanNamesForType(type, true, false).length > 0;
	}

	/**
	 * Hands the settings to the Lens SDK's options.
	 * @param options the options of the handle being set up
	 */
	public void applyTo(TelemetryOptions.Builder options) {
		options.spanExporter(this.spanExporter)
			.logRecordExporter(this.logRecordExporter)
			.resourceAttributes(this.resourceAttributes)
			.otelProperties(this.otelProperties);
	}

	/**
	 * Whether the application's stack has exporter beans for a signal, which carry it instead of
	 * an exporter of Lens's.
	 * @param signal the signal
	 * @return whether exporter beans carry it
	 */
	public boolean carries(Signal signal) {
		return switch (signal) {
			case TRACES -> this.spanExporter != null;
			case LOGS -> this.logRecordExporter != null;
			case METRICS -> false;
		};
	}

	/**
	 * Builds the exporter beans of the signals the rank exports, once it has decided; a signal the
	 * rank does not send never builds its exporters.
	 * @param handle what the rank decided
	 */
	public void decided(TelemetryHandle handle) {
		if (this.spanExporter != null && handle.isExporting(Signal.TRACES)) {
			this.spanExporter.resolve();
		}
		if (this.logRecordExporter != null && handle.isExporting(Signal.LOGS)) {
			this.logRecordExporter.resolve();
		}
	}

	private static Set<String> rankIdentity() {
		Set<String> names = new HashSet<>(RankAttributeNames.allResourceNames());
		names.addAll(Set.of("service.instance.id", "nemo.run.id", "nemo.user.id"));
		return Set.copyOf(names);
	}

}
