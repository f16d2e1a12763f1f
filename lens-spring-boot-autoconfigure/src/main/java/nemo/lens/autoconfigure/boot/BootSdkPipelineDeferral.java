package nemo.lens.autoconfigure.boot;

import java.util.List;

import io.opentelemetry.sdk.logs.LogRecordProcessor;
import io.opentelemetry.sdk.logs.SdkLoggerProvider;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.export.MetricExporter;
import io.opentelemetry.sdk.metrics.export.MetricReader;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;

import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.util.ClassUtils;

/**
 * When NeMo Lens is enabled it owns the OpenTelemetry SDK: it builds real providers on exporting
 * ranks only. Spring Boot's own OpenTelemetry auto-configuration backs off its
 * {@code OpenTelemetry} bean, but still defines providers, batch processors and exporters of its
 * own, and a batch processor starts a thread as soon as it exists. This marks those definitions
 * lazy, so they are built only if something asks for them, and a silent rank builds no exporter
 * and starts no exporter thread.
 *
 * <p>
 * Boot also defines holders that collect the processors and exporters eagerly when they are
 * built ({@code SpanProcessors}, {@code SpanExporters}); they are deferred too, by name, since
 * which of them exist depends on the Boot line. On an exporting rank Lens itself asks for the
 * {@code SpanExporter} beans, which then are built as before.
 */
final class BootSdkPipelineDeferral implements BeanFactoryPostProcessor {

	private static final List<Class<?>> SDK_PIPELINE_TYPES = List.of(SdkTracerProvider.class, SdkMeterProvider.class,
			SdkLoggerProvider.class, SpanProcessor.class, LogRecordProcessor.class, MetricReader.class,
			SpanExporter.class, LogRecordExporter.class, MetricExporter.class);

	/** Boot's holders of processors and exporters: 4.0 and 4.1, then 3.5. */
	private static final List<String> BOOT_HOLDER_TYPES = List.of(
			"org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.SpanProcessors",
			"org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.SpanExporters",
			"org.springframework.boot.actuate.autoconfigure.tracing.SpanProcessors",
			"org.springframework.boot.actuate.autoconfigure.tracing.SpanExporters");

	@Override
	public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
		// Loops rather than streams: every rank runs this at start-up, and each lambda's first use
		// spins a class.
		for (Class<?> type : SDK_PIPELINE_TYPES) {
			defer(beanFactory, type);
		}
		ClassLoader classLoader = beanFactory.getBeanClassLoader();
		for (String holder : BOOT_HOLDER_TYPES) {
			if (ClassUtils.isPresent(holder, classLoader)) {
				defer(beanFactory, ClassUtils.resolveClassName(holder, classLoader));
			}
		}
	}

	private static void defer(ConfigurableListableBeanFactory beanFactory, Class<?> type) {
		for (String name : beanFactory.getBeanNamesForType(type, true, false)) {
			if (beanFactory.containsBeanDefinition(name)) {
				beanFactory.getBeanDefinition(name).setLazyInit(true);
			}
		}
	}

}
