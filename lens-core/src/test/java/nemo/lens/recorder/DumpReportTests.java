package nemo.lens.recorder;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.sdk.common.InstrumentationScopeInfo;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.testing.trace.TestSpanData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.data.StatusData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * After a hang, one command reads the dumps of every rank and says which rank stopped first, and in
 * what: per rank why it dumped, its spans, last span and drops, and the innermost span it is still
 * in; then the ranks grouped by that span, the odd ones first; then the ranks missing and those
 * behind the rest; as text or as JSON.
 */
class DumpReportTests {

	private static final Instant NOW = Instant.parse("2026-12-04T10:15:00Z");

	@TempDir
	Path directory;

	private int spanCounter;

	private SpanData span(String name, Instant end) {
		return span(name, end.minusMillis(100), end, SpanContext.getInvalid(), Attributes.empty());
	}

	/** A span open at a dump at {@code dumpTime}, as the rank writes it: ending then, marked open. */
	private SpanData open(String name, Instant started, Instant dumpTime, SpanData parent) {
		return span(name, started, dumpTime, (parent != null) ? parent.getSpanContext() : SpanContext.getInvalid(),
				Attributes.builder().put("nemo.span.open", true).build());
	}

	private SpanData span(String name, Instant start, Instant end, SpanContext parent, Attributes attributes) {
		String spanId = String.format("%016x", ++this.spanCounter);
		return TestSpanData.builder()
			.setParentSpanContext(parent)
			.setName(name)
			.setKind(SpanKind.INTERNAL)
			.setSpanContext(SpanContext.create("0af7651916cd43dd8448eb211c80319c", spanId, TraceFlags.getSampled(),
					TraceState.getDefault()))
			.setInstrumentationScopeInfo(InstrumentationScopeInfo.create("trainer"))
			.setStartEpochNanos(toNanos(start))
			.setEndEpochNanos(toNanos(end))
			.setStatus(StatusData.unset())
			.setHasEnded(true)
			.setTotalRecordedEvents(0)
			.setTotalRecordedLinks(0)
			.setTotalAttributeCount(attributes.size())
			.setAttributes(attributes)
			.build();
	}

	private static long toNanos(Instant instant) {
		return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
	}

	private Path dump(int rank, int worldSize, long dropped, Instant at, SpanData... spans) throws IOException {
		Resource resource = Resource.builder()
			.put("dl.rank", rank)
			.put("dl.world_size", worldSize)
			.put("nemo.run.id", "run-7")
			.build();
		return new DumpWriter(this.directory, "run-7", rank).write(new SpanRing.Contents(List.of(spans), dropped), 8,
				resource, "request", at);
	}

	/** A stall dump of a rank inside {@code train.step > innermost}, the inner span open since {@code since}. */
	private Path stuck(int rank, int worldSize, String innermost, Instant since) throws IOException {
		Resource resource = Resource.builder().put("dl.rank", rank).put("dl.world_size", worldSize).build();
		SpanData step = open("train.step", NOW.minusSeconds(120), NOW, null);
		return new DumpWriter(this.directory, "run-7", rank).write(
				new SpanRing.Contents(List.of(span("data.load", NOW.minusSeconds(121))), 0), 8,
				List.of(step, open(innermost, since, NOW, step)), LogRing.Contents.EMPTY, resource, "stall", NOW);
	}

	private String report(String... args) {
		return JobDumps.report(this.directory, args);
	}

	@Test
	void eachRankShowsItsSpansItsLastSpanAndItsDrops() throws IOException {
		dump(0, 2, 5, NOW, span("step", NOW.minusSeconds(2)), span("allreduce", NOW.minusSeconds(1)));
		dump(1, 2, 0, NOW, span("step", NOW.minusSeconds(1)));
		String report = report();
		assertThat(report).contains("Flight recorder dumps: 2 rank(s) of 2")
			.contains("| 0 | request | 2 | allreduce | 2026-12-04T10:14:59Z | 5 | - | - | 1.00 | "
					+ "run-7-rank-0-20261204T101500.000Z.json |")
			.contains("| 1 | request | 1 | step | 2026-12-04T10:14:59Z | 0 | - | - | 1.00 | "
					+ "run-7-rank-1-20261204T101500.000Z.json |")
			.contains("Missing ranks: none")
			.contains("Behind: none");
	}

	@Test
	void aMissingRankZeroIsNamedAsARankNotReadAsACount() throws IOException {
		dump(1, 2, 0, NOW, span("step", NOW));
		assertThat(report()).contains("\nMissing ranks: 0\n").doesNotContain("Missing: ");
	}

