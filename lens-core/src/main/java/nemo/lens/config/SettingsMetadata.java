package nemo.lens.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Writes Spring's configuration metadata of every setting from its row: the description and the
 * default IDEs show for {@code nemo.lens.*}, with the hints kept beside the Spring module's sources.
 * The Spring module's build runs it before it compiles, as the file
 * {@code META-INF/additional-spring-configuration-metadata.json} that Spring Boot's annotation
 * processor merges into what it reads from the properties' record. Never loaded by a rank.
 */
public final class SettingsMetadata {

	private SettingsMetadata() {
	}

	/**
	 * Writes the metadata.
	 * @param args the file to write, and the file holding the hints (a JSON array)
	 * @throws IOException when a file cannot be read or written
	 */
	public static void main(String[] args) throws IOException {
		Path out = Path.of(args[0]);
		String hints = Files.readString(Path.of(args[1]), StandardCharsets.UTF_8).trim();
		Files.createDirectories(out.getParent());
		Files.writeString(out, json(hints), StandardCharsets.UTF_8);
	}

	static String json(String hints) {
		StringBuilder json = new StringBuilder("{\n  \"properties\": [");
		for (Setting setting : Setting.rows()) {
			json.append((setting.ordinal() > 0) ? ",\n" : "\n")
				.append("    {\"name\": ")
				.append(quoted(setting.property()))
				.append(", \"description\": ")
				.append(quoted(setting.description()));
			// Where a standard variable comes first (OTEL_SERVICE_NAME), the default is no default.
			String value = (setting.standardVariable() == null) ? value(setting.defaultValue()) : null;
			if (value != null) {
				json.append(", \"defaultValue\": ").append(value);
			}
			json.append('}');
		}
		return json.append("\n  ],\n  \"hints\": ").append(hints).append("\n}\n").toString();
	}

	/** The default as JSON, or {@code null} when there is none to show (nothing, empty text or list). */
	private static String value(Object value) {
		if (value instanceof Duration duration) {
			return quoted(Bounds.written(duration));
		}
		if (value instanceof String text) {
			return text.isEmpty() ? null : quoted(text);
		}
		if (value == null || (value instanceof List<?> list && list.isEmpty())) {
			return null;
		}
		return value.toString();
	}

	private static String quoted(String text) {
		StringBuilder quoted = new StringBuilder("\"");
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (c == '"' || c == '\\') {
				quoted.append('\\').append(c);
			}
			else if (c < 0x20) {
				quoted.append(String.format("\\u%04x", (int) c));
			}
			else {
				quoted.append(c);
			}
		}
		return quoted.append('"').toString();
	}

}
