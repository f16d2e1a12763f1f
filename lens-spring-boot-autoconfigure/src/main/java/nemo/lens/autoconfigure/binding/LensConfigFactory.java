package nemo.lens.autoconfigure.binding;

import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.function.Function;

import nemo.lens.NemoLensConfig;
import nemo.lens.autoconfigure.NemoLensProperties;

import org.springframework.beans.BeanUtils;
import org.springframework.beans.BeanWrapper;
import org.springframework.beans.BeanWrapperImpl;
import org.springframework.core.env.Environment;
import org.springframework.util.StringUtils;

/**
 * Builds the core's {@link NemoLensConfig} from the bound properties, each component from the
 * property of the same name (or, for a signal's strategy, the group's: {@code metrics.export-strategy}), with the fallbacks a Spring application expects: the service name
 * from {@code OTEL_SERVICE_NAME}, then {@code spring.application.name}; the user from
 * {@code NEMO_LENS_USER_ID}, the Python library's variable name.
 */
final class LensConfigFactory {

	private LensConfigFactory() {
	}

	static NemoLensConfig create(NemoLensProperties properties, Environment environment,
			Function<String, String> variables) {
		BeanWrapper bound = new BeanWrapperImpl(properties);
		Object[] values = Arrays.stream(NemoLensConfig.class.getRecordComponents())
			.map(RecordComponent::getName)
			.map((component) -> bound.getPropertyValue(propertyPath(bound, component)))
			.toArray();
		NemoLensConfig config = BeanUtils.instantiateClass(BeanUtils.getResolvableConstructor(NemoLensConfig.class),
				values);
		return config.toBuilder()
			.serviceName(firstText(properties.getServiceName(), variables.apply("OTEL_SERVICE_NAME"),
					environment.getProperty("spring.application.name")))
			.exportStrategy(config.exportStrategy().trim())
			.exporter(config.exporter().trim())
			.user(firstText(properties.getUser(), variables.apply("NEMO_LENS_USER_ID")))
			.build();
	}

	/**
	 * The property of a component: of the same name, or in the group its first word names
	 * ({@code metricsExportStrategy} is {@code metrics.exportStrategy}).
	 */
	private static String propertyPath(BeanWrapper bound, String component) {
		if (bound.isReadableProperty(component)) {
			return component;
		}
		for (int i = 1; i < component.length(); i++) {
			if (Character.isUpperCase(component.charAt(i))) {
				String path = component.substring(0, i) + "." + Character.toLowerCase(component.charAt(i))
						+ component.substring(i + 1);
				if (bound.isReadableProperty(path)) {
					return path;
				}
			}
		}
		throw new IllegalStateException("NemoLensProperties has no property for the setting " + component);
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