	@Test
	void ranksWithoutADumpAreMissingUpToTheWorldSizeOfTheDumps() throws IOException {
		dump(0, 4, 0, NOW, span("step", NOW));
		dump(2, 4, 0, NOW, span("step", NOW));
		assertThat(report()).contains("Flight recorder dumps: 2 rank(s) of 4").contains("Missing ranks: 1, 3");
	}

	@Test
	void aRankWhoseLastSpanEndedWellBeforeTheOthersIsBehindWithWhatItLastDid() throws IOException {
		dump(0, 3, 0, NOW, span("step", NOW));
		dump(1, 3, 0, NOW, span("allreduce", NOW.minusSeconds(60)));
		dump(2, 3, 0, NOW, span("step", NOW.minusSeconds(1)));
		assertThat(report()).contains("Behind (first stopped first):")
			.contains("rank 1: last span 'allreduce' ended at 2026-12-04T10:14:00Z, 60.0 s before the latest rank's")
			.doesNotContain("rank 2: last span");
	}

	@Test
	void theBehindThresholdCanBeSet() throws IOException {
		dump(0, 2, 0, NOW, span("step", NOW));
		dump(1, 2, 0, NOW, span("step", NOW.minusSeconds(60)));
		assertThat(report("--behind", "2m")).contains("Behind: none (no rank's last span ended more than 120.0 s");
	}

	@Test
	void theLatestDumpOfARankCounts() throws IOException {
		dump(0, 1, 0, NOW, span("early", NOW.minusSeconds(30)));
		dump(0, 1, 0, NOW.plusSeconds(30), span("late", NOW));
		assertThat(report()).contains("| 0 | request | 1 | late |").doesNotContain("early");
	}

	@Test
	void aDumpWithoutAResourceStillCountsForItsRankByItsName() throws IOException {
		dump(0, 2, 0, NOW, span("step", NOW));
		Files.writeString(this.directory.resolve(DumpWriter.fileName("run-7", 1, NOW)), "{\"resourceSpans\":[]}\n");
		assertThat(report()).contains("| 1 | - | 0 | - | - | ? |").contains("Missing ranks: none");
	}

	@Test
	void anEmptyDumpCountsForItsRankByItsResource() throws IOException {
		dump(0, 2, 0, NOW, span("step", NOW));
		dump(1, 2, 0, NOW);
		assertThat(report()).contains("| 1 | request | 0 | - | - | 0 |").contains("Missing ranks: none");
	}

	@Test
	void aFileBeingWrittenIsNotReadAndABrokenOneIsReported() throws IOException {
		dump(0, 1, 0, NOW, span("step", NOW));
		Files.writeString(this.directory.resolve(".run-7-rank-0-20261204T101501.000Z.json.tmp"), "{\"resourceSp");
		Files.writeString(this.directory.resolve("run-7-rank-3-20261204T101501.000Z.json"), "{\"resourceSp");
		assertThat(report()).contains("Unreadable: run-7-rank-3-20261204T101501.000Z.json")
			.contains("Flight recorder dumps: 1 rank(s) of 1");
	}

	@Test
	void withoutADirectoryTheCommandSaysHowToUseIt() {
		ByteArrayOutputStream err = new ByteArrayOutputStream();
		int status = DumpReport.run(new String[0], new PrintStream(new ByteArrayOutputStream()),
				new PrintStream(err, true, StandardCharsets.UTF_8));
		assertThat(status).isEqualTo(2);
		assertThat(err.toString(StandardCharsets.UTF_8)).contains("no directory given").contains("Usage:");
	}

	@Test
	void theBehindMarkIsTheMedianSoOneRankFarAheadDoesNotMakeTheRestBehind() throws IOException {
		dump(0, 3, 0, NOW, span("step", NOW.plusSeconds(600)));
		dump(1, 3, 0, NOW, span("step", NOW));
		dump(2, 3, 0, NOW, span("step", NOW.minusSeconds(1)));
		assertThat(DumpReport.read(this.directory, Duration.ofSeconds(10)).behind()).isEmpty();
	}

	@Test
	void eachRankShowsTheInnermostSpanItIsStillInAndForHowLong() throws IOException {
		stuck(0, 1, "allreduce", NOW.minusSeconds(62));
		assertThat(report()).contains("| 0 | stall | 1 | data.load | 2026-12-04T10:12:59Z | 0 | allreduce | 62.0 s | ");
	}

