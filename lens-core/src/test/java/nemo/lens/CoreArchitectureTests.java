package nemo.lens;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The core serves plain Java programs: it must not need Spring on the class path. Its packages,
 * the root {@code nemo.lens} included, import one another in one direction only, but for the root
 * and its live machinery ({@code nemo.lens.live}), and no more than two classes anywhere import
 * one another in a loop.
 */
class CoreArchitectureTests {

	private static final String ROOT = "nemo.lens";

	private static final String LIVE = "nemo.lens.live";

	private static final JavaClasses MAIN_CLASSES = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages(ROOT);

	private static final ImportGraph IMPORTS = ImportGraph.of(MAIN_CLASSES, Path.of("src", "main", "java"));

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
	void corePackagesFormNoImportCycleButTheRootAndItsLiveMachinery() {
		slices().assignedFrom(new CorePackages())
			.should()
			.beFreeOfCycles()
			// The one known cycle, pinned below: the live machinery works on the root's settings
			// and signals, and the root's setup and handle build and drive it.
			.ignoreDependency(resideInAPackage(LIVE), resideInAPackage(ROOT))
			.because("dependencies point one way along the data flow (see each package-info.java)")
			.check(MAIN_CLASSES);
	}

	@Test
	void theOnlyPackageLoopIsTheRootAndItsLiveMachinery() {
		// Read from the sources too, so that an import of a constant alone counts. When the loop
		// goes, this fails: then the ignored dependency above goes as well.
		assertThat(IMPORTS.packageLoops()).containsExactly(Set.of(ROOT, LIVE));
	}

	@Test
	void noImportLoopOfMoreThanTwoClassesAnywhere() {
		assertThat(IMPORTS.classLoopsOfMoreThan(2)).as("import loops of more than two classes").isEmpty();
	}

	@Test
	void theRootHoldsWhatAUserImportsInAtMostTwelveClasses() {
		Set<String> root = new TreeSet<>();
		for (JavaClass javaClass : MAIN_CLASSES) {
			if (javaClass.getPackageName().equals(ROOT) && javaClass.isTopLevelClass()
					&& !javaClass.getSimpleName().equals("package-info")) {
				root.add(javaClass.getSimpleName());
			}
		}
		assertThat(root).hasSizeLessThanOrEqualTo(12);
	}

	@Test
	void theLiveMachineryIsNotInTheRoot() {
		assertThat(MAIN_CLASSES.get(TelemetryHandle.class).getDirectDependenciesFromSelf())
			.anySatisfy((dependency) -> assertThat(dependency.getTargetClass().getPackageName()).isEqualTo(LIVE));
		for (String name : List.of("LiveDecision", "LivePipeline", "PipelineDrain", "LiveSettings", "SignalDecisions")) {
			assertThat(MAIN_CLASSES.contain(ROOT + "." + name)).as(name).isFalse();
			assertThat(MAIN_CLASSES.contain(LIVE + "." + name)).as(name).isTrue();
		}
	}

	@Test
	void theRootAndTheLiveMachineryAreSlicesOfTheirOwn() {
		assertThat(new CorePackages().getIdentifierOf(MAIN_CLASSES.get(NemoLens.class)))
			.isEqualTo(SliceIdentifier.of(ROOT));
		assertThat(new CorePackages().getIdentifierOf(MAIN_CLASSES.get(LIVE + ".LiveDecision")))
			.isEqualTo(SliceIdentifier.of(LIVE));
	}

	/**
	 * One slice per package, the root {@code nemo.lens} included, which
	 * {@code slices().matching("nemo.lens.(*)..")} would leave out.
	 */
	private static final class CorePackages implements SliceAssignment {

		@Override
		public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
			String packageName = javaClass.getPackageName();
			if (packageName.equals(ROOT) || packageName.startsWith(ROOT + ".")) {
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
