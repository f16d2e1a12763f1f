package nemo.lens.autoconfigure.binding;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
		Set<String> known = new LinkedHashSet<>(NemoLensConfig.variableNames(PREFIX));
		known.addAll(RankInfo.EXPLICIT_VARIABLES);
		Map<String, String> variables = new LinkedHashMap<>();
		if (environment instanceof ConfigurableEnvironment configurable) {
			for (PropertySource<?> source : configurable.getPropertySources()) {
				if (source instanceof SystemEnvironmentPropertySource variablesSource) {
					for (String name : variablesSource.getPropertyNames()) {
						if (name.startsWith(PREFIX + "_") && !known.contains(name)) {
							variables.put(name, "");
						}
					}
				}
			}
		}
		if (variables.isEmpty()) {
			// The usual case: every variable is one of the core's, so the properties' names, read by
			// reflection over NemoLensProperties, are not needed.
			return List.of();
		}
		LensPropertyNames properties = LensPropertyNames.of();
		for (String leaf : properties.leaves()) {
			known.add(LensPropertyNames.variable(leaf));
		}
		List<String> mapPrefixes = new ArrayList<>();
		for (String mapPrefix : properties.mapPrefixes()) {
			mapPrefixes.add(LensPropertyNames.variable(mapPrefix));
		}
		for (Iterator<String> name = variables.keySet().iterator(); name.hasNext();) {
			if (startsWithAny(name.next(), mapPrefixes)) {
				name.remove();
			}
		}
		return UnknownVariables.warnings(variables, PREFIX, known);
	}

	private static boolean startsWithAny(String name, List<String> prefixes) {
		for (String prefix : prefixes) {
			if (name.startsWith(prefix)) {
				return true;
			}
		}
		return false;
	}

}
