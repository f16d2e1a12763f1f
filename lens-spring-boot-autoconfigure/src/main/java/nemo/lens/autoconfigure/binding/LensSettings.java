package nemo.lens.autoconfigure.binding;

import java.util.List;
import java.util.function.Function;

import nemo.lens.NemoLensConfig;
import nemo.lens.autoconfigure.NemoLensProperties;
import nemo.lens.config.Setting;

import org.springframework.boot.context.properties.bind.BindHandler;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.handler.IgnoreTopLevelConverterNotFoundBindHandler;
import org.springframework.boot.context.properties.bind.handler.NoUnboundElementsBindHandler;
import org.springframework.boot.context.properties.source.UnboundElementsSourceFilter;
import org.springframework.core.env.Environment;
import org.springframework.util.StringUtils;

/**
 * NeMo Lens's settings as the core takes them: its config built from the bound properties, and the
 * variables it looks up (launchers, {@code OTEL_*}, the explicit rank) read through Spring's
 * environment.
 */
public final class LensSettings {

	private LensSettings() {
	}

	/**
	 * The core's config from the bound properties, with the fallbacks a Spring application expects:
	 * the service name from {@code OTEL_SERVICE_NAME}, then {@code spring.application.name}; the user
	 * from {@code NEMO_LENS_USER_ID}, the Python library's variable.
	 * @param properties the bound properties
	 * @param environment the environment
	 * @return the config
	 */
	public static NemoLensConfig config(NemoLensProperties properties, Environment environment) {
		Function<String, String> variables = variables(environment, properties);
		List<String> userVariables = Setting.USER.variables(NemoLensConfig.DEFAULT_ENV_PREFIX);
		return properties.toConfig()
			.serviceName(firstText(properties.serviceName(),
					variables.apply(Setting.SERVICE_NAME.standardVariable()),
					environment.getProperty("spring.application.name")))
			.user(firstText(properties.user(), variables.apply(userVariables.get(userVariables.size() - 1))))
			.build();
	}

	/**
	 * Binds the {@code nemo.lens.*} properties afresh from the environment, by the same rules as at
	 * start-up, for a refresh to compare with what is in force.
	 * @param environment the environment, as a refresh left it
	 * @return the bound properties
	 * @throws RuntimeException when a value is refused, naming the setting and the value
	 */
	public static NemoLensProperties bind(Environment environment) {
		// As Boot binds the bean: unknown fields refused (ignoreUnknownFields = false) except in the
		// sources Boot leaves out of that check (the environment's variables, where NEMO_LENS_EXPORT_STRATEGY
		// is also read as nemo.lens.export.strategy), Lens's reading on top.
		BindHandler handler = new LensValuesBindHandler(new NoUnboundElementsBindHandler(
				new IgnoreTopLevelConverterNotFoundBindHandler(), new UnboundElementsSourceFilter()));
		return Binder.get(environment)
			.bindOrCreate(Setting.PROPERTY_PREFIX, Bindable.of(NemoLensProperties.class), handler);
	}

	/**
	 * One warning per {@code NEMO_LENS_*} variable of the environment that no setting reads, naming
	 * the nearest known one.
	 * @param environment the environment
	 * @return the warnings, empty when there is no such variable
	 */
	public static List<String> unknownVariables(Environment environment) {
		return UnknownLensVariables.warnings(environment);
	}

	/**
	 * Looks variables up in Spring's environment; the explicit rank variables answer with the bound
	 * properties.
	 * @param environment the environment
	 * @param properties the bound properties
	 * @return variable name to value, {@code null} when unset
	 */
	public static Function<String, String> variables(Environment environment, NemoLensProperties properties) {
		return new SpringEnvironmentLookup(environment, properties);
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
