package nemo.lens.recorder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A flight recorder dump read back as a reader of the file would: its spans and its resource.
 *
 * @param request the first line, an {@code ExportTraceServiceRequest}
 */
public record DumpFile(JsonNode request) {

	private static final ObjectMapper JSON = new ObjectMapper();

	public static DumpFile read(Path dump) {
		try {
			return new DumpFile(JSON.readTree(Files.readAllLines(dump).get(0)));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The dumps of a directory, oldest first, without the hidden temporary files. */
	public static List<Path> in(Path directory) {
		try (Stream<Path> files = Files.list(directory)) {
			return files.filter((file) -> file.getFileName().toString().endsWith(".json")).sorted().toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	public List<JsonNode> spans() {
		List<JsonNode> spans = new ArrayList<>();
		this.request.path("resourceSpans").forEach((resource) -> resource.path("scopeSpans")
			.forEach((scope) -> scope.path("spans").forEach(spans::add)));
		return spans;
	}

	public JsonNode span(String name) {
		return spans().stream()
			.filter((span) -> span.path("name").asText().equals(name))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no span " + name + " in " + this.request));
	}

	public String resourceAttribute(String key) {
		for (JsonNode attribute : this.request.path("resourceSpans").get(0).path("resource").path("attributes")) {
			if (attribute.path("key").asText().equals(key)) {
				return attribute.path("value").elements().next().asText();
			}
		}
		return null;
	}

	/** A span's attribute as its OTLP JSON value ({@code {"boolValue": true}}), if it has it. */
	public static Optional<JsonNode> attribute(JsonNode span, String key) {
		for (JsonNode attribute : span.path("attributes")) {
			if (attribute.path("key").asText().equals(key)) {
				return Optional.of(attribute.path("value"));
			}
		}
		return Optional.empty();
	}

}
