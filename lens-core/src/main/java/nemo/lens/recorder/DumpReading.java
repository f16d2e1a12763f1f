package nemo.lens.recorder;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import nemo.lens.sdk.RankAttributeNames;

/**
 * Reads one dump's first line (its {@code ExportTraceServiceRequest}) as a stream, never as a tree:
 * the report reads a thousand files of half a megabyte each. {@link #header} stops after the
 * resource (who wrote it, why, which attempt), {@link #read} keeps every span as a
 * {@link DumpSpan}. What a dump does not say is taken from its file name
 * ({@code <run id>-rank-<rank>-[...-]<UTC time>.json}).
 */
final class DumpReading {

	private static final JsonFactory JSON = new JsonFactory();

	private static final Pattern RANK_IN_NAME = Pattern.compile("-rank-(\\d+)-");

	private static final Pattern ATTEMPT_IN_NAME = Pattern.compile("-attempt-(\\d+)-");

	private static final Pattern TIME_IN_NAME = Pattern.compile("(\\d{8}T\\d{6}\\.\\d{3}Z)\\.json$");

	private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss.SSS'Z'")
		.withZone(ZoneOffset.UTC);

	private static final String STEP = "dl.step";

	private static final List<String> READ_KEYS = List.of(OpenSpans.ATTRIBUTE, STEP, RankAttributeNames.nv(STEP));

	private DumpReading() {
	}

	/**
	 * Who wrote a dump, and when: its resource and name, none of its spans.
	 * @throws IOException when the file cannot be read or is no OTLP JSON
	 */
	static Header header(Path file) throws IOException {
		return parse(file, null);
	}

	/**
	 * A dump, its spans included.
	 * @throws IOException when the file cannot be read or is no OTLP JSON
	 */
	static RankDump read(Path file) throws IOException {
		List<DumpSpan> spans = new ArrayList<>();
		Header header = parse(file, spans);
		return RankDump.of(header, spans);
	}

	private static Header parse(Path file, List<DumpSpan> spans) throws IOException {
		Map<String, Object> resource = new LinkedHashMap<>();
		try (InputStream in = Files.newInputStream(file); JsonParser parser = JSON.createParser(in)) {
			if (parser.nextToken() != JsonToken.START_OBJECT) {
				throw new IOException("not an OTLP JSON request");
			}
			Names names = new Names();
			while (next(parser) == JsonToken.FIELD_NAME) {
				String field = parser.currentName();
				next(parser);
				if (!field.equals("resourceSpans") || parser.currentToken() != JsonToken.START_ARRAY) {
					parser.skipChildren();
					continue;
				}
				while (next(parser) == JsonToken.START_OBJECT) {
					if (resourceSpans(parser, resource, spans, names)) {
						return header(file, resource);
					}
				}
			}
		}
		return header(file, resource);
	}

	/** One {@code resourceSpans} entry; whether the reading stops here (a header is read). */
	private static boolean resourceSpans(JsonParser parser, Map<String, Object> resource, List<DumpSpan> spans,
			Names names) throws IOException {
		while (next(parser) == JsonToken.FIELD_NAME) {
			String field = parser.currentName();
			next(parser);
			if (field.equals("resource") && parser.currentToken() == JsonToken.START_OBJECT) {
				while (next(parser) == JsonToken.FIELD_NAME) {
					String inner = parser.currentName();
					next(parser);
					if (inner.equals("attributes")) {
						attributes(parser, resource);
					}
					else {
						parser.skipChildren();
					}
				}
				if (spans == null) {
					return true;
				}
			}
			else if (field.equals("scopeSpans") && spans != null && parser.currentToken() == JsonToken.START_ARRAY) {
				while (next(parser) == JsonToken.START_OBJECT) {
					while (next(parser) == JsonToken.FIELD_NAME) {
						String inner = parser.currentName();
						next(parser);
						if (inner.equals("spans") && parser.currentToken() == JsonToken.START_ARRAY) {
							while (next(parser) == JsonToken.START_OBJECT) {
								spans.add(span(parser, names));
							}
						}
						else {
							parser.skipChildren();
						}
					}
				}
			}
			else {
				parser.skipChildren();
			}
		}
		return false;
	}

	private static DumpSpan span(JsonParser parser, Names names) throws IOException {
		String name = null;
		long id = 0;
		long parent = 0;
		long start = -1;
		long end = -1;
		long step = DumpSpan.NO_STEP;
		boolean open = false;
		while (next(parser) == JsonToken.FIELD_NAME) {
			String field = parser.currentName();
			JsonToken value = next(parser);
			switch (field) {
				case "name" -> name = names.of(parser);
				case "spanId" -> id = spanId(parser);
				case "parentSpanId" -> parent = spanId(parser);
				case "startTimeUnixNano" -> start = time(parser, value);
				case "endTimeUnixNano" -> end = time(parser, value);
				case "attributes" -> {
					// Only two attributes matter here; the others are skipped unread.
					SpanAttributes attributes = new SpanAttributes();
					spanAttributes(parser, attributes);
					open = attributes.open;
					step = attributes.step;
				}
				default -> parser.skipChildren();
			}
		}
		return new DumpSpan((name != null) ? name : "", id, parent, start, Math.max(start, end), step, open);
	}

