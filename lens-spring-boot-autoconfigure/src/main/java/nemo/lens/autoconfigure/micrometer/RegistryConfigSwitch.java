package nemo.lens.autoconfigure.micrometer;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;

import io.micrometer.core.instrument.config.MeterRegistryConfig;

import org.springframework.util.ClassUtils;

/**
 * A Micrometer registry configuration seen through the rank's decision. Every registry that
 * publishes by itself (each {@code PushMeterRegistry}, StatsD) asks its configuration's
 * {@code enabled()} before it starts a publishing thread and before it publishes at close; a
 * view that answers the decision keeps a silent rank's registry from ever sending, whichever
 * monitoring system it serves, and lets it start when the rank is switched on. For OTLP the view
 * also adds the rank's resource attributes.
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

	/**
	 * A view of the configuration that answers {@code enabled()} with the rank's decision now (and
	 * the configuration's own switch), so that a registry follows a switch of the decision when it
	 * is started again; for OTLP it adds the rank's resource attributes.
	 * @param config the registry's configuration
	 * @param exporting whether the rank exports metrics now
	 * @param rankAttributes the rank's resource attributes
	 * @return the view
	 */
	static Object following(MeterRegistryConfig config, BooleanSupplier exporting, Map<String, String> rankAttributes) {
		boolean otlp = isOtlp(config);
		Class<?>[] interfaces = ClassUtils.getAllInterfacesForClass(config.getClass(), config.getClass().getClassLoader());
		InvocationHandler handler = (proxy, method, args) -> {
			if (method.getParameterCount() == 0 && method.getName().equals("enabled")) {
				return exporting.getAsBoolean() && (boolean) invoke(config, method, args);
			}
			if (otlp && method.getParameterCount() == 0 && method.getName().equals("resourceAttributes")) {
				@SuppressWarnings("unchecked")
				Map<String, String> configured = (Map<String, String>) invoke(config, method, args);
				return withRank(configured, rankAttributes);
			}
			return invoke(config, method, args);
		};
		return Proxy.newProxyInstance(config.getClass().getClassLoader(), interfaces, handler);
	}

	/** The rank's attributes win, except a {@code service.name} the user gave. */
	private static Map<String, String> withRank(Map<String, String> configured, Map<String, String> rankAttributes) {
		Map<String, String> attributes = new LinkedHashMap<>(configured);
		rankAttributes.forEach((key, value) -> {
			if (!key.equals("service.name") || !configured.containsKey(key)
					|| "unknown_service".equals(configured.get(key))) {
				attributes.put(key, value);
			}
		});
		return attributes;
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

	private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
		try {
			return method.invoke(target, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
	}

}
