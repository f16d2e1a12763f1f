package nemo.lens.autoconfigure.binding;

import nemo.lens.config.Bounds;
import nemo.lens.config.Setting;
import nemo.lens.env.EnvironmentValues;

import org.springframework.boot.context.properties.bind.AbstractBindHandler;
import org.springframework.boot.context.properties.bind.BindContext;
import org.springframework.boot.context.properties.bind.BindHandler;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;

/**
 * Reads every {@code nemo.lens.*} value as {@code NemoLensConfig.fromEnv} reads its variables,
 * whatever the source (application.yaml, {@code -D}, or a {@code NEMO_LENS_*} variable): trimmed,
 * blank meaning unset, booleans, numbers, durations and lists by the core's rules, so that
 * {@code on} or {@code 0x10} means the same to a Spring rank as to a plain Java one. A refusal is
 * the core's message, naming the variable when the value came from one, and fails the binding
 * instead of being dropped. Values of types the core does not read (a nested group) keep Spring's
 * conversion.
 */
final class LensValuesBindHandler extends AbstractBindHandler {

	private static final ConfigurationPropertyName PREFIX = ConfigurationPropertyName.of(Setting.PROPERTY_PREFIX);

	private static final String DEFAULT_DURATION = "override.default-duration";

	private static final String MAX_DURATION = "override.max-duration";

	/** The bounds of the endpoint's override durations, a setting only Spring has. */
	private static final Bounds OVERRIDE_DURATIONS = Bounds.positive(Bounds.MAX_OVERRIDE);

	LensValuesBindHandler(BindHandler parent) {
		super(parent);
	}

	/**
	 * Binds a setting of a primitive type as that type, as the core reads it: the properties' record
	 * holds it boxed, {@code null} when unset, but a refusal names the type as the core has it
	 * ({@code to int}).
	 */
	@Override
	@SuppressWarnings("unchecked")
	public <T> Bindable<T> onStart(ConfigurationPropertyName name, Bindable<T> target, BindContext context) {
		Bindable<T> started = super.onStart(name, target, context);
		Setting setting = (started != null && PREFIX.isAncestorOf(name)) ? Setting.forKey(key(name)) : null;
		if (setting != null && setting.type().isPrimitive()) {
			return (Bindable<T>) Bindable.of(setting.type()).withAnnotations(started.getAnnotations());
		}
		return started;
	}

	@Override
	public Object onSuccess(ConfigurationPropertyName name, Bindable<?> target, BindContext context, Object result) {
		Class<?> type = readableType(name, target, context);
		return (type != null) ? bound(name, target, context, read(name, context.getConfigurationProperty(), type))
				: super.onSuccess(name, target, context, result);
	}

	@Override
	public Object onFailure(ConfigurationPropertyName name, Bindable<?> target, BindContext context, Exception error)
			throws Exception {
		Class<?> type = readableType(name, target, context);
		if (type != null && !(error instanceof ValueException)) {
			return bound(name, target, context, read(name, context.getConfigurationProperty(), type));
		}
		return super.onFailure(name, target, context, error);
	}

	/**
	 * Tells the handlers below that the property was bound, also when it is blank and so leaves
	 * the setting at its default ({@code null}), so that strict binding does not count it unknown.
	 */
	private Object bound(ConfigurationPropertyName name, Bindable<?> target, BindContext context, Object value) {
		Object result = super.onSuccess(name, target, context, (value != null) ? value : "");
		return (value != null) ? result : null;
	}

	/** The type the core reads the value as, or {@code null} when the core does not read it. */
	private static Class<?> readableType(ConfigurationPropertyName name, Bindable<?> target, BindContext context) {
		ConfigurationProperty property = context.getConfigurationProperty();
		// Only a value bound whole from one property: not an aggregate bound element by element.
		if (property == null || !PREFIX.isAncestorOf(name) || !property.getName().equals(name)) {
			return null;
		}
		Class<?> type = target.getType().resolve(Object.class);
		return EnvironmentValues.isReadable(type) ? type : null;
	}

	/**
	 * The core's reading of the value, and its rules: a setting's row's, or the bounds of a setting
	 * only Spring has; {@code null} when blank.
	 */
	private static Object read(ConfigurationPropertyName name, ConfigurationProperty property, Class<?> type) {
		String raw = (property.getValue() != null) ? property.getValue().toString() : null;
		String source = SettingSource.nameOf(property);
		String key = key(name);
		Setting setting = Setting.forKey(key);
		try {
			if (setting != null) {
				return setting.read(source, raw);
			}
			Object value = EnvironmentValues.read(source, raw, type);
			if (value != null && (key.equals(DEFAULT_DURATION) || key.equals(MAX_DURATION))) {
				OVERRIDE_DURATIONS.checkRead(source, raw.trim(), value);
			}
			return value;
		}
		catch (IllegalArgumentException ex) {
			throw new ValueException(ex);
		}
	}

	/** {@code nemo.lens.control.interval}'s key in the table, {@code control.interval}. */
	static String key(ConfigurationPropertyName name) {
		StringBuilder key = new StringBuilder();
		for (int element = PREFIX.getNumberOfElements(); element < name.getNumberOfElements(); element++) {
			key.append(key.isEmpty() ? "" : ".")
				.append(name.getElement(element, ConfigurationPropertyName.Form.DASHED));
		}
		return key.toString();
	}

	/** The core's refusal of a value, reported as the reason of Spring's bind failure. */
	static final class ValueException extends IllegalArgumentException {

		ValueException(IllegalArgumentException cause) {
			super(cause.getMessage(), cause);
		}

	}

}
