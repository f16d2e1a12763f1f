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

	/** The field beside {@code resourceSpans} that gives the job's attempt. */
	private static final String ATTEMPT = "attempt";

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
			SpanReading.Names names = new SpanReading.Names();
			long attempt = -1;
			while (SpanReading.next(parser) == JsonToken.FIELD_NAME) {
				String field = parser.currentName();
				JsonToken value = SpanReading.next(parser);
				if (field.equals(ATTEMPT)) {
					attempt = SpanReading.number(parser, value);
					continue;
				}
				if (!field.equals("resourceSpans") || value != JsonToken.START_ARRAY) {
					parser.skipChildren();
					continue;
				}
				while (SpanReading.next(parser) == JsonToken.START_OBJECT) {
					if (resourceSpans(parser, resource, spans, names)) {
						return header(file, resource, attempt);
					}
				}
			}
			return header(file, resource, attempt);
		}
	}

	/** One {@code resourceSpans} entry; whether the reading stops here (a header is read). */
	private static boolean resourceSpans(JsonParser parser, Map<String, Object> resource, List<DumpSpan> spans,
			SpanReading.Names names) throws IOException {
		while (SpanReading.next(parser) == JsonToken.FIELD_NAME) {
			String field = parser.currentName();
			SpanReading.next(parser);
			if (field.equals("resource") && parser.currentToken() == JsonToken.START_OBJECT) {
				while (SpanReading.next(parser) == JsonToken.FIELD_NAME) {
					String inner = parser.currentName();
					SpanReading.next(parser);
					if (inner.equals("attributes")) {
						SpanReading.attributes(parser, resource);
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
				while (SpanReading.next(parser) == JsonToken.START_OBJECT) {
					while (SpanReading.next(parser) == JsonToken.FIELD_NAME) {
						String inner = parser.currentName();
						SpanReading.next(parser);
						if (inner.equals("spans") && parser.currentToken() == JsonToken.START_ARRAY) {
							while (SpanReading.next(parser) == JsonToken.START_OBJECT) {
								spans.add(SpanReading.span(parser, names));
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

	private static Header header(Path file, Map<String, Object> resource, long attempt) throws IOException {
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
				(int) ((attempt >= 0) ? attempt : attempt(resource, name)), longValue(resource.get(DumpWriter.DROPPED), -1), timeInName(name));
	}

	/**
	 * The attempt a dump belongs to where the line does not give it ({@code {"attempt": 1,
	 * "resourceSpans": ...}}): a resource attribute {@code attempt} or {@code *.attempt} (such as
	 * {@code nemo.run.attempt}), else {@code -attempt-N-} in its name, else 0 (a dump written before
	 * dumps carried it).
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
