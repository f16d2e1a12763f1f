package nemo.lens.optional;

import java.io.File;
import java.util.ArrayList;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The optional dependencies of {@code lens-spring-boot-autoconfigure}, read from its pom (every
 * profile included), whose location the build passes as {@code lens.autoconfigure.pom}.
 */
final class AutoConfigurationPom {

	private AutoConfigurationPom() {
	}

	/** Each optional dependency's {@code groupId:artifactId}. */
	static List<String> optionalDependencies() throws Exception {
		String location = System.getProperty("lens.autoconfigure.pom");
		if (location == null) {
			throw new IllegalStateException("lens.autoconfigure.pom is not set: run this test through its module's build");
		}
		NodeList dependencies = DocumentBuilderFactory.newInstance()
			.newDocumentBuilder()
			.parse(new File(location))
			.getElementsByTagName("dependency");
		List<String> optional = new ArrayList<>();
		for (int i = 0; i < dependencies.getLength(); i++) {
			Element dependency = (Element) dependencies.item(i);
			if ("true".equals(child(dependency, "optional"))) {
				optional.add(child(dependency, "groupId") + ":" + child(dependency, "artifactId"));
			}
		}
		return optional;
	}

	private static String child(Element element, String name) {
		NodeList children = element.getElementsByTagName(name);
		return (children.getLength() > 0) ? children.item(0).getTextContent().trim() : null;
	}

}
