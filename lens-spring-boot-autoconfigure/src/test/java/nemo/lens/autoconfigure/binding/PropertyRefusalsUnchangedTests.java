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
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every {@code nemo.lens.*} property is bound, accepted and refused as before the settings became one
 * table, from a property source and from its {@code NEMO_LENS_*} variable: {@code refusals.tsv}
 * holds what the code of {@code a73e945} answered. Written once by this class's {@code main} on
 * that commit; never rewritten to make a change pass.
 */
class PropertyRefusalsUnchangedTests {

	@Test
	void everyValueIsBoundOrRefusedWithTheWordsOfBefore() throws IOException {
		List<String> expected;
		try (InputStream in = PropertyRefusalsUnchangedTests.class.getResourceAsStream("refusals.tsv")) {
			expected = List.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"));
		}
		List<String> actual = new ArrayList<>();
		for (String line : expected) {
			String[] fields = line.split("\t", -1);
			actual.add(answer(fields[0], fields[1], fields[2]));
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

	/** Writes the file from the code at hand: run once, on the commit named above. */
	@Test
	@EnabledIfSystemProperty(named = "lens.refusals.write", matches = ".+")
	void write() throws IOException {
		String[] args = { System.getProperty("lens.refusals.write") };
		List<String> values = List.of("on", "maybe", "-1", "0", "1", "0x10", "10001", "100001", "1000001",
				"-0.1", "1.5", "-1s", "0s", "1ns", "50ms", "500ms", "2s", "2h", "2d", "31d", "soon", "5",
				"microbatch,all", "bogus", "single_rank", "OTLP", "nv", "http://opamp:4320/v1/opamp", "opamp:4320",
				"a=b", "=secret");
		List<String> lines = new ArrayList<>();
		for (String property : LensPropertyNames.of().leaves()) {
			for (String value : values) {
				lines.add(answer("property", property, value));
				lines.add(answer("variable", property, value));
			}
		}
		Path out = Path.of(args[0]);
		Files.createDirectories(out.getParent());
		Files.writeString(out, String.join("\n", lines), StandardCharsets.UTF_8);
	}

}
