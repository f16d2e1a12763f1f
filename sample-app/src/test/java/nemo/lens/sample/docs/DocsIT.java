package nemo.lens.sample.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import javax.xml.parsers.DocumentBuilderFactory;

import nemo.lens.NemoLensConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.io.ByteArrayResource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Every fenced code block of README.md and docs/*.md, checked by its kind (docs/development.md,
 * "Docs that are tested"): Java compiles with the imports it shows; Spring settings bind through
 * Spring Boot's binder and hold the values written ({@link DocSpringSettingsTests}, which runs on
 * every Boot line); a control file is read by a rank as written; a
 * {@code run} block runs with bash against the packaged jars, and an {@code output-of-run} block
 * after it is what it printed; a dependency names a module of this build at its version; a
 * {@code file} block is in the file of this build it names; {@code exports-logs} settings make an
 * application of this build, run as two ranks, send the exporting rank's logs to a receiver. Blocks
 * that are output, or not meant to be run here, say so with a marker and a reason; a block with
 * neither a check nor a marker fails.
 */
class DocsIT {

	private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

	@TempDir
	Path work;

	/** The page's sandbox whose blocks run now, closed when the next page starts or all are done. */
	private DocSandbox sandbox;

	static List<String> pages() throws IOException {
		List<String> pages = new ArrayList<>(List.of("README.md"));
		try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
			docs.map((page) -> "docs/" + page.getFileName()).filter((page) -> page.endsWith(".md")).sorted()
				.forEach(pages::add);
		}
		return pages;
	}

	static List<DocBlock> blocks() throws IOException {
		List<DocBlock> blocks = new ArrayList<>();
		for (String page : pages()) {
			blocks.addAll(DocBlock.read(ROOT, page));
		}
		return blocks;
	}

	@Test
	void everyBlockHasACheckOrAMarker() throws IOException {
		assertThat(blocks()).filteredOn((block) -> block.marker().isEmpty()
				&& !List.of("java", "yaml", "properties", "xml").contains(block.language()))
			.as("blocks with neither a check of their language nor a <!-- doc-check: ... --> marker")
			.isEmpty();
	}

	@Test
	void everyMarkerIsKnownAndEveryReasonGiven() throws IOException {
		assertThat(blocks()).filteredOn((block) -> !block.marker().isEmpty())
			.allSatisfy((block) -> {
				assertThat(block.kind()).as(block.toString())
					.isIn("run", "output", "output-of-run", "not-run", "parse", "control-file", "file", "exports-logs");
				if (List.of("not-run", "parse").contains(block.kind())) {
					assertThat(block.marker()).as("%s gives its reason", block).matches("[a-z-]+: .{10,}");
				}
				if (List.of("file", "exports-logs").contains(block.kind())) {
					assertThat(block.argument()).as("%s names a path of this build", block).isNotEmpty();
				}
			});
	}

	/**
	 * Where a page gives the control file's default interval (a settings table, "the default 5 s
	 * interval", the start-up line's "watched every 5s"), it gives the code's.
	 */
	@Test
	void everyPageGivesTheControlIntervalDefaultOfTheCode() throws IOException {
		String expected = NemoLensConfig.defaults().controlInterval().toSeconds() + "s";
		Pattern tableRow = Pattern.compile("^\\|.*(control\\.interval|CONTROL_INTERVAL)`.*");
		Pattern tableDefault = Pattern.compile("`(\\d+ ?(?:ms|s|m))`");
		Pattern prose = Pattern.compile("(?:default (\\d+ ?(?:ms|s|m)) (?:control )?interval|watched every (\\d+ ?(?:ms|s|m)))");
		List<String> found = new ArrayList<>();
		for (String page : pages()) {
			List<String> lines = Files.readAllLines(ROOT.resolve(page));
			for (int i = 0; i < lines.size(); i++) {
				String line = lines.get(i);
				boolean row = tableRow.matcher(line).matches();
				Matcher values = row ? tableDefault.matcher(line) : prose.matcher(line);
				while (values.find()) {
					// A row gives its default first; a range (`100ms` to `1h`) is no default.
					if (row && line.startsWith(" to ", values.end())) {
						break;
					}
					String value = (values.group(1) != null) ? values.group(1) : values.group(values.groupCount());
					found.add(page + ":" + (i + 1) + " " + value.replace(" ", ""));
					if (row) {
						break;
					}
				}
			}
		}
		assertThat(found).as("the control interval's default, where a page gives it").isNotEmpty()
			.allSatisfy((value) -> assertThat(value).endsWith(" " + expected));
	}

	@AfterEach
	void closeSandbox() throws IOException {
		if (this.sandbox != null) {
			this.sandbox.close();
			this.sandbox = null;
		}
	}

	@TestFactory
	Stream<DynamicTest> eachBlockDoesWhatItsPageSays() throws IOException {
		Path sampleJar = Path.of(System.getProperty("sample.jar"));
		List<DynamicTest> tests = new ArrayList<>();
		String[] lastRun = { null };
		String[] page = { "" };
		for (DocBlock block : blocks()) {
			tests.add(DynamicTest.dynamicTest(block.toString(), () -> {
				if (!block.page().equals(page[0])) {
					page[0] = block.page();
					closeSandbox();
					this.sandbox = DocSandbox.create(Files.createDirectories(this.work.resolve(block.page())), sampleJar);
					lastRun[0] = null;
				}
				check(block, this.sandbox, lastRun);
			}));
		}
		return tests.stream();
	}

	private void check(DocBlock block, DocSandbox sandbox, String[] lastRun) throws Exception {
		switch (block.kind()) {
			case "run" -> {
				lastRun[0] = sandbox.run(block);
				for (Path file : sandbox.controlFiles()) {
					ControlFileCheck.check(block + " wrote " + file.getFileName(), file);
				}
			}
			case "output-of-run" -> outputOfRun(block, lastRun[0]);
			case "control-file" -> {
				Path file = Files.createDirectories(this.work.resolve("control")).resolve("lens.properties");
				Files.writeString(file, block.text());
				ControlFileCheck.check(block.toString(), file);
			}
			case "parse" -> parse(block);
			case "file" -> BuildFileCheck.check(block, ROOT);
			// Its settings bind as DocSpringSettingsTests checks, on every Boot line.
			case "exports-logs" -> lastRun[0] = LogExportCheck.check(block, ROOT);
			case "output", "not-run" -> {
				// shown, not run: the marker gives the reason
			}
			default -> unmarked(block);
		}
	}

	private void unmarked(DocBlock block) throws Exception {
		switch (block.language()) {
			case "java" -> {
				String messages = JavaSnippet.compile(block, this.work.resolve("java-" + block.line()),
						JavaSnippet.classPath());
				assertThat(messages).as("javac on %s", block).isEmpty();
			}
			case "yaml", "properties" -> {
				// Spring settings: DocSpringSettingsTests binds them, on every Boot line.
			}
			case "xml" -> dependency(block);
			default -> fail("%s has no check of its language and no <!-- doc-check: ... --> marker", block);
		}
	}

	/**
	 * Each line of the shown output is in what the run printed; times in ms may differ, and so may a
	 * count in a table cell that is not zero (how many exports a rank made before its exit).
	 */
	private static void outputOfRun(DocBlock block, String printed) {
		assertThat(printed).as("%s follows a run block", block).isNotNull();
		for (String line : block.text().strip().split("\n")) {
			String pattern = Pattern.quote(line).replaceAll("\\d+ ms", "\\\\E\\\\d+ ms\\\\Q")
				.replaceAll("\\| [1-9]\\d*(?= \\|)", "| \\\\E[1-9]\\\\d*\\\\Q");
			assertThat(printed).as(block.toString()).containsPattern(pattern);
		}
	}

	private static void parse(DocBlock block) throws Exception {
		assertThat(new YamlPropertySourceLoader().load(block.toString(), new ByteArrayResource(block.text().getBytes())))
			.as(block.toString()).isNotEmpty();
	}

	/** A dependency names a module of this build at this build's version. */
	private static void dependency(DocBlock block) throws Exception {
		Document dependency = DocumentBuilderFactory.newInstance().newDocumentBuilder()
			.parse(new ByteArrayResource(block.text().getBytes()).getInputStream());
		Document pom = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(ROOT.resolve("pom.xml").toFile());
		String artifact = dependency.getElementsByTagName("artifactId").item(0).getTextContent();
		assertThat(dependency.getElementsByTagName("groupId").item(0).getTextContent()).isEqualTo("nemo.lens");
		assertThat(dependency.getElementsByTagName("version").item(0).getTextContent())
			.isEqualTo(pom.getElementsByTagName("version").item(0).getTextContent());
		assertThat(ROOT.resolve(artifact).resolve("pom.xml")).as(block.toString()).exists();
	}

}
