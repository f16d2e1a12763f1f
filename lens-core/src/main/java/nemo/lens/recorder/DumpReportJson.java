package nemo.lens.recorder;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * A {@link DumpReport} as one JSON object, for tools: {@code verdict} (its sentences as
 * {@code lines}, and the same as fields: {@code stuck} with each group's step, {@code steps},
 * {@code missing} with {@code why}, {@code slow}, {@code fastest}, {@code stepSpan},
 * {@code slowBelow}, {@code attempt}, {@code setAside}), {@code worldSize}, {@code ranks} (per rank
 * its file, reason, attempt, spans, drops, last span, the innermost span it was still in with
 * {@code openSeconds} and its step, its {@code stepMedianSeconds} and {@code score}), {@code stuck} (the groups by that span, the odd ones first, each with
 * {@code odd}), {@code missing}, {@code behind} and {@code unreadable}. Keys are always present,
 * {@code null} where a dump does not say.
 */
final class DumpReportJson {

	private static final JsonFactory JSON = new JsonFactory();

	private DumpReportJson() {
	}

	static String write(DumpSet report, Verdict verdict) {
		StringWriter text = new StringWriter();
		try (JsonGenerator json = JSON.createGenerator(text).useDefaultPrettyPrinter()) {
			json.writeStartObject();
			writeVerdict(json, verdict);
			json.writeNumberField("worldSize", report.worldSize());
			json.writeArrayFieldStart("ranks");
			for (RankDump dump : report.dumps()) {
				writeRank(json, dump, report.stragglers().of(dump.rank()));
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

	private static void writeVerdict(JsonGenerator json, Verdict verdict) throws IOException {
		json.writeObjectFieldStart("verdict");
		json.writeArrayFieldStart("lines");
		for (String line : verdict.lines()) {
			json.writeString(line);
		}
		json.writeEndArray();
		json.writeArrayFieldStart("stuck");
		for (StuckGroups.Group group : verdict.stuck()) {
			json.writeStartObject();
			json.writeStringField("span", group.span());
			writeRanks(json, "ranks", group.ranks().stream().map(RankDump::rank).toList());
			RankDump.OpenSpan first = group.ranks().get(0).stuckIn();
			json.writeStringField("stepSpan", (first != null) ? first.stepSpan() : null);
			if (first != null && first.step() != null) {
				json.writeNumberField("step", first.step());
			}
			else {
				json.writeNullField("step");
			}
			json.writeNumberField("longestOpenSeconds", seconds(group.longestOpen()));
			json.writeBooleanField("odd", group.odd());
			json.writeEndObject();
		}
		json.writeEndArray();
		json.writeArrayFieldStart("steps");
		for (Map.Entry<Long, List<Integer>> step : verdict.steps().entrySet()) {
			json.writeStartObject();
			json.writeNumberField("step", step.getKey());
			writeRanks(json, "ranks", step.getValue());
			json.writeEndObject();
		}
		json.writeEndArray();
		json.writeObjectFieldStart("missing");
		writeRanks(json, "ranks", verdict.missing());
		json.writeStringField("why", verdict.missing().isEmpty() ? null : verdict.missingWhy());
		json.writeEndObject();
		Stragglers stragglers = verdict.stragglers();
		json.writeStringField("stepSpan", stragglers.stepSpan());
		json.writeNumberField("slowBelow", stragglers.slowBelow());
		json.writeArrayFieldStart("slow");
		for (Stragglers.Pace pace : stragglers.slow()) {
			writePace(json, pace);
		}
		json.writeEndArray();
		json.writeFieldName("fastest");
		if (stragglers.fastest() != null) {
			writePace(json, stragglers.fastest());
		}
		else {
			json.writeNull();
		}
		json.writeNumberField("attempt", verdict.attempt());
		json.writeNumberField("setAside", verdict.setAside());
		json.writeEndObject();
	}

	private static void writePace(JsonGenerator json, Stragglers.Pace pace) throws IOException {
		json.writeStartObject();
		json.writeNumberField("rank", pace.rank());
		json.writeNumberField("medianSeconds", pace.medianNanos() / 1e9);
		json.writeNumberField("steps", pace.steps());
		json.writeNumberField("score", pace.score());
		json.writeEndObject();
	}

	private static void writeRanks(JsonGenerator json, String field, List<Integer> ranks) throws IOException {
		json.writeArrayFieldStart(field);
		for (int rank : ranks) {
			json.writeNumber(rank);
		}
		json.writeEndArray();
	}

	private static void writeRank(JsonGenerator json, RankDump dump, Stragglers.Pace pace) throws IOException {
		json.writeStartObject();
		json.writeNumberField("rank", dump.rank());
		json.writeStringField("file", dump.file().getFileName().toString());
		json.writeStringField("reason", dump.reason());
		json.writeNumberField("attempt", dump.attempt());
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
			json.writeStringField("step", dump.stuckIn().stepText());
			json.writeEndObject();
		}
		else {
			json.writeNullField("openSpan");
		}
		if (pace != null) {
			json.writeNumberField("stepMedianSeconds", pace.medianNanos() / 1e9);
			json.writeNumberField("score", pace.score());
		}
		else {
			json.writeNullField("stepMedianSeconds");
			json.writeNullField("score");
		}
		json.writeEndObject();
	}

	private static double seconds(Duration duration) {
		return duration.toMillis() / 1000.0;
	}

}
