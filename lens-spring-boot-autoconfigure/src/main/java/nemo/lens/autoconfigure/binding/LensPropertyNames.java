package nemo.lens.autoconfigure.binding;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import nemo.lens.autoconfigure.NemoLensProperties;
import nemo.lens.config.Setting;

import org.springframework.boot.context.properties.bind.Name;

/**
 * The names of every {@code nemo.lens.*} property, read from the components of
 * {@link NemoLensProperties} as Spring binds them, so that a new property is known without a list
 * to keep: each leaf as {@code nemo.lens.flight-recorder.spans}, each map (the door gates) as its
 * prefix, {@code nemo.lens.gate.}.
 *
 * @param leaves the properties that hold a value
 * @param mapPrefixes the prefixes under which a map takes keys of its own
 */
record LensPropertyNames(List<String> leaves, List<String> mapPrefixes) {

	static LensPropertyNames of() {
		List<String> leaves = new ArrayList<>();
		List<String> mapPrefixes = new ArrayList<>();
		collect(Setting.PROPERTY_PREFIX, NemoLensProperties.class, leaves, mapPrefixes);
		return new LensPropertyNames(List.copyOf(leaves), List.copyOf(mapPrefixes));
	}

	/** The variable that sets a property: {@code NEMO_LENS_FLIGHT_RECORDER_SPANS}. */
	static String variable(String property) {
		return property.replace('.', '_').replace('-', '_').toUpperCase(Locale.ROOT);
	}

	/** A group's properties under its name; a map's keys under its prefix. */
	private static void collect(String prefix, Class<?> type, List<String> leaves, List<String> mapPrefixes) {
		for (RecordComponent component : type.getRecordComponents()) {
			Name given = component.getAnnotation(Name.class);
			String name = prefix + "." + ((given != null) ? given.value()
					: component.getName().replaceAll("([a-z])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT));
			if (component.getType().isRecord()) {
				collect(name, component.getType(), leaves, mapPrefixes);
			}
			else if (Map.class.isAssignableFrom(component.getType())) {
				mapPrefixes.add(name + ".");
			}
			else {
				leaves.add(name);
			}
		}
	}

}
