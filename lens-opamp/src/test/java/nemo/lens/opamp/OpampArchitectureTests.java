package nemo.lens.opamp;

import java.nio.file.Path;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import nemo.lens.ImportGraph;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The agent's classes import one another in pairs at most, as in lens-core and the Spring layer.
 */
class OpampArchitectureTests {

	private static final JavaClasses MAIN_CLASSES = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages("nemo.lens.opamp");

	@Test
	void noImportLoopOfMoreThanTwoClasses() {
		assertThat(ImportGraph.of(MAIN_CLASSES, Path.of("src", "main", "java")).classLoopsOfMoreThan(2))
			.as("import loops of more than two classes")
			.isEmpty();
	}

}
