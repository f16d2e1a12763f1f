package nemo.lens.recorder;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code DumpReport --trace-events FILE}: the dumps' spans in the Chrome trace-event format, a
 * process per rank named {@code rank N}, each span a complete event, the open ones marked, each
 * thread's events nested as the format asks.
 */
class TraceEventsTests {

	@TempDir
	Path directory;

	@TempDir
	Path output;

	private JsonNode traceEvents() throws IOException {
		JobDumps job = new JobDumps(this.directory, 4);
		for (int rank = 0; rank < 4; rank++) {
			job.rank(rank).steps(10, Duration.ofMillis(100)).stuckIn((rank == 2) ? "allreduce" : "barrier",
					Duration.ofSeconds(5)).write();
		}
		Path file = this.output.resolve("trace.json");
		int status = DumpReport.run(new String[] { "--trace-events", file.toString(), this.directory.toString() },
				new PrintStream(new ByteArrayOutputStream()), new PrintStream(new ByteArrayOutputStream()));
		assertThat(status).isZero();
		return new ObjectMapper().readTree(file.toFile());
	}

	private static List<JsonNode> events(JsonNode trace, String phase) {
		List<JsonNode> events = new ArrayList<>();
		trace.path("traceEvents").forEach((event) -> {
			if (event.path("ph").asText().equals(phase)) {
				events.add(event);
			}
		});
		return events;
	}

	@Test
	void eachRankIsAProcessNamedRankN() throws IOException {
		Map<Integer, String> names = new HashMap<>();
		events(traceEvents(), "M").stream()
			.filter((event) -> event.path("name").asText().equals("process_name"))
			.forEach((event) -> names.put(event.path("pid").asInt(), event.path("args").path("name").asText()));
		assertThat(names).containsExactlyInAnyOrderEntriesOf(Map.of(0, "rank 0", 1, "rank 1", 2, "rank 2", 3, "rank 3"));
	}

	@Test
	void everySpanIsACompleteEventWithItsStepAndTheOpenOnesMarked() throws IOException {
		List<JsonNode> spans = events(traceEvents(), "X");
		// Per rank 10 steps of 2 spans, and the open step with its collective.
		assertThat(spans).hasSize(4 * 22);
		JsonNode allreduce = spans.stream().filter((event) -> event.path("name").asText().equals("allreduce"))
			.findFirst().orElseThrow();
		assertThat(allreduce.path("pid").asInt()).isEqualTo(2);
		assertThat(allreduce.path("args").path("open").asBoolean()).isTrue();
		assertThat(allreduce.path("dur").asLong()).isEqualTo(5_000_000);
		assertThat(spans).filteredOn((event) -> event.path("name").asText().equals("train.step"))
			.allSatisfy((event) -> assertThat(event.path("args").has("step")).isTrue());
	}

	@Test
	void theEventsOfEachThreadNest() throws IOException {
		Map<String, List<JsonNode>> byThread = new HashMap<>();
		events(traceEvents(), "X").forEach((event) -> byThread
			.computeIfAbsent(event.path("pid").asInt() + "/" + event.path("tid").asInt(), (key) -> new ArrayList<>())
			.add(event));
		byThread.forEach((thread, events) -> {
			for (JsonNode one : events) {
				for (JsonNode other : events) {
					long oneStart = one.path("ts").asLong();
					long oneEnd = oneStart + one.path("dur").asLong();
					long otherStart = other.path("ts").asLong();
					long otherEnd = otherStart + other.path("dur").asLong();
					boolean apart = oneEnd <= otherStart || otherEnd <= oneStart;
					boolean nested = (oneStart <= otherStart && otherEnd <= oneEnd)
							|| (otherStart <= oneStart && oneEnd <= otherEnd);
					assertThat(apart || nested).as("%s: %s and %s", thread, one, other).isTrue();
				}
			}
		});
	}

}
