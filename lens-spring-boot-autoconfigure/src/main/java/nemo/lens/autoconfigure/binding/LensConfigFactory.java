package nemo.lens.autoconfigure.binding;

import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.function.Function;

import nemo.lens.NemoLensConfig;
import nemo.lens.autoconfigure.NemoLensProperties;

import org.springframework.beans.BeanUtils;
import org.springframework.core.env.Environment;
import org.springframework.util.ReflectionUtils;
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
		RecordComponent[] components = NemoLensConfig.class.getRecordComponents();
		Object[] values = new Object[components.length];
		for (int i = 0; i < components.length; i++) {
			values[i] = value(properties, components[i].getName());
		}
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
	 * The value of the property of a component: of the same name, or in the group its first word
	 * names ({@code metricsExportStrategy} is {@code metrics.exportStrategy}). Read through the
	 * getters themselves rather than a {@code BeanWrapper}, whose introspection every rank would
	 * pay at start-up (a silent one twice: for its early decision and for its handle).
	 */
	private static Object value(Object properties, String component) {
		Method getter = getter(properties.getClass(), component);
		if (getter != null) {
			return ReflectionUtils.invokeMethod(getter, properties);
		}
		for (int i = 1; i < component.length(); i++) {
			if (Character.isUpperCase(component.charAt(i))) {
				Method group = getter(properties.getClass(), component.substring(0, i));
				Object nested = (group != null) ? ReflectionUtils.invokeMethod(group, properties) : null;
				Method property = (nested != null) ? getter(nested.getClass(),
						Character.toLowerCase(component.charAt(i)) + component.substring(i + 1)) : null;
				if (property != null) {
					return ReflectionUtils.invokeMethod(property, nested);
				}
			}
		}
		throw new IllegalStateException("NemoLensProperties has no property for the setting " + component);
	}

	private static Method getter(Class<?> type, String property) {
		String suffix = StringUtils.capitalize(property);
		Method getter = ReflectionUtils.findMethod(type, "get" + suffix);
		if (getter == null) {
			getter = ReflectionUtils.findMethod(type, "is" + suffix);
		}
		if (getter == null || getter.getReturnType() == void.class) {
			return null;
		}
		ReflectionUtils.makeAccessible(getter);
		return getter;
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
