package nemo.lens.autoconfigure.door;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.util.ClassUtils;

/**
 * Warns once, when Lens is off, that the application's own telemetry doors export from this rank,
 * as from every rank of the job: {@code nemo.lens.enabled=false} (the default, as in the Python
 * library) reads as "off", and a user who forgets {@code enabled: true} would otherwise get every
 * rank exporting without a word. A door is taken to export when the context holds an exporter
 * (OpenTelemetry's span, metric or log record exporters, such as Boot's OTLP ones) or a Micrometer
 * push registry; a pulled registry (Prometheus) sends nothing by itself.
 */
final class LensOffExportWarning implements SmartInitializingSingleton {

	private static final Log logger = LogFactory.getLog(LensOffExportWarning.class);

	/** The kinds of bean that send telemetry by themselves, by class name: each library is optional. */
	private static final Map<String, String> EXPORTING_KINDS = Map.of(
			"io.opentelemetry.sdk.trace.export.SpanExporter", "span exporter",
			"io.opentelemetry.sdk.metrics.export.MetricExporter", "metric exporter",
			"io.opentelemetry.sdk.logs.export.LogRecordExporter", "log record exporter",
			"io.micrometer.core.instrument.push.PushMeterRegistry", "push meter registry");

	private final boolean lensEnabled;

	private final ListableBeanFactory beanFactory;

	private final ClassLoader classLoader;

	LensOffExportWarning(boolean lensEnabled, ListableBeanFactory beanFactory, ClassLoader classLoader) {
		this.lensEnabled = lensEnabled;
		this.beanFactory = beanFactory;
		this.classLoader = classLoader;
	}

	@Override
	public void afterSingletonsInstantiated() {
		if (this.lensEnabled) {
			return;
		}
		List<String> exporting = exportingBeans();
		if (!exporting.isEmpty()) {
			logger.warn("NeMo Lens is off (nemo.lens.enabled=false), and this application exports telemetry as it "
					+ "configures it, from this rank as from every rank of the job: " + String.join(", ", exporting)
					+ ". Set nemo.lens.enabled=true (NEMO_LENS_ENABLED=true) for the export strategy to pick the "
					+ "ranks that export.");
		}
	}

	/** {@code span exporter 'otlpHttpSpanExporter'}, sorted by kind, then by bean name. */
	private List<String> exportingBeans() {
		List<String> exporting = new ArrayList<>();
		EXPORTING_KINDS.entrySet().stream().sorted(Map.Entry.comparingByValue()).forEach((kind) -> {
			if (ClassUtils.isPresent(kind.getKey(), this.classLoader)) {
				Class<?> type = ClassUtils.resolveClassName(kind.getKey(), this.classLoader);
				for (String name : this.beanFactory.getBeanNamesForType(type, true, false)) {
					exporting.add(kind.getValue() + " '" + name + "'");
				}
			}
		});
		return exporting;
	}

}
