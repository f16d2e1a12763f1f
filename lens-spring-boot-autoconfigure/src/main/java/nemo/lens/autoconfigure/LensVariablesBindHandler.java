package nemo.lens.autoconfigure;

import java.util.Locale;

import nemo.lens.env.EnvironmentValues;

import org.springframework.boot.context.properties.bind.AbstractBindHandler;
import org.springframework.boot.context.properties.bind.BindContext;
import org.springframework.boot.context.properties.bind.BindHandler;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.origin.Origin;
import org.springframework.boot.origin.PropertySourceOrigin;
import org.springframework.boot.origin.SystemEnvironmentOrigin;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * Reads a {@code nemo.lens.*} property that comes from an environment variable
 * ({@code NEMO_LENS_EXPORT_SAMPLE_RATE}) as {@code NemoLensConfig.fromEnv} reads it: trimmed,
 * blank meaning unset, booleans, integers and numbers by the core's rules, and the core's error
 * naming the variable. Properties from anywhere else keep Spring's conversion.
 */
final class LensVariablesBindHandler extends AbstractBindHandler {

	private static final ConfigurationPropertyName PREFIX = ConfigurationPropertyName.of("nemo.lens");

	private static final ConfigurationPropertyName EXPORT_SAMPLE_RATE = ConfigurationPropertyName
		.of("nemo.lens.export-sample-rate");

	LensVariablesBindHandler(BindHandler parent) {
		super(parent);
	}

	@Override
	public Object onSuccess(ConfigurationPropertyName name, Bindable<?> target, BindContext context, Object result) {
		String variable = variable(name, context);
		Object value = (variable != null) ? read(name, variable, context.getConfigurationProperty(), target, result)
				: result;
		return (value != null) ? super.onSuccess(name, target, context, value) : null;
	}

	@Override
	public Object onFailure(ConfigurationPropertyName name, Bindable<?> target, BindContext context, Exception error)
			throws Exception {
		String variable = variable(name, context);
		if (variable != null && !(error instanceof VariableException)) {
			return read(name, variable, context.getConfigurationProperty(), target, null);
		}
		return super.onFailure(name, target, context, error);
	}

	/**
	 * The core's reading of the variable; {@code null} when blank. Types the core does not read
	 * (a duration, a map) keep Spring's result, or are unset when blank.
	 */
	private static Object read(ConfigurationPropertyName name, String variable, ConfigurationProperty property,
			Bindable<?> target, Object springResult) {
		Object raw = property.getValue();
		String text = (raw != null) ? raw.toString() : null;
		Class<?> type = target.getType().resolve(Object.class);
		if (!isReadByTheCore(type)) {
			return (text == null || text.isBlank()) ? null : springResult;
		}
		try {
			Object value = EnvironmentValues.read(variable, text, type);
			if (value != null && name.equals(EXPORT_SAMPLE_RATE)) {
				EnvironmentValues.checkFraction(variable, (double) value);
			}
			return value;
		}
		catch (IllegalArgumentException ex) {
			throw new VariableException(ex);
		}
	}

	private static boolean isReadByTheCore(Class<?> type) {
		return type == boolean.class || type == Boolean.class || type == int.class || type == Integer.class
				|| type == double.class || type == Double.class || type == String.class;
	}

	/** The environment variable a {@code nemo.lens.*} value was bound from, or {@code null}. */
	private static String variable(ConfigurationPropertyName name, BindContext context) {
		ConfigurationProperty property = context.getConfigurationProperty();
		if (property == null || !PREFIX.isAncestorOf(name)) {
			return null;
		}
		Origin origin = property.getOrigin();
		if (origin instanceof PropertySourceOrigin source
				&& source.getPropertySource() instanceof SystemEnvironmentPropertySource) {
			return (source.getOrigin() instanceof SystemEnvironmentOrigin variable) ? variable.getProperty()
					: name.toString().toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
		}
		return null;
	}

	/** The core's refusal of a variable, reported as the reason of Spring's bind failure. */
	static final class VariableException extends IllegalArgumentException {

		VariableException(IllegalArgumentException cause) {
			super(cause.getMessage(), cause);
		}

	}

}
