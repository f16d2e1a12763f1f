package nemo.lens.autoconfigure;

import java.nio.file.Path;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import nemo.lens.ImportGraph;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Spring layer is laid out by concern: the root holds the entry configuration and the
 * properties, each door, binding, the handle, AOT and failure reporting a package of its own, and
 * the packages import one another in one direction only. No classes import one another in a loop,
 * not even through a constant, which the class files do not show.
 */
class SpringLayerArchitectureTests {

	private static final String ROOT = "nemo.lens.autoconfigure";

	private static final JavaClasses MAIN_CLASSES = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages(ROOT, "nemo.lens.actuate");

	/** The imports of the class files and of the sources, where a constant's import shows. */
	private static final ImportGraph IMPORTS = ImportGraph.of(MAIN_CLASSES, Path.of("src", "main", "java"));

	@Test
	void packagesFormNoImportCycle() {
		slices().assignedFrom(new SpringPackages()).should().beFreeOfCycles().check(MAIN_CLASSES);
	}

	@Test
	void packagesFormNoImportLoopEvenThroughAConstant() {
		assertThat(IMPORTS.packageLoops()).as("import loops of packages").isEmpty();
	}

	@Test
	void theRootImportsNoSubpackage() {
		noClasses().that()
			.resideInAPackage(ROOT)
			.should()
			.dependOnClassesThat()
			.resideInAPackage(ROOT + ".(*)..")
			.because("every subpackage imports the root's properties; the root importing one back would be a cycle")
			.check(MAIN_CLASSES);
	}

	@Test
	void theRootHoldsAtMostFourClasses() {
		assertThat(MAIN_CLASSES.stream()
			.filter((type) -> type.getPackageName().equals(ROOT) && type.isTopLevelClass()
					&& !type.getSimpleName().equals("package-info"))
			.map(JavaClass::getSimpleName)).hasSizeLessThanOrEqualTo(4);
	}

	@Test
	void classesFormNoImportLoopEvenWithinAPackage() {
		slices().assignedFrom(new SpringClasses()).should().beFreeOfCycles().check(MAIN_CLASSES);
	}

	@Test
	void classesFormNoImportLoopEvenThroughAConstant() {
		assertThat(IMPORTS.classLoopsOfMoreThan(1)).as("import loops of classes").isEmpty();
	}

	/** One slice per top-level class, its nested classes with it. */
	private static final class SpringClasses implements SliceAssignment {

		@Override
		public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
			String name = javaClass.getName();
			int nested = name.indexOf('$');
			return (name.startsWith("nemo.lens.autoconfigure") || name.startsWith("nemo.lens.actuate"))
					? SliceIdentifier.of((nested < 0) ? name : name.substring(0, nested)) : SliceIdentifier.ignore();
		}

		@Override
		public String getDescription() {
			return "classes of the Spring layer";
		}

	}

	/** One slice per package, the root included. */
	private static final class SpringPackages implements SliceAssignment {

		@Override
		public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
			String packageName = javaClass.getPackageName();
			return (packageName.startsWith("nemo.lens.autoconfigure") || packageName.startsWith("nemo.lens.actuate"))
					? SliceIdentifier.of(packageName) : SliceIdentifier.ignore();
		}

		@Override
		public String getDescription() {
			return "packages of the Spring layer";
		}

	}

}
