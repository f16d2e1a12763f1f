package nemo.lens.autoconfigure.binding;

import java.util.ArrayList;
import java.util.List;

import nemo.lens.config.Setting;
import nemo.lens.env.UnknownVariables;

import org.springframework.boot.context.properties.bind.UnboundConfigurationPropertiesException;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;

/**
 * A property under {@code nemo.lens} that is no setting, in NeMo Lens's words: the property, where
 * it was set and the nearest known one, by the matching that names a misspelt {@code NEMO_LENS_*}
 * variable. Ahead of Spring Boot's own analyzer, which names the bound class but no setting.
 */
final class UnknownLensPropertyFailureAnalyzer extends AbstractFailureAnalyzer<UnboundConfigurationPropertiesException>
		implements Ordered {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, UnboundConfigurationPropertiesException cause) {
		List<ConfigurationProperty> unknown = cause.getUnboundProperties()
			.stream()
			.filter((property) -> property.getName().toString().startsWith(Setting.PROPERTY_PREFIX + "."))
			.toList();
		if (unknown.isEmpty()) {
			return null;
		}
		List<String> known = LensPropertyNames.of().leaves();
		List<String> descriptions = new ArrayList<>();
		List<String> renames = new ArrayList<>();
		for (ConfigurationProperty property : unknown) {
			String name = property.getName().toString();
			String nearest = UnknownVariables.nearest(name, known);
			descriptions.add(name + " (" + origin(property) + ") is no NeMo Lens setting"
					+ ((nearest != null) ? "; did you mean " + nearest + "?" : "."));
			renames.add((nearest != null) ? "rename " + name + " to " + nearest : "remove " + name);
		}
		return new FailureAnalysis(String.join("\n", descriptions),
				capitalized(String.join(", ", renames)) + ((renames.size() == 1) ? ", or remove it" : ", or remove them")
						+ ". Every property under nemo.lens must be a "
						+ "NeMo Lens setting, so that a typo cannot leave a setting at its default "
						+ "(the settings: docs/configuration.md).",
				cause);
	}

	private static String origin(ConfigurationProperty property) {
		return (property.getOrigin() != null) ? "from " + property.getOrigin() : "origin unknown";
	}

	private static String capitalized(String text) {
		return Character.toUpperCase(text.charAt(0)) + text.substring(1);
	}

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

}