	@Test
	void theRanksInAnOddSpanAreNamedBeforeTheMostCommonSpan() throws IOException {
		for (int rank = 0; rank < 8; rank++) {
			stuck(rank, 8, (rank == 5) ? "allreduce" : "barrier", NOW.minusSeconds((rank == 5) ? 62 : 60));
		}
		assertThat(report()).contains("Stuck in (innermost open span, the odd ranks first):\n"
				+ "  rank 5: allreduce, open 62.0 s\n" + "  7 ranks: barrier\n");
	}

	@Test
	void severalRanksInTheSameOddSpanAreNamedTogether() throws IOException {
		for (int rank = 0; rank < 5; rank++) {
			stuck(rank, 5, (rank == 1 || rank == 3) ? "allreduce" : "barrier", NOW.minusSeconds(rank));
		}
		assertThat(report()).contains("  ranks 1, 3: allreduce, open up to 3.0 s\n  3 ranks: barrier\n");
	}

	@Test
	void withoutAnOpenSpanInAnyDumpTheReportSaysSo() throws IOException {
		dump(0, 1, 0, NOW, span("step", NOW));
		assertThat(report()).contains("Stuck in: no dump holds an open span");
	}

	@Test
	void theInnermostSpanIsTheEndOfTheChainNotItsOutermostSpan() throws IOException {
		stuck(0, 1, "allreduce", NOW.minusSeconds(1));
		assertThat(report()).contains("  rank 0: allreduce\n").doesNotContain(": train.step");
	}

	@Test
	void theJsonReportGivesTheSameForTools() throws IOException {
		for (int rank = 0; rank < 8; rank++) {
			stuck(rank, 8, (rank == 5) ? "allreduce" : "barrier", NOW.minusSeconds((rank == 5) ? 62 : 60));
		}
		JsonNode json = new ObjectMapper().readTree(report("--json"));
		assertThat(json.path("worldSize").asInt()).isEqualTo(8);
		assertThat(json.path("ranks")).hasSize(8);
		JsonNode rank5 = json.path("ranks").get(5);
		assertThat(rank5.path("reason").asText()).isEqualTo("stall");
		assertThat(rank5.path("openSpan").path("name").asText()).isEqualTo("allreduce");
		assertThat(rank5.path("openSpan").path("openSeconds").asDouble()).isEqualTo(62.0);
		JsonNode first = json.path("stuck").get(0);
		assertThat(first.path("span").asText()).isEqualTo("allreduce");
		assertThat(first.path("ranks")).extracting(JsonNode::asInt).containsExactly(5);
		assertThat(first.path("odd").asBoolean()).isTrue();
		assertThat(json.path("stuck").get(1).path("ranks")).hasSize(7);
		assertThat(json.path("missing")).isEmpty();
	}

	@Test
	void helpPrintsTheUsageAndExitsWithZero() {
		for (String help : List.of("--help", "-h")) {
			ByteArrayOutputStream out = new ByteArrayOutputStream();
			int status = DumpReport.run(new String[] { help }, new PrintStream(out, true, StandardCharsets.UTF_8),
					new PrintStream(new ByteArrayOutputStream()));
			assertThat(status).isZero();
			assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("Usage:")
				.contains("--json", "--behind", "--step-span", "--slow-below", "--html", "--trace-events", "--help");
		}
	}

	@Test
	void aScoreOutsideZeroToOneIsRefusedNamingTheOptionAndTheValue() {
		ByteArrayOutputStream err = new ByteArrayOutputStream();
		int status = DumpReport.run(new String[] { "--slow-below", "1.5", this.directory.toString() },
				new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));
		assertThat(status).isEqualTo(2);
		assertThat(err.toString(StandardCharsets.UTF_8))
			.contains("--slow-below '1.5' must be a score more than 0 and at most 1, such as 0.7");
	}

	@Test
	void aDumpWithTheNvDlNamesIsReadAsWell() throws IOException {
		Resource resource = Resource.builder().put("nv.dl.rank", 3).put("nv.dl.world_size", 4).build();
		Path dump = new DumpWriter(this.directory, "run-7", 3).write(
				new SpanRing.Contents(List.of(span("data.load", NOW.minusSeconds(1))), 0), 8, resource, "request",
				NOW);
		RankDump read = RankDump.read(dump);
		assertThat(read.rank()).isEqualTo(3);
		assertThat(read.worldSize()).isEqualTo(4);
	}

}
