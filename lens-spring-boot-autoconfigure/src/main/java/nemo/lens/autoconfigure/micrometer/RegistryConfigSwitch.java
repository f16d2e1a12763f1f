package nemo.lens.autoconfigure.micrometer;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import io.micrometer.core.instrument.config.MeterRegistryConfig;

import org.springframework.util.ClassUtils;

/**
 * A Micrometer registry configuration seen through the rank's decision. Every registry that
 * publishes by itself (each {@code PushMeterRegistry}, StatsD) asks its configuration's
 * {@code enabled()} before it starts a publishing thread and before it publishes at close; a
 * view that answers {@code false} keeps a silent rank's registry from ever sending, whichever
 * monitoring system it serves. For OTLP the view also adds the rank's resource attributes.
 */
final class RegistryConfigSwitch {

	private static final String OTLP_CONFIG = "io.micrometer.registry.otlp.OtlpConfig";

	private RegistryConfigSwitch() {
	}

	/**
	 * The monitoring system a configuration serves, named after its configuration interface
	 * ({@code OtlpConfig} is {@code otlp}), or empty when the configuration has no
	 * {@code enabled()} switch and so does not publish by itself.
	 */
	static Optional<String> publishingRegistryName(MeterRegistryConfig config) {
		for (Class<?> type : ClassUtils.getAllInterfacesForClassAsSet(config.getClass())) {
			if (MeterRegistryConfig.class.isAssignableFrom(type) && declaresEnabledSwitch(type)
					&& type.getName().startsWith("io.micrometer.") && type.getSimpleName().endsWith("Config")
					&& !type.getSimpleName().equals("PushRegistryConfig")) {
				String simpleName = type.getSimpleName();
				return Optional.of(simpleName.substring(0, simpleName.length() - "Config".length()).toLowerCase(Locale.ROOT));
			}
		}
		return Optional.empty();
	}

	static Object switchedOff(MeterRegistryConfig config) {
		return view(config, "enabled", (method, args) -> false);
	}

	static Object withResourceAttributes(MeterRegistryConfig config, Map<String, String> rankAttributes) {
		if (!isOtlp(config)) {
			return config;
		}
		return view(config, "resourceAttributes", (method, args) -> {
					@SuppressWarnings("unchecked")
					Map<String, String> configured = (Map<String, String>) invoke(config, method, args);
					Map<String, String> attributes = new LinkedHashMap<>(configured);
					rankAttributes.forEach((key, value) -> {
						if (!key.equals("service.name") || !configured.containsKey(key)
								|| "unknown_service".equals(configured.get(key))) {
							attributes.put(key, value);
						}
					});
					return attributes;
				});
	}

	static boolean isOtlp(Object config) {
		return ClassUtils.getAllInterfacesForClassAsSet(config.getClass())
			.stream()
			.anyMatch((type) -> type.getName().equals(OTLP_CONFIG));
	}

	private static boolean declaresEnabledSwitch(Class<?> type) {
		try {
			Method enabled = type.getMethod("enabled");
			return enabled.getReturnType() == boolean.class;
		}
		catch (NoSuchMethodException ex) {
			return false;
		}
	}

	/** A view of the configuration that answers its no-argument method {@code accessor} itself. */
	private static Object view(MeterRegistryConfig config, String accessor, MethodAnswer answer) {
		Class<?>[] interfaces = ClassUtils.getAllInterfacesForClass(config.getClass(), config.getClass().getClassLoader());
		InvocationHandler handler = (proxy, method, args) -> (accessor.equals(method.getName())
				&& method.getParameterCount() == 0) ? answer.answer(method, args) : invoke(config, method, args);
		return Proxy.newProxyInstance(config.getClass().getClassLoader(), interfaces, handler);
	}

	private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
		try {
			return method.invoke(target, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
	}

	@FunctionalInterface
	private interface MethodAnswer {

		Object answer(Method method, Object[] args) throws Throwable;

	}

}
