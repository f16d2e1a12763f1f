package nemo.lens.recorder;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * Every span of the dumps in the Chrome trace-event JSON format, which Perfetto and
 * {@code chrome://tracing} open: one process per rank, named {@code rank N} by a metadata event,
 * each span a complete ({@code X}) event with its step and, for a span open at the dump,
 * {@code "open": true} and the category {@code open}. Times are microseconds from the earliest
 * span's start, which {@code otherData.origin} gives. A process's spans are laid on threads so that
 * each thread's events nest, as the format asks: a span goes on the first thread where it fits
 * inside the span under way or after it.
 */
final class TraceEvents {

	private static final JsonFactory JSON = new JsonFactory();

	private TraceEvents() {
	}

	/**
	 * Writes the trace events of a report's dumps.
	 * @param report the report
	 * @param file where to write them
	 * @throws IOException when the file cannot be written
	 */
	static void write(DumpSet report, Path file) throws IOException {
		long origin = Long.MAX_VALUE;
		for (RankDump dump : report.dumps()) {
			for (DumpSpan span : dump.finished()) {
				origin = Math.min(origin, span.start());
			}
			for (DumpSpan span : dump.open()) {
				origin = Math.min(origin, span.start());
			}
		}
		if (origin == Long.MAX_VALUE || origin < 0) {
			origin = 0;
		}
		try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
				JsonGenerator json = JSON.createGenerator(out, JsonEncoding.UTF8)) {
			json.writeStartObject();
			json.writeStringField("displayTimeUnit", "ms");
			json.writeObjectFieldStart("otherData");
			json.writeStringField("origin", Instant.ofEpochSecond(0, origin).toString());
			json.writeStringField("source", "NeMo Lens flight recorder dumps");
			json.writeEndObject();
			json.writeArrayFieldStart("traceEvents");
			for (RankDump dump : report.dumps()) {
				writeRank(json, dump, origin);
			}
			json.writeEndArray();
			json.writeEndObject();
		}
	}

	private static void writeRank(JsonGenerator json, RankDump dump, long origin) throws IOException {
		metadata(json, dump.rank(), "process_name", "name", "rank " + dump.rank());
		json.writeStartObject();
		json.writeStringField("ph", "M");
		json.writeStringField("name", "process_sort_index");
		json.writeNumberField("pid", dump.rank());
		json.writeObjectFieldStart("args");
		json.writeNumberField("sort_index", dump.rank());
		json.writeEndObject();
		json.writeEndObject();
		List<DumpSpan> spans = new ArrayList<>(dump.finished().size() + dump.open().size());
		spans.addAll(dump.finished());
		spans.addAll(dump.open());
		spans.removeIf((span) -> span.start() < 0);
		spans.sort(Comparator.comparingLong(DumpSpan::start).thenComparing(Comparator.comparingLong(DumpSpan::end).reversed()));
		List<Deque<Long>> threads = new ArrayList<>();
		for (DumpSpan span : spans) {
			int thread = place(threads, span);
			json.writeStartObject();
			json.writeStringField("ph", "X");
			json.writeStringField("name", span.name());
			if (span.open()) {
				json.writeStringField("cat", "open");
			}
			json.writeNumberField("pid", dump.rank());
			json.writeNumberField("tid", thread + 1);
			json.writeNumberField("ts", (span.start() - origin) / 1_000);
			json.writeNumberField("dur", span.nanos() / 1_000);
			if (span.hasStep() || span.open()) {
				json.writeObjectFieldStart("args");
				if (span.hasStep()) {
					json.writeNumberField("step", span.step());
				}
				if (span.open()) {
					json.writeBooleanField("open", true);
				}
				json.writeEndObject();
			}
			json.writeEndObject();
		}
	}

	/** The first thread where the span nests in the span under way, or follows the last; a new one else. */
	private static int place(List<Deque<Long>> threads, DumpSpan span) {
		for (int i = 0; i < threads.size(); i++) {
			Deque<Long> underWay = threads.get(i);
			while (!underWay.isEmpty() && underWay.peek() <= span.start()) {
				underWay.pop();
			}
			if (underWay.isEmpty() || underWay.peek() >= span.end()) {
				underWay.push(span.end());
				return i;
			}
		}
		Deque<Long> thread = new ArrayDeque<>();
		thread.push(span.end());
		threads.add(thread);
		return threads.size() - 1;
	}

	private static void metadata(JsonGenerator json, int rank, String name, String key, String value)
			throws IOException {
		json.writeStartObject();
		json.writeStringField("ph", "M");
		json.writeStringField("name", name);
		json.writeNumberField("pid", rank);
		json.writeObjectFieldStart("args");
		json.writeStringField(key, value);
		json.writeEndObject();
		json.writeEndObject();
	}

}
