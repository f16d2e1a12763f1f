package nemo.lens.autoconfigure;

import java.util.List;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.annotation.ImportCandidates;
import org.springframework.util.ClassUtils;

/**
 * Every auto-configuration the imports file lists, by class, as a user's own test registers them
 * ({@code AutoConfigurations.of(...)}): registered by class, Spring reads them by reflection, not
 * from their bytecode as it does for names from the imports file.
 */
final class ImportedAutoConfigurations {

	private ImportedAutoConfigurations() {
	}

	/** The class names in the imports file of this module. */
	static List<String> names() {
		ClassLoader classLoader = ImportedAutoConfigurations.class.getClassLoader();
		return ImportCandidates.load(AutoConfiguration.class, classLoader)
			.getCandidates()
			.stream()
			.filter((name) -> name.startsWith("nemo.lens."))
			.toList();
	}

	/** All of them, loaded as classes. */
	static AutoConfigurations all() {
		ClassLoader classLoader = ImportedAutoConfigurations.class.getClassLoader();
		return AutoConfigurations
			.of(names().stream().map((name) -> ClassUtils.resolveClassName(name, classLoader)).toArray(Class<?>[]::new));
	}

}