	/** What a span's attributes tell the report: whether it is open, and its step. */
	private static final class SpanAttributes {

		boolean open;

		long step = DumpSpan.NO_STEP;

		long nvStep = DumpSpan.NO_STEP;

	}

	/** A span's attributes, reading the values of {@code nemo.span.open} and the step only. */
	private static void spanAttributes(JsonParser parser, SpanAttributes into) throws IOException {
		if (parser.currentToken() != JsonToken.START_ARRAY) {
			parser.skipChildren();
			return;
		}
		while (next(parser) == JsonToken.START_OBJECT) {
			String key = null;
			while (next(parser) == JsonToken.FIELD_NAME) {
				String field = parser.currentName();
				JsonToken token = next(parser);
				if (field.equals("key")) {
					key = readKey(parser);
				}
				else if (field.equals("value") && token == JsonToken.START_OBJECT && key != null) {
					Object value = value(parser);
					if (key.equals(OpenSpans.ATTRIBUTE)) {
						into.open = Boolean.TRUE.equals(value);
					}
					else if (value instanceof Number number) {
						if (key.equals(STEP)) {
							into.step = number.longValue();
						}
						else {
							into.nvStep = number.longValue();
						}
					}
				}
				else {
					parser.skipChildren();
				}
			}
		}
		if (into.step == DumpSpan.NO_STEP) {
			into.step = into.nvStep;
		}
	}

	/**
	 * The key, where it is one of the attributes read, compared in the parser's buffer (two million
	 * spans make no string of a key they skip); {@code null} otherwise. OTLP JSON writes the key
	 * before the value; a value whose key came after it is not read.
	 */
	private static String readKey(JsonParser parser) throws IOException {
		for (String key : READ_KEYS) {
			if (Names.matches(parser, key)) {
				return key;
			}
		}
		return null;
	}

	/**
	 * Span names, one string each per file however many spans carry it: compared in the parser's
	 * buffer with the names seen so far, a string made only for a new one.
	 */
	private static final class Names {

		/** Distinct names compared one by one; past them, a map. */
		private static final int SCANNED = 32;

		private final List<String> seen = new ArrayList<>();

		private final Map<String, String> more = new HashMap<>();

		String of(JsonParser parser) throws IOException {
			for (String name : this.seen) {
				if (matches(parser, name)) {
					return name;
				}
			}
			String name = parser.getText();
			if (this.seen.size() < SCANNED) {
				this.seen.add(name);
				return name;
			}
			return this.more.computeIfAbsent(name, (text) -> text);
		}

		static boolean matches(JsonParser parser, String text) throws IOException {
			int length = parser.getTextLength();
			if (length != text.length()) {
				return false;
			}
			char[] buffer = parser.getTextCharacters();
			int offset = parser.getTextOffset();
			for (int i = 0; i < length; i++) {
				if (buffer[offset + i] != text.charAt(i)) {
					return false;
				}
			}
			return true;
		}

	}

	/** OTLP JSON attributes, {@code [{"key": k, "value": {"intValue": "1"}}]}, into a map. */
	private static void attributes(JsonParser parser, Map<String, Object> into) throws IOException {
		if (parser.currentToken() != JsonToken.START_ARRAY) {
			parser.skipChildren();
			return;
		}
		while (next(parser) == JsonToken.START_OBJECT) {
			String key = null;
			Object value = null;
			while (next(parser) == JsonToken.FIELD_NAME) {
				String field = parser.currentName();
				JsonToken token = next(parser);
				if (field.equals("key")) {
					key = parser.getText();
				}
				else if (field.equals("value") && token == JsonToken.START_OBJECT) {
					value = value(parser);
				}
				else {
					parser.skipChildren();
				}
			}
			if (key != null) {
				into.put(key, value);
			}
		}
	}

	/** An attribute's value: text, a number (an {@code intValue} is written as text), a boolean. */
	private static Object value(JsonParser parser) throws IOException {
		Object value = null;
		while (next(parser) == JsonToken.FIELD_NAME) {
			String kind = parser.currentName();
			JsonToken token = next(parser);
			switch (kind) {
				case "stringValue" -> value = parser.getText();
				case "intValue" -> value = number(parser, token);
				case "doubleValue" -> value = parser.getValueAsDouble();
				case "boolValue" -> value = parser.getValueAsBoolean();
				default -> parser.skipChildren();
			}
		}
		return value;
	}

