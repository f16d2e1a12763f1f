package nemo.lens.recorder;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import nemo.lens.sdk.RankAttributeNames;

/**
 * What one rank's dump says, read back from its OTLP JSON: who wrote it (from the resource, else
 * the file name) and why, its last finished span, and the innermost span it was still in. Only
 * what the report needs is read.
 *
 * @param file the dump
 * @param rank the rank
 * @param worldSize the world size, or {@code -1} when the dump holds no resource (a dump of an
 * empty ring written before dumps carried their resource)
 * @param runId the run id, or {@code null}
 * @param reason why the dump was written ({@code nemo.dump.reason}), or {@code null} when it does
 * not say
 * @param spans how many finished spans the dump holds
 * @param dropped how many spans were dropped before the oldest held, or {@code -1} when unknown
 * @param lastSpanName the name of the span that ended last, or {@code null} when there is none
 * @param lastSpanEnd when it ended, or {@code null}
 * @param stuckIn the innermost span still open at the dump, or {@code null} when none was
 */
record RankDump(Path file, int rank, int worldSize, String runId, String reason, int spans, long dropped,
		String lastSpanName, Instant lastSpanEnd, OpenSpan stuckIn) {

	private static final Pattern RANK_IN_NAME = Pattern.compile("-rank-(\\d+)-\\d{8}T\\d{6}\\.\\d{3}Z\\.json$");

	private static final JsonFactory JSON = new JsonFactory();

	/**
	 * Reads a dump: the first request of the file (a dump holds one line).
	 * @throws IOException when the file cannot be read or is no OTLP JSON
	 */
	static RankDump read(Path file) throws IOException {
		Map<String, Object> request;
		try (InputStream in = Files.newInputStream(file); JsonParser parser = JSON.createParser(in)) {
			if (parser.nextToken() != JsonToken.START_OBJECT) {
				throw new IOException("not an OTLP JSON request");
			}
			request = map(tree(parser));
		}
		Map<String, Object> resource = Map.of();
		int held = 0;
		String lastName = null;
		long lastEnd = -1;
		List<Map<String, Object>> open = new ArrayList<>();
		for (Object resourceSpans : list(request.get("resourceSpans"))) {
			resource = attributes(map(map(resourceSpans).get("resource")).get("attributes"));
			for (Object scopeSpans : list(map(resourceSpans).get("scopeSpans"))) {
				for (Object span : list(map(scopeSpans).get("spans"))) {
					if (Boolean.TRUE.equals(attributes(map(span).get("attributes")).get(OpenSpans.ATTRIBUTE))) {
						open.add(map(span));
						continue;
					}
					held++;
					long end = number(map(span).get("endTimeUnixNano"), -1);
					if (end >= lastEnd) {
						lastEnd = end;
						lastName = String.valueOf(map(span).get("name"));
					}
				}
			}
		}
		int rank = (int) number(RankAttributeNames.read("dl.rank", resource::get), rankInName(file));
		Object reason = resource.get(DumpReason.ATTRIBUTE);
		return new RankDump(file, rank, (int) number(RankAttributeNames.read("dl.world_size", resource::get), -1),
				(String) resource.get("nemo.run.id"), (reason != null) ? reason.toString() : null, held,
				number(resource.get(DumpWriter.DROPPED), -1), lastName,
				(lastEnd >= 0) ? Instant.ofEpochSecond(0, lastEnd) : null, innermost(open));
	}

	/**
	 * The innermost open span: of the open spans that are no other open span's parent (the ends of
	 * the chains the rank's threads are in), the one open longest, as a thread stuck in it is; a
	 * thread that still works opens and ends young spans.
	 */
	private static OpenSpan innermost(List<Map<String, Object>> open) {
		Set<Object> parents = new HashSet<>();
		open.forEach((span) -> parents.add(span.get("parentSpanId")));
		OpenSpan innermost = null;
		for (Map<String, Object> span : open) {
			if (parents.contains(span.get("spanId"))) {
				continue;
			}
			long start = number(span.get("startTimeUnixNano"), -1);
			long end = number(span.get("endTimeUnixNano"), -1);
			if (start < 0 || end < start) {
				continue;
			}
			OpenSpan candidate = new OpenSpan(String.valueOf(span.get("name")), Duration.ofNanos(end - start));
			if (innermost == null || candidate.openFor().compareTo(innermost.openFor()) > 0) {
				innermost = candidate;
			}
		}
		return innermost;
	}

	/**
	 * A span still open at a dump.
	 *
	 * @param name its name
	 * @param openFor how long it had been open at the dump
	 */
	record OpenSpan(String name, Duration openFor) {

	}

	private static long rankInName(Path file) throws IOException {
		Matcher matcher = RANK_IN_NAME.matcher(file.getFileName().toString());
		if (!matcher.find()) {
			throw new IOException("no rank in its resource or its name");
		}
		return Long.parseLong(matcher.group(1));
	}

	/** OTLP JSON attributes as key to value: {@code {"key": k, "value": {"intValue": "1"}}}. */
	private static Map<String, Object> attributes(Object attributes) {
		Map<String, Object> values = new LinkedHashMap<>();
		for (Object attribute : list(attributes)) {
			Map<String, Object> value = map(map(attribute).get("value"));
			values.put(String.valueOf(map(attribute).get("key")),
					value.isEmpty() ? null : value.values().iterator().next());
		}
		return values;
	}

	/** OTLP JSON writes 64-bit integers as text, and may write small ones as numbers. */
	private static long number(Object value, long otherwise) {
		if (value instanceof Number number) {
			return number.longValue();
		}
		if (value instanceof String text) {
			try {
				return Long.parseLong(text);
			}
			catch (NumberFormatException ex) {
				return otherwise;
			}
		}
		return otherwise;
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> map(Object value) {
		return (value instanceof Map) ? (Map<String, Object>) value : Map.of();
	}

	private static List<?> list(Object value) {
		return (value instanceof List<?> list) ? list : List.of();
	}

	/** The value the parser stands on, as maps, lists, text, numbers and booleans. */
	private static Object tree(JsonParser parser) throws IOException {
		JsonToken token = parser.currentToken();
		if (token == JsonToken.START_OBJECT) {
			Map<String, Object> object = new LinkedHashMap<>();
			while (parser.nextToken() == JsonToken.FIELD_NAME) {
				String name = parser.currentName();
				parser.nextToken();
				object.put(name, tree(parser));
			}
			return object;
		}
		if (token == JsonToken.START_ARRAY) {
			List<Object> array = new ArrayList<>();
			while (parser.nextToken() != JsonToken.END_ARRAY) {
				array.add(tree(parser));
			}
			return array;
		}
		if (token == null) {
			throw new IOException("the JSON ends early");
		}
		return switch (token) {
			case VALUE_STRING -> parser.getText();
			case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> parser.getNumberValue();
			case VALUE_TRUE -> Boolean.TRUE;
			case VALUE_FALSE -> Boolean.FALSE;
			default -> null;
		};
	}

}
