package nemo.lens.autoconfigure.binding;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import nemo.lens.autoconfigure.NemoLensProperties;
import org.junit.jupiter.api.Test;

import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every {@code nemo.lens.*} property is bound, accepted and refused as before the settings became one
 * table, from a property source and from its {@code NEMO_LENS_*} variable: {@code refusals.tsv}
 * holds what the code of {@code a73e945} answered, written by this class's {@code write} method as
 * it stood in {@code 5c503c2}; never rewritten to make a change pass.
 */
class PropertyRefusalsUnchangedTests {

	@Test
	void everyValueIsBoundOrRefusedWithTheWordsOfBefore() throws IOException {
		List<String> expected = new ArrayList<>();
		try (InputStream in = PropertyRefusalsUnchangedTests.class.getResourceAsStream("refusals.tsv")) {
			for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
				// The one change: the config was built by reflection, whose wrapper went with it.
				expected.add(line.replace(" | Failed to instantiate [nemo.lens.NemoLensConfig]: Constructor threw exception", ""));
			}
		}
		List<String> actual = new ArrayList<>();
		for (String line : expected) {
			String[] fields = line.split("\t", -1);
			actual.add(answer(fields[0], fields[1], fields[2]));
		}
		if (!actual.equals(expected)) {
			// For a diff against the file: the assertion's own report is too long to read.
			Files.writeString(Path.of("target", "refusals-actual.tsv"), String.join("\n", actual), StandardCharsets.UTF_8);
		}
		assertThat(actual).containsExactlyElementsOf(expected);
	}

	static String answer(String form, String property, String value) {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().remove(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME);
		environment.getPropertySources().remove(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME);
		if (form.equals("variable")) {
			environment.getPropertySources()
				.addFirst(new SystemEnvironmentPropertySource(
						StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
						Map.of(LensPropertyNames.variable(property), value)));
		}
		else {
			environment.getPropertySources().addFirst(new MapPropertySource("test", Map.of(property, value)));
		}
		String outcome;
		try {
			NemoLensProperties properties = LensSettings.bind(environment);
			outcome = "ok " + LensSettings.config(properties, environment);
		}
		catch (RuntimeException ex) {
			StringBuilder messages = new StringBuilder("refused");
			for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
				messages.append(" | ").append(cause.getMessage());
			}
			outcome = messages.toString();
		}
		return String.join("\t", form, property, value, outcome.replace('\n', ' '));
	}

}
