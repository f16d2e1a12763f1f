package nemo.lens;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import com.tngtech.archunit.core.domain.Dependency;
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

	private static final String LIVE = "nemo.lens.live";

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
	void theRootImportsNoPackageThatImportsItBack() {
		Set<String> importedByRoot = new TreeSet<>();
		Set<String> importingRoot = new TreeSet<>();
		for (JavaClass javaClass : MAIN_CLASSES) {
			for (Dependency dependency : javaClass.getDirectDependenciesFromSelf()) {
				String from = sliceOf(javaClass.getPackageName());
				String to = sliceOf(dependency.getTargetClass().getPackageName());
				if (from.equals("nemo.lens") && to.startsWith("nemo.lens.")) {
					importedByRoot.add(to);
				}
				if (to.equals("nemo.lens") && from.startsWith("nemo.lens.")) {
					importingRoot.add(from);
				}
			}
		}
		importedByRoot.retainAll(importingRoot);
		assertThat(importedByRoot).as("packages the root imports that import the root back").isEmpty();
	}

	@Test
	void noImportLoopOfMoreThanTwoClassesPassesThroughTheRoot() {
		Map<String, Set<String>> imports = new TreeMap<>();
		for (JavaClass javaClass : MAIN_CLASSES) {
			String from = topLevel(javaClass);
			if (!from.startsWith("nemo.lens.")) {
				continue;
			}
			Set<String> targets = imports.computeIfAbsent(from, (key) -> new TreeSet<>());
			for (Dependency dependency : javaClass.getDirectDependenciesFromSelf()) {
				String to = topLevel(dependency.getTargetClass());
				if (to.startsWith("nemo.lens.") && !to.equals(from)) {
					targets.add(to);
				}
			}
		}
		List<Set<String>> loops = new ArrayList<>();
		for (Set<String> loop : stronglyConnected(imports)) {
			if (loop.size() > 2 && loop.stream().anyMatch((name) -> name.lastIndexOf('.') == "nemo.lens".length())) {
				loops.add(loop);
			}
		}
		assertThat(loops).as("import loops of more than two classes through nemo.lens").isEmpty();
	}

	@Test
	void theRootHoldsWhatAUserImportsInAtMostTwelveClasses() {
		Set<String> root = new TreeSet<>();
		for (JavaClass javaClass : MAIN_CLASSES) {
			if (javaClass.getPackageName().equals("nemo.lens") && javaClass.isTopLevelClass()
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
			assertThat(MAIN_CLASSES.contain("nemo.lens." + name)).as(name).isFalse();
			assertThat(MAIN_CLASSES.contain(LIVE + "." + name)).as(name).isTrue();
		}
	}

	@Test
	void theRootPackageIsASliceOfItsOwn() {
		assertThat(new CorePackages().getIdentifierOf(MAIN_CLASSES.get(NemoLens.class)))
			.isEqualTo(SliceIdentifier.of("nemo.lens"));
	}

	/**
	 * The live machinery is the root's own, kept in a package of its own so that a rank that cannot
	 * be switched never loads it: the root and {@code nemo.lens.live} are one slice.
	 */
	private static String sliceOf(String packageName) {
		return packageName.equals(LIVE) ? "nemo.lens" : packageName;
	}

	/**
	 * One slice per package, the root {@code nemo.lens} included, which
	 * {@code slices().matching("nemo.lens.(*)..")} would leave out, and {@code nemo.lens.live} in it.
	 */
	private static final class CorePackages implements SliceAssignment {

		@Override
		public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
			String packageName = javaClass.getPackageName();
			if (packageName.equals("nemo.lens") || packageName.startsWith("nemo.lens.")) {
				return SliceIdentifier.of(sliceOf(packageName));
			}
			return SliceIdentifier.ignore();
		}

		@Override
		public String getDescription() {
			return "the packages of lens-core, nemo.lens included";
		}

	}

	private static String topLevel(JavaClass javaClass) {
		String name = javaClass.getName();
		int nested = name.indexOf('$');
		return (nested < 0) ? name : name.substring(0, nested);
	}

	/** Tarjan's strongly connected components: each loop of imports, as the set of its classes. */
	private static List<Set<String>> stronglyConnected(Map<String, Set<String>> graph) {
		Map<String, Integer> index = new HashMap<>();
		Map<String, Integer> low = new HashMap<>();
		Deque<String> stack = new ArrayDeque<>();
		Set<String> onStack = new LinkedHashSet<>();
		List<Set<String>> components = new ArrayList<>();
		for (String start : graph.keySet()) {
			if (!index.containsKey(start)) {
				visit(start, graph, index, low, stack, onStack, components);
			}
		}
		return components;
	}

	private static void visit(String node, Map<String, Set<String>> graph, Map<String, Integer> index,
			Map<String, Integer> low, Deque<String> stack, Set<String> onStack, List<Set<String>> components) {
		index.put(node, index.size());
		low.put(node, index.get(node));
		stack.push(node);
		onStack.add(node);
		for (String next : graph.getOrDefault(node, Set.of())) {
			if (!index.containsKey(next)) {
				visit(next, graph, index, low, stack, onStack, components);
				low.put(node, Math.min(low.get(node), low.get(next)));
			}
			else if (onStack.contains(next)) {
				low.put(node, Math.min(low.get(node), index.get(next)));
			}
		}
		if (low.get(node).equals(index.get(node))) {
			Set<String> component = new TreeSet<>();
			String member;
			do {
				member = stack.pop();
				onStack.remove(member);
				component.add(member);
			}
			while (!member.equals(node));
			components.add(component);
		}
	}

}
