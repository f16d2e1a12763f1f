package nemo.lens.autoconfigure.binding;

import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.origin.Origin;
import org.springframework.boot.origin.PropertySourceOrigin;
import org.springframework.boot.origin.SystemEnvironmentOrigin;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * What an error about a {@code nemo.lens.*} value names: the environment variable it came from
 * ({@code NEMO_LENS_ENABLED}), as the core's errors do, else the property.
 */
final class SettingSource {

	private SettingSource() {
	}

	static String nameOf(ConfigurationProperty property) {
		Origin origin = property.getOrigin();
		if (origin instanceof PropertySourceOrigin source
				&& source.getPropertySource() instanceof SystemEnvironmentPropertySource) {
			return (source.getOrigin() instanceof SystemEnvironmentOrigin variable) ? variable.getProperty()
					: LensPropertyNames.variable(property.getName().toString());
		}
		return property.getName().toString();
	}

}
