package nemo.lens.spans;

import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.data.SpanData;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.RecordingSpanExporter;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Java examples of docs/spans.md, compiled as they are written and run on an
 * exporting rank: a block that declares a class becomes a member class, every other block the body
 * of a method given {@code handle}.
 */
class DocsSpansExamplesTests {

	private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);

	@TempDir
	Path work;

	private static List<String> spansExamples() throws IOException {
		String page = Files.readString(Path.of("..", "docs", "spans.md"), StandardCharsets.UTF_8);
		Matcher blocks = JAVA_BLOCK.matcher(page);
		List<String> examples = new ArrayList<>();
		while (blocks.find()) {
			examples.add(blocks.group(1));
		}
		return examples;
	}

	@Test
	void spansExamplesCompileAndRunOnAnExportingRank() throws Exception {
		List<String> examples = spansExamples();
		assertThat(examples).hasSizeGreaterThanOrEqualTo(4);
		StringBuilder source = new StringBuilder("package docs;\nimport nemo.lens.*;\nimport nemo.lens.spans.*;\n"
				+ "public class SpansExamples {\n");
		int methods = 0;
		for (String shown : examples) {
			// The imports each block shows are the header's; the rest is the example.
			String example = shown.replaceAll("(?m)^import [\\w.]+;\\n", "");
			if (example.contains("class ")) {
				source.append(example).append('\n');
			}
			else {
				source.append("public static void example").append(methods++)
					.append("(TelemetryHandle handle) throws Exception {\n").append(example).append("}\n");
			}
		}
		source.append("}\n");
		Path file = this.work.resolve("docs/SpansExamples.java");
		Files.createDirectories(file.getParent());
		Files.writeString(file, source);
		JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
		String classPath = Stream.of(TelemetryHandle.class, LensSpan.class, Span.class, Context.class, AttributeKey.class)
			.map((type) -> type.getProtectionDomain().getCodeSource().getLocation().getPath())
			.distinct()
			.collect(Collectors.joining(java.io.File.pathSeparator));
		int status = compiler.run(null, null, null, "-d", this.work.toString(), "-cp", classPath, file.toString());
		assertThat(status).as("javac on the examples of docs/spans.md:\n%s", source).isZero();

		Map<String, String> env = new HashMap<>();
		RecordingSpanExporter exported = new RecordingSpanExporter();
		NemoLensConfig config = NemoLensConfig.builder().enabled(true).exportStrategy("all_ranks").exporter("none")
			.jobTrace(true).runId("docs").build();
		try (URLClassLoader loader = new URLClassLoader(new URL[] { this.work.toUri().toURL() }, getClass().getClassLoader());
				TelemetryHandle handle = new TelemetrySetup(new ExportStrategyRegistry(env::get), env::get).setup(config, 1,
						2, TelemetryOptions.builder().spanExporter(exported).build())) {
			Class<?> examplesClass = loader.loadClass("docs.SpansExamples");
			for (int i = 0; i < methods; i++) {
				Method method = examplesClass.getMethod("example" + i, TelemetryHandle.class);
				method.invoke(null, handle);
			}
		}
		assertThat(exported.spans()).extracting(SpanData::getName)
			.contains("train.step", "checkpoint.save", "evaluate", "pipeline.forward");
	}

}
