package nemo.lens;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;

/**
 * The imports between the top-level classes of one module, a nested class counting as its
 * top-level class, taken from both its class files and its sources: the class files hold what a
 * class reaches without naming it (through a chain of calls, a {@code var}), the sources what javac
 * leaves out of them (a constant, whose value it copies into the class that uses it, and an import
 * for the Javadoc). Shared by the architecture tests of the modules.
 */
public final class ImportGraph {

	private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);

	private static final Pattern IMPORT = Pattern.compile("^import\\s+(?:static\\s+)?([\\w.]+)\\s*;",
			Pattern.MULTILINE);

	/**
	 * A name in code, not one of an object's members: a simple one, or a qualified one such as
	 * {@code nemo.lens.live.RankAgent}.
	 */
	private static final Pattern NAME = Pattern.compile("(?<![\\w.$])[A-Za-z_$][\\w$]*(\\.[A-Za-z_$][\\w$]*)*");

	/** Each top-level class of the module, by its name, with the classes of the module it imports. */
	private final Map<String, Set<String>> imports = new TreeMap<>();

	private ImportGraph() {
	}

	/**
	 * The imports among the classes of a module.
	 * @param classes the module's main classes
	 * @param sources the module's main sources, such as {@code src/main/java}
	 * @return the imports among the classes the sources declare
	 */
	public static ImportGraph of(JavaClasses classes, Path sources) {
		ImportGraph graph = new ImportGraph();
		Map<String, String> code = new TreeMap<>();
		try (Stream<Path> files = Files.walk(sources)) {
			files.filter((file) -> file.toString().endsWith(".java"))
				.filter((file) -> !file.getFileName().toString().equals("package-info.java"))
				.forEach((file) -> {
					String text = read(file);
					Matcher packageName = PACKAGE.matcher(text);
					String simpleName = file.getFileName().toString().replace(".java", "");
					code.put(packageName.find() ? packageName.group(1) + "." + simpleName : simpleName, text);
				});
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		code.keySet().forEach((name) -> graph.imports.put(name, new TreeSet<>()));
		code.forEach(graph::addSourceImports);
		for (JavaClass javaClass : classes) {
			for (Dependency dependency : javaClass.getDirectDependenciesFromSelf()) {
				graph.add(topLevel(javaClass.getName()), topLevel(dependency.getTargetClass().getName()));
			}
		}
		return graph;
	}

	/**
	 * The import loops of more than a number of classes: two classes that import each other are a
	 * pair, more are a knot that no class of it can be read or changed without all the others.
	 * @param classes the number of classes a loop may have; 1 for none at all
	 * @return each loop, as the set of its classes
	 */
	public List<Set<String>> classLoopsOfMoreThan(int classes) {
		return stronglyConnected(this.imports).stream().filter((loop) -> loop.size() > classes).toList();
	}

	/**
	 * The import loops of packages.
	 * @return each loop, as the set of its packages
	 */
	public List<Set<String>> packageLoops() {
		Map<String, Set<String>> packages = new TreeMap<>();
		this.imports.forEach((from, targets) -> {
			Set<String> imported = packages.computeIfAbsent(packageOf(from), (key) -> new TreeSet<>());
			targets.forEach((to) -> imported.add(packageOf(to)));
			imported.remove(packageOf(from));
		});
		return stronglyConnected(packages).stream().filter((loop) -> loop.size() > 1).toList();
	}

	/** What a source imports, what it names of its own package and what it names in full, in its code. */
	private void addSourceImports(String name, String text) {
		Matcher imported = IMPORT.matcher(text);
		while (imported.find()) {
			add(name, topLevelOfImport(imported.group(1)));
		}
		String body = withoutCommentsAndLiterals(text).replaceAll("(?m)^(package|import)\\s[^;]*;", "");
		Matcher named = NAME.matcher(body);
		while (named.find()) {
			// Capitalised, it is a class of the package (or a member of one); else a package, in full.
			String first = named.group().split("\\.")[0];
			add(name, Character.isUpperCase(first.charAt(0)) ? packageOf(name) + "." + first
					: topLevelOfImport(named.group()));
		}
	}

	private void add(String from, String to) {
		if (!from.equals(to) && this.imports.containsKey(from) && this.imports.containsKey(to)) {
			this.imports.get(from).add(to);
		}
	}

	/** The class an import names: {@code a.b.Outer} for {@code a.b.Outer.Inner} or a static member. */
	private static String topLevelOfImport(String imported) {
		String[] parts = imported.split("\\.");
		StringBuilder name = new StringBuilder();
		for (String part : parts) {
			name.append((name.length() > 0) ? "." : "").append(part);
			if (Character.isUpperCase(part.charAt(0))) {
				break;
			}
		}
		return name.toString();
	}

	private static String topLevel(String className) {
		int nested = className.indexOf('$');
		return (nested < 0) ? className : className.substring(0, nested);
	}

	private static String packageOf(String className) {
		int last = className.lastIndexOf('.');
		return (last < 0) ? "" : className.substring(0, last);
	}

	/** The code alone: comments, strings, text blocks and characters blanked out. */
	private static String withoutCommentsAndLiterals(String text) {
		StringBuilder code = new StringBuilder(text.length());
		int i = 0;
		while (i < text.length()) {
			String end = null;
			if (text.startsWith("//", i)) {
				end = "\n";
			}
			else if (text.startsWith("/*", i)) {
				end = "*/";
			}
			else if (text.startsWith("\"\"\"", i)) {
				end = "\"\"\"";
			}
			else if (text.charAt(i) == '"' || text.charAt(i) == '\'') {
				end = String.valueOf(text.charAt(i));
			}
			if (end == null) {
				code.append(text.charAt(i++));
				continue;
			}
			int from = i + ((end.equals("\n")) ? 2 : Math.max(end.length(), 1));
			int to = from;
			while (to < text.length() && !text.startsWith(end, to)) {
				// A backslash escapes the next character in a literal, never in a comment.
				to += (text.charAt(to) == '\\' && !end.equals("\n") && !end.equals("*/")) ? 2 : 1;
			}
			i = Math.min(text.length(), to + end.length());
			code.append(' ');
		}
		return code.toString();
	}

	private static String read(Path file) {
		try {
			return Files.readString(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Tarjan's strongly connected components: each loop of imports, as the set of its members. */
	private static List<Set<String>> stronglyConnected(Map<String, Set<String>> graph) {
		Map<String, Integer> index = new HashMap<>();
		Map<String, Integer> low = new HashMap<>();
		Deque<String> stack = new ArrayDeque<>();
		Set<String> onStack = new HashSet<>();
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
