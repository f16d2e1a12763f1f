package nemo.lens;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The core serves plain Java programs: it must not need Spring on the class path. Its packages,
 * the root {@code nemo.lens} included, import one another in one direction only.
 */
class CoreArchitectureTests {

	private static final JavaClasses MAIN_CLASSES = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages("nemo.lens");

	@Test
	void corePackagesImportNoSpringType() {
		noClasses().that()
			.resideInAPackage("nemo.lens..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.springframework..")
			.because("the core must serve plain Java programs without Spring")
			.check(MAIN_CLASSES);
	}

	@Test
	void corePackagesFormNoImportCycle() {
		slices().assignedFrom(new CorePackages())
			.should()
			.beFreeOfCycles()
			.because("dependencies point one way along the data flow (see each package-info.java)")
			.check(MAIN_CLASSES);
	}

	@Test
	void theRootPackageIsASliceOfItsOwn() {
		assertThat(new CorePackages().getIdentifierOf(MAIN_CLASSES.get(NemoLens.class)))
			.isEqualTo(SliceIdentifier.of("nemo.lens"));
	}

	/**
	 * One slice per package, the root {@code nemo.lens} included, which
	 * {@code slices().matching("nemo.lens.(*)..")} would leave out.
	 */
	private static final class CorePackages implements SliceAssignment {

		@Override
		public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
			String packageName = javaClass.getPackageName();
			if (packageName.equals("nemo.lens") || packageName.startsWith("nemo.lens.")) {
				return SliceIdentifier.of(packageName);
			}
			return SliceIdentifier.ignore();
		}

		@Override
		public String getDescription() {
			return "the packages of lens-core, nemo.lens included";
		}

	}

}
