package nemo.lens.autoconfigure;

import java.util.Arrays;
import java.util.List;

import io.opentelemetry.sdk.logs.LogRecordProcessor;
import io.opentelemetry.sdk.logs.SdkLoggerProvider;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.export.MetricReader;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SpanProcessor;

import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;

/**
 * When NeMo Lens is enabled it owns the OpenTelemetry SDK: it builds real providers on exporting
 * ranks only. Spring Boot's own OpenTelemetry auto-configuration backs off its
 * {@code OpenTelemetry} bean, but still defines providers and batch processors of its own, and a
 * batch processor starts a thread as soon as it exists. This marks those definitions lazy, so
 * they are built only if something asks for them, and a silent rank starts no exporter thread.
 */
final class BootSdkPipelineDeferral implements BeanFactoryPostProcessor {

	private static final List<Class<?>> SDK_PIPELINE_TYPES = List.of(SdkTracerProvider.class, SdkMeterProvider.class,
			SdkLoggerProvider.class, SpanProcessor.class, LogRecordProcessor.class, MetricReader.class);

	@Override
	public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
		for (Class<?> type : SDK_PIPELINE_TYPES) {
			Arrays.stream(beanFactory.getBeanNamesForType(type, true, false))
				.filter(beanFactory::containsBeanDefinition)
				.map(beanFactory::getBeanDefinition)
				.forEach((definition) -> definition.setLazyInit(true));
		}
	}

}
