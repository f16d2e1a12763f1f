package nemo.lens.recorder;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import nemo.lens.sdk.RankAttributeNames;

/**
 * One span of a dump read from the parser standing on it, into a {@link DumpSpan}: its ids, times
 * and name, and of its attributes {@code nemo.span.open} and the step alone. Two million spans make
 * no string for what is skipped or repeated: ids, times and keys are read in the parser's buffer,
 * and a name seen before is the same string ({@link Names}). With the JSON helpers
 * {@link DumpReading} shares.
 */
final class SpanReading {

	private static final String STEP = "dl.step";

	private static final List<String> READ_KEYS = List.of(OpenSpans.ATTRIBUTE, STEP, RankAttributeNames.nv(STEP));

	private SpanReading() {
	}

	static DumpSpan span(JsonParser parser, Names names) throws IOException {
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
	static final class Names {

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

	/** OTLP JSON attributes, {@code [{"key": k, "value": {"intValue": "1"}}]}, into a map. */
	static void attributes(JsonParser parser, Map<String, Object> into) throws IOException {
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
	static long number(JsonParser parser, JsonToken token) throws IOException {
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

	static JsonToken next(JsonParser parser) throws IOException {
		JsonToken token = parser.nextToken();
		if (token == null) {
			throw new IOException("the JSON ends early");
		}
		return token;
	}

}
