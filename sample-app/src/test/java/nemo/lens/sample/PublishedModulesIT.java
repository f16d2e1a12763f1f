package nemo.lens.sample;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Document;
import org.w3c.dom.Node;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a public repository asks of the modules this build publishes (lens-parent, lens-core,
 * lens-spring-boot-autoconfigure, lens-spring-boot-starter): a POM that carries a name, a
 * description, a url, a licence, the scm and the developers (its own, or inherited from
 * lens-parent as Maven inherits them), and, beside each jar, a sources jar and a Javadoc jar.
 * An IT, as the jars are those this build packaged; the default Boot line's build makes them.
 */
class PublishedModulesIT {

	private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

	private static final List<String> INHERITED = List.of("url", "licenses/license/name", "licenses/license/url",
			"scm/connection", "scm/url", "developers/developer/name");

	@ParameterizedTest
	@ValueSource(strings = { ".", "lens-core", "lens-opamp", "lens-spring-boot-autoconfigure", "lens-spring-boot-starter" })
	void aPublishedModulesPomCarriesWhatAPublicRepositoryAsks(String module) throws Exception {
		Document pom = read(ROOT.resolve(module).resolve("pom.xml"));
		Document parent = read(ROOT.resolve("pom.xml"));
		assertThat(text(pom, "name")).as("%s: name", module).isNotBlank();
		assertThat(text(pom, "description")).as("%s: description", module).isNotBlank();
		for (String element : INHERITED) {
			String own = text(pom, element);
			assertThat(own.isBlank() ? text(parent, element) : own).as("%s: %s", module, element).isNotBlank();
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "lens-core", "lens-opamp", "lens-spring-boot-autoconfigure" })
	void aPublishedLibraryHasSourcesAndJavadocJars(String module) throws IOException {
		assertThat(entries(module, "sources")).anyMatch((name) -> name.endsWith(".java"));
		assertThat(entries(module, "javadoc")).contains("index.html");
	}

	@ParameterizedTest
	@ValueSource(strings = { "sources", "javadoc" })
	void theStarterWithNoCodeHasSourcesAndJavadocJarsThatSaySo(String classifier) throws IOException {
		assertThat(entries("lens-spring-boot-starter", classifier)).contains("README.md");
	}

	@Test
	void lensCoresJarStoresItsClassesWithLinesAndWithoutLocalVariableTables() throws IOException {
		// Every rank of a job reads these classes at start-up: stored, a class costs no inflater and
		// no buffer of its size on the heap; without local variable tables, about 13% fewer bytes.
		Path jar = ROOT.resolve("lens-core").resolve("target").resolve("lens-core-" + version() + ".jar");
		try (JarFile file = new JarFile(jar.toFile())) {
			List<JarEntry> classes = file.stream().filter((entry) -> entry.getName().endsWith(".class")).toList();
			assertThat(classes).hasSizeGreaterThan(100)
				.allSatisfy((entry) -> assertThat(entry.getMethod()).as(entry.getName()).isEqualTo(ZipEntry.STORED));
			String setup = new String(file.getInputStream(file.getJarEntry("nemo/lens/TelemetrySetup.class"))
				.readAllBytes(), StandardCharsets.ISO_8859_1);
			assertThat(setup).contains("LineNumberTable", "SourceFile").doesNotContain("LocalVariableTable");
		}
	}

	private static List<String> entries(String module, String classifier) throws IOException {
		Path jar = ROOT.resolve(module).resolve("target").resolve(module + "-" + version() + "-" + classifier + ".jar");
		assertThat(jar).as("the %s jar of %s", classifier, module).exists();
		try (JarFile file = new JarFile(jar.toFile())) {
			return file.stream().map((entry) -> entry.getName()).toList();
		}
	}

	private static String version() {
		return text(read(ROOT.resolve("pom.xml")), "version");
	}

	private static String text(Document pom, String path) {
		try {
			Node node = (Node) XPathFactory.newInstance().newXPath().evaluate("/project/" + path, pom, XPathConstants.NODE);
			return (node != null) ? node.getTextContent().trim() : "";
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static Document read(Path pom) {
		try {
			return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
		}
		catch (Exception ex) {
			throw new IllegalStateException(pom + " cannot be read", ex);
		}
	}

}
