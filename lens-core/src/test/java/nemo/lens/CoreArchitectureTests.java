package nemo.lens;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The core serves plain Java programs: it must not need Spring on the class path.
 */
class CoreArchitectureTests {

	private static final JavaClasses MAIN_CLASSES = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages("nemo.lens");

	@Test
	void corePackagesImportNoSpringType() {
		noClasses().that()
			.resideInAnyPackage("nemo.lens", "nemo.lens.config", "nemo.lens.strategies", "nemo.lens.launch",
					"nemo.lens.sdk")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.springframework..")
			.because("the core must serve plain Java programs without Spring")
			.check(MAIN_CLASSES);
	}

}
