package nemo.lens.sample.docs;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Compiles a Java block as a user would copy it: with the imports it shows, and nothing else. A
 * block that declares a class is a source file of its own; a block of methods (a {@code @Bean})
 * the body of a class; any other block the body of a method of a class that gives the names the
 * pages take as known: {@code handle} (a {@code TelemetryHandle}), {@code rank},
 * {@code worldSize}, {@code log} (an SLF4J logger) and {@code train()}.
 */
final class JavaSnippet {

	private static final Pattern IMPORT = Pattern.compile("(?m)^import [\\w.]+;\\n");

	private static final Pattern DECLARED_CLASS = Pattern.compile("(?m)^(public |final )*(class|record|interface) (\\w+)");

	private static final Pattern METHOD = Pattern.compile("^(@.*\\n)*[\\w<>\\[\\], ]+ \\w+\\([^;]*\\)[^;]*\\{");

	private JavaSnippet() {
	}

	/**
	 * Compiles the block.
	 * @param block the block
	 * @param work a folder of the block's own
	 * @param classPath the class path a user's application would have
	 * @return javac's messages, empty when the block compiled
	 */
	static String compile(DocBlock block, Path work, String classPath) throws Exception {
		String text = block.text();
		StringBuilder imports = new StringBuilder();
		Matcher importLine = IMPORT.matcher(text);
		while (importLine.find()) {
			imports.append(importLine.group());
		}
		String body = IMPORT.matcher(text).replaceAll("").strip();
		String name;
		String source;
		Matcher declared = DECLARED_CLASS.matcher(body);
		if (declared.find()) {
			name = declared.group(3);
			source = body;
		}
		else {
			name = "Block" + block.line();
			source = "class " + name + " {\n"
					+ (METHOD.matcher(body).find() ? body
							: "nemo.lens.TelemetryHandle handle;\nint rank;\nint worldSize;\n"
									+ "org.slf4j.Logger log;\nvoid train() {\n}\n"
									+ "void example() throws Exception {\n" + body + "\n}\n")
					+ "\n}\n";
		}
		Path file = work.resolve(name + ".java");
		Files.createDirectories(work);
		Files.writeString(file, imports + "\n" + source);
		List<String> arguments = new ArrayList<>(List.of("-d", work.toString(), "-cp", classPath, "-proc:none",
				"-Xlint:none", file.toString()));
		ByteArrayOutputStream messages = new ByteArrayOutputStream();
		JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
		int status = javac.run(null, messages, messages, arguments.toArray(String[]::new));
		return (status == 0) ? "" : messages.toString(StandardCharsets.UTF_8) + "\n--- as compiled:\n" + Files.readString(file);
	}

	/** The test's class path and the extra jars a page's examples need (Spring Security). */
	static String classPath() {
		String path = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
		String extra = System.getProperty("docs.classpath", "");
		if (!extra.isEmpty()) {
			File[] jars = new File(extra).listFiles((dir, file) -> file.endsWith(".jar"));
			for (File jar : (jars != null) ? jars : new File[0]) {
				path += File.pathSeparator + jar;
			}
		}
		return path;
	}

}
