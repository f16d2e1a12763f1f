package nemo.lens.autoconfigure.binding;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import nemo.lens.NemoLensConfig;
import nemo.lens.env.UnknownVariables;
import nemo.lens.launch.RankInfo;

import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.Environment;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * The {@code NEMO_LENS_*} variables of the environment that no setting reads, each with the
 * nearest known name: a typo in a variable is not an error (the Python library may share the
 * environment), but it must not pass in silence. The known names are those of every property and
 * of every variable the core reads, so a new property is known without a list to keep.
 */
final class UnknownLensVariables {

	private static final String PREFIX = NemoLensConfig.DEFAULT_ENV_PREFIX;

	private UnknownLensVariables() {
	}

	static List<String> warnings(Environment environment) {
		List<String> known = new ArrayList<>(NemoLensConfig.variableNames(PREFIX));
		known.addAll(RankInfo.EXPLICIT_VARIABLES);
		LensPropertyNames properties = LensPropertyNames.of();
		properties.leaves().stream().map(LensPropertyNames::variable).forEach(known::add);
		List<String> mapPrefixes = properties.mapPrefixes().stream().map(LensPropertyNames::variable).toList();
		Map<String, String> variables = new LinkedHashMap<>();
		if (environment instanceof ConfigurableEnvironment configurable) {
			for (PropertySource<?> source : configurable.getPropertySources()) {
				if (source instanceof SystemEnvironmentPropertySource variablesSource) {
					for (String name : variablesSource.getPropertyNames()) {
						if (mapPrefixes.stream().noneMatch(name::startsWith)) {
							variables.put(name, "");
						}
					}
				}
			}
		}
		return UnknownVariables.warnings(variables, PREFIX, known);
	}

}
