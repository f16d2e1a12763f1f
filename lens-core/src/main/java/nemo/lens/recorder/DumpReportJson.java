package nemo.lens.recorder;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * A {@link DumpReport} as one JSON object, for tools: {@code worldSize}, {@code ranks} (per rank
 * its file, reason, spans, drops, last span and the innermost span it was still in with
 * {@code openSeconds}), {@code stuck} (the groups by that span, the odd ones first, each with
 * {@code odd}), {@code missing}, {@code behind} and {@code unreadable}. Keys are always present,
 * {@code null} where a dump does not say.
 */
final class DumpReportJson {

	private static final JsonFactory JSON = new JsonFactory();

	private DumpReportJson() {
	}

	static String write(DumpReport report) {
		StringWriter text = new StringWriter();
		try (JsonGenerator json = JSON.createGenerator(text).useDefaultPrettyPrinter()) {
			json.writeStartObject();
			json.writeNumberField("worldSize", report.worldSize());
			json.writeArrayFieldStart("ranks");
			for (RankDump dump : report.dumps()) {
				writeRank(json, dump);
			}
			json.writeEndArray();
			json.writeArrayFieldStart("stuck");
			for (StuckGroups.Group group : report.stuck()) {
				json.writeStartObject();
				json.writeStringField("span", group.span());
				json.writeArrayFieldStart("ranks");
				for (RankDump dump : group.ranks()) {
					json.writeNumber(dump.rank());
				}
				json.writeEndArray();
				json.writeBooleanField("odd", group.odd());
				json.writeNumberField("longestOpenSeconds", seconds(group.longestOpen()));
				json.writeEndObject();
			}
			json.writeEndArray();
			json.writeArrayFieldStart("missing");
			for (int rank : report.missing()) {
				json.writeNumber(rank);
			}
			json.writeEndArray();
			json.writeArrayFieldStart("behind");
			Instant latest = report.latestEnd();
			for (RankDump dump : report.behind()) {
				json.writeStartObject();
				json.writeNumberField("rank", dump.rank());
				json.writeStringField("lastSpan", dump.lastSpanName());
				json.writeStringField("ended", dump.lastSpanEnd().toString());
				json.writeNumberField("secondsBeforeLatest", seconds(Duration.between(dump.lastSpanEnd(), latest)));
				json.writeEndObject();
			}
			json.writeEndArray();
			json.writeArrayFieldStart("unreadable");
			for (String file : report.unreadable()) {
				json.writeString(file);
			}
			json.writeEndArray();
			json.writeEndObject();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return text + "\n";
	}

	private static void writeRank(JsonGenerator json, RankDump dump) throws IOException {
		json.writeStartObject();
		json.writeNumberField("rank", dump.rank());
		json.writeStringField("file", dump.file().getFileName().toString());
		json.writeStringField("reason", dump.reason());
		json.writeNumberField("spans", dump.spans());
		if (dump.dropped() >= 0) {
			json.writeNumberField("dropped", dump.dropped());
		}
		else {
			json.writeNullField("dropped");
		}
		json.writeStringField("lastSpan", dump.lastSpanName());
		json.writeStringField("lastSpanEnded", (dump.lastSpanEnd() != null) ? dump.lastSpanEnd().toString() : null);
		if (dump.stuckIn() != null) {
			json.writeObjectFieldStart("openSpan");
			json.writeStringField("name", dump.stuckIn().name());
			json.writeNumberField("openSeconds", seconds(dump.stuckIn().openFor()));
			json.writeEndObject();
		}
		else {
			json.writeNullField("openSpan");
		}
		json.writeEndObject();
	}

	private static double seconds(Duration duration) {
		return duration.toMillis() / 1000.0;
	}

}
