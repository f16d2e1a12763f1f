package nemo.lens.sample;

import java.nio.file.Path;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathFactory;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code mvn -B -q package} starts the sample's context once, in Spring AOT's processing: that run
 * prints no Spring Boot banner and no INFO lines.
 */
class QuietPackageTests {

	@Test
	void theAotProcessingRunPrintsNoBannerAndNoInfoLines() throws Exception {
		Document pom = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(Path.of("pom.xml").toFile());
		String execution = "//execution[id='process-aot']/configuration/systemPropertyVariables/";
		assertThat(XPathFactory.newInstance().newXPath().evaluate(execution + "*[name()='spring.main.banner-mode']", pom))
			.isEqualTo("off");
		assertThat(XPathFactory.newInstance().newXPath().evaluate(execution + "*[name()='logging.level.root']", pom))
			.isEqualTo("warn");
	}

}