	/** OTLP JSON writes 64-bit integers as text, and may write small ones as numbers. */
	private static long number(JsonParser parser, JsonToken token) throws IOException {
		if (token == JsonToken.VALUE_NUMBER_INT) {
			return parser.getLongValue();
		}
		if (token == JsonToken.VALUE_STRING) {
			try {
				return Long.parseLong(parser.getText());
			}
			catch (NumberFormatException ex) {
				return -1;
			}
		}
		parser.skipChildren();
		return -1;
	}

	/** A time in nanoseconds, written as text of digits, read from the parser's buffer; {@code -1} if none. */
	private static long time(JsonParser parser, JsonToken token) throws IOException {
		if (token != JsonToken.VALUE_STRING) {
			return number(parser, token);
		}
		char[] text = parser.getTextCharacters();
		int offset = parser.getTextOffset();
		int length = parser.getTextLength();
		if (length == 0 || length > 18) {
			return number(parser, token);
		}
		long nanos = 0;
		for (int i = 0; i < length; i++) {
			char c = text[offset + i];
			if (c < '0' || c > '9') {
				return -1;
			}
			nanos = nanos * 10 + (c - '0');
		}
		return nanos;
	}

	/** A span id's 16 hex digits as a number, read from the parser's buffer; {@code 0} for none. */
	private static long spanId(JsonParser parser) throws IOException {
		if (parser.currentToken() != JsonToken.VALUE_STRING) {
			parser.skipChildren();
			return 0;
		}
		char[] text = parser.getTextCharacters();
		int offset = parser.getTextOffset();
		int length = parser.getTextLength();
		long id = 0;
		for (int i = 0; i < length; i++) {
			int digit = Character.digit(text[offset + i], 16);
			if (digit < 0 || i >= 16) {
				// Not an OTLP span id: told apart from others all the same.
				return parser.getText().hashCode() | 1L;
			}
			id = (id << 4) | digit;
		}
		return id;
	}

	private static JsonToken next(JsonParser parser) throws IOException {
		JsonToken token = parser.nextToken();
		if (token == null) {
			throw new IOException("the JSON ends early");
		}
		return token;
	}

	private static Header header(Path file, Map<String, Object> resource) throws IOException {
		String name = file.getFileName().toString();
		long rank = longValue(RankAttributeNames.read("dl.rank", resource::get), -1);
		if (rank < 0) {
			rank = inName(RANK_IN_NAME, name, -1);
			if (rank < 0) {
				throw new IOException("no rank in its resource or its name");
			}
		}
		Object reason = resource.get(DumpReason.ATTRIBUTE);
		Object runId = resource.get("nemo.run.id");
		return new Header(file, (int) rank, (int) longValue(RankAttributeNames.read("dl.world_size", resource::get), -1),
				(runId != null) ? runId.toString() : null, (reason != null) ? reason.toString() : null,
				(int) attempt(resource, name), longValue(resource.get(DumpWriter.DROPPED), -1), timeInName(name));
	}

	/**
	 * The attempt a dump belongs to: a resource attribute {@code attempt} or {@code *.attempt} (such
	 * as {@code nemo.run.attempt}), else {@code -attempt-N-} in its name, else 0 (a dump written
	 * before dumps carried it).
	 */
	private static long attempt(Map<String, Object> resource, String name) {
		for (Map.Entry<String, Object> attribute : resource.entrySet()) {
			if (attribute.getKey().equals("attempt") || attribute.getKey().endsWith(".attempt")) {
				long attempt = longValue(attribute.getValue(), -1);
				if (attempt >= 0) {
					return attempt;
				}
			}
		}
		return Math.max(0, inName(ATTEMPT_IN_NAME, name, 0));
	}

	private static long inName(Pattern pattern, String name, long otherwise) {
		Matcher matcher = pattern.matcher(name);
		return matcher.find() ? Long.parseLong(matcher.group(1)) : otherwise;
	}

	private static Instant timeInName(String name) {
		Matcher matcher = TIME_IN_NAME.matcher(name);
		if (matcher.find()) {
			try {
				return TIME.parse(matcher.group(1), Instant::from);
			}
			catch (DateTimeParseException ex) {
				return null;
			}
		}
		return null;
	}

	private static long longValue(Object value, long otherwise) {
		if (value instanceof Number number) {
			return number.longValue();
		}
		if (value instanceof String text) {
			try {
				return Long.parseLong(text.trim());
			}
			catch (NumberFormatException ex) {
				return otherwise;
			}
		}
		return otherwise;
	}

	/**
	 * Who wrote a dump, and when.
	 *
	 * @param file the dump
	 * @param rank the rank
	 * @param worldSize the world size, or {@code -1} when the dump holds no resource
	 * @param runId the run id, or {@code null}
	 * @param reason {@code nemo.dump.reason}, or {@code null}
	 * @param attempt the attempt, 0 when the dump does not say
	 * @param dropped spans dropped before the oldest held, or {@code -1} when unknown
	 * @param time the dump's time from its name, or {@code null}
	 */
	record Header(Path file, int rank, int worldSize, String runId, String reason, int attempt, long dropped,
			Instant time) {

	}

}
