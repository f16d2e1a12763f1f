package nemo.lens.autoconfigure.binding;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import nemo.lens.config.Setting;

import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;

/**
 * A {@code nemo.lens.*} value that did not bind, in Spring Boot's words (property, value, origin,
 * reason) but with an action of NeMo Lens's: the property, its variable and a value it takes, all
 * from the setting's row of the table, instead of Spring Boot's generic "Update your application's
 * configuration". A property only Spring has ({@code nemo.lens.rank}, {@code nemo.lens.override.*})
 * is named with the variable Spring Boot binds it from, and a value of its type.
 */
final class LensBindFailureAnalyzer extends AbstractFailureAnalyzer<BindException> implements Ordered {

	private static final ConfigurationPropertyName PREFIX = ConfigurationPropertyName.of(Setting.PROPERTY_PREFIX);

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, BindException cause) {
		ConfigurationPropertyName name = cause.getName();
		if (!PREFIX.isAncestorOf(name)) {
			return null;
		}
		Setting setting = Setting.forKey(LensValuesBindHandler.key(name));
		Class<?> type = (setting != null) ? setting.type() : cause.getTarget().getType().resolve(Object.class);
		String action = (setting != null) ? action(setting.property(), setting.variable(), type, setting.example())
				: action(name.toString(), LensPropertyNames.variable(name.toString()), type, springOnlyExample(type));
		return new FailureAnalysis(description(cause, setting != null && setting.isSecret()), action, cause);
	}

	private static String description(BindException cause, boolean secret) {
		StringBuilder description = new StringBuilder("Failed to bind properties under '").append(cause.getName())
			.append("' to ")
			.append(cause.getTarget().getType())
			.append(":\n\n    Property: ")
			.append(cause.getName());
		ConfigurationProperty property = cause.getProperty();
		if (property != null) {
			if (!secret) {
				description.append("\n    Value: \"").append(property.getValue()).append('"');
			}
			description.append("\n    Origin: ").append(property.getOrigin());
		}
		return description.append("\n    Reason: ").append(reason(cause)).toString();
	}

	/** The innermost error's type and message, as Spring Boot's report shows it. */
	private static String reason(BindException cause) {
		Throwable innermost = cause;
		while (innermost.getCause() != null && innermost.getCause() != innermost) {
			innermost = innermost.getCause();
		}
		return innermost.getClass().getName() + ": " + innermost.getMessage();
	}

	/**
	 * {@code Set nemo.lens.shutdown-timeout (or NEMO_LENS_SHUTDOWN_TIMEOUT) to a duration with a
	 * unit, such as 5s.}
	 */
	private static String action(String property, String variable, Class<?> type, Optional<String> example) {
		return "Set " + property + " (or " + variable + ") to " + kind(type)
				+ example.map((value) -> ", such as " + value).orElse("")
				+ ". Every setting, its default and what it takes: docs/configuration.md.";
	}

	/** A value of a property only Spring has, which has no row and so no default of the table's. */
	private static Optional<String> springOnlyExample(Class<?> type) {
		if (type == boolean.class || type == Boolean.class) {
			return Optional.of("true");
		}
		if (type == int.class || type == Integer.class) {
			return Optional.of("0");
		}
		return (type == Duration.class) ? Optional.of("15m") : Optional.empty();
	}

	private static String kind(Class<?> type) {
		if (type == boolean.class || type == Boolean.class) {
			return "true or false";
		}
		if (type == int.class || type == Integer.class) {
			return "a whole number";
		}
		if (type == double.class || type == Double.class) {
			return "a decimal number";
		}
		if (type == Duration.class) {
			return "a duration with a unit";
		}
		if (List.class.isAssignableFrom(type)) {
			return "comma-separated names";
		}
		return "a value the reason above allows";
	}

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

}
