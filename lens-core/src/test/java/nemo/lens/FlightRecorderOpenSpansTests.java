package nemo.lens;

import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import nemo.lens.recorder.DumpFile;
import nemo.lens.recorder.RecordingRanks;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A dump holds, beside the finished spans, the spans started and not yet ended: each ending at the
 * dump's time, marked {@code nemo.span.open=true}, its parent intact, redacted like the rest, at
 * most {@code open-spans} of them, the oldest kept; a rank that exports traces dumps its open spans
 * too. Every dump says why it was written ({@code nemo.dump.reason}).
 */
class FlightRecorderOpenSpansTests {

	@TempDir
	Path directory;

	private RecordingRanks ranks;

	@BeforeEach
	void ranks() {
		this.ranks = new RecordingRanks(this.directory);
	}

	@AfterEach
	void shutdown() {
		this.ranks.close();
	}

	private TelemetryHandle rank(int rank, NemoLensConfig.Builder settings) {
		return this.ranks.rank(rank, settings);
	}

	private TelemetryHandle silentRank() {
		return rank(1, NemoLensConfig.builder());
	}

	private Span start(Tracer tracer, String name, Span parent) {
		return this.ranks.keptOpen(tracer.spanBuilder(name).setParent(Context.root().with(parent)).startSpan());
	}

	private Span startAt(Tracer tracer, String name, long epochSecond) {
		return this.ranks.keptOpen(tracer.spanBuilder(name).setStartTimestamp(epochSecond, TimeUnit.SECONDS).startSpan());
	}

	private static long nanos(Instant time) {
		return time.getEpochSecond() * 1_000_000_000L + time.getNano();
	}

	@Test
	void aDumpHoldsTheSpansStillOpenMarkedOpenAfterTheFinishedOnes() {
		TelemetryHandle silent = silentRank();
		silent.tracer().spanBuilder("data.load").startSpan().end();
		Span step = start(silent.tracer(), "train.step", Span.getInvalid());
		DumpFile dump = DumpFile.read(silent.dumpFlightRecorder().orElseThrow());
		assertThat(dump.spans()).extracting((span) -> span.path("name").asText())
			.containsExactly("data.load", "train.step");
		assertThat(DumpFile.attribute(dump.span("train.step"), "nemo.span.open"))
			.hasValueSatisfying((value) -> assertThat(value.path("boolValue").asBoolean()).isTrue());
		assertThat(DumpFile.attribute(dump.span("data.load"), "nemo.span.open")).isEmpty();
		assertThat(dump.span("train.step").path("spanId").asText()).isEqualTo(step.getSpanContext().getSpanId());
	}

	@Test
	void anOpenSpanEndsAtTheDumpsTime() {
		TelemetryHandle silent = silentRank();
		startAt(silent.tracer(), "train.step", 1_000);
		DumpFile dump = DumpFile.read(silent.dumpFlightRecorder().orElseThrow());
		Instant dumpTime = silent.flightRecorder().orElseThrow().lastDumpTime();
		assertThat(dump.span("train.step").path("endTimeUnixNano").asLong()).isEqualTo(nanos(dumpTime));
	}

	@Test
	void anOpenChildKeepsItsOpenParentSoTheDumpShowsTheChainTheRankIsIn() {
		TelemetryHandle silent = silentRank();
		Span step = start(silent.tracer(), "train.step", Span.getInvalid());
		start(silent.openTelemetry().getTracer("library"), "allreduce", step);
		DumpFile dump = DumpFile.read(silent.dumpFlightRecorder().orElseThrow());
		JsonNode allreduce = dump.span("allreduce");
		assertThat(allreduce.path("parentSpanId").asText()).isEqualTo(dump.span("train.step").path("spanId").asText());
		assertThat(allreduce.path("traceId").asText()).isEqualTo(step.getSpanContext().getTraceId());
	}

	@Test
	void aDumpHoldsAtMostTheConfiguredOpenSpansKeepingTheOldest() {
		TelemetryHandle silent = rank(1, NemoLensConfig.builder().flightRecorderOpenSpans(2));
		startAt(silent.tracer(), "third", 3_000);
		startAt(silent.tracer(), "first", 1_000);
		startAt(silent.tracer(), "second", 2_000);
		DumpFile dump = DumpFile.read(silent.dumpFlightRecorder().orElseThrow());
		assertThat(dump.spans()).extracting((span) -> span.path("name").asText()).containsExactly("first", "second");
		assertThat(dump.resourceAttribute("nemo.lens.flight_recorder.open_spans")).isEqualTo("2");
	}

	@Test
	void aDumpCountsTheSpansTheOpenSpanTableHadNoRoomFor() {
		TelemetryHandle silent = silentRank();
		assertThat(DumpFile.read(silent.dumpFlightRecorder().orElseThrow())
			.resourceAttribute("nemo.lens.flight_recorder.untracked_spans")).isEqualTo("0");
		for (int i = 0; i < 3_000; i++) {
			start(silent.tracer(), "held-" + i, Span.getInvalid());
		}
		assertThat(Long.parseLong(DumpFile.read(silent.dumpFlightRecorder().orElseThrow())
			.resourceAttribute("nemo.lens.flight_recorder.untracked_spans"))).isGreaterThanOrEqualTo(3_000 - 2_048);
	}

	@Test
	void openSpansAreRedactedLikeTheRest() {
		TelemetryHandle silent = silentRank();
		Span span = start(silent.tracer(), "GET https://user:hunter2@db.example/x?token=abc123", Span.getInvalid());
		span.setAttribute("db.password", "hunter2");
		String written = DumpFile.read(silent.dumpFlightRecorder().orElseThrow()).request().toString();
		assertThat(written).doesNotContain("hunter2").doesNotContain("abc123");
	}

	@Test
	void aRankThatExportsTracesDumpsItsOpenSpansThoughItsRingIsEmpty() {
		TelemetryHandle exporting = rank(3, NemoLensConfig.builder());
		assertThat(exporting.isExporting()).isTrue();
		exporting.tracer().spanBuilder("exported").startSpan().end();
		start(exporting.tracer(), "train.step", Span.getInvalid());
		DumpFile dump = DumpFile.read(exporting.dumpFlightRecorder().orElseThrow());
		assertThat(dump.spans()).extracting((span) -> span.path("name").asText()).containsExactly("train.step");
		assertThat(dump.resourceAttribute("nemo.lens.flight_recorder.spans")).isEqualTo("0");
	}

	@Test
	void aDumpOfARankThatHoldsNoSpanStillCarriesItsResource() {
		TelemetryHandle silent = silentRank();
		DumpFile dump = DumpFile.read(silent.dumpFlightRecorder().orElseThrow());
		assertThat(dump.spans()).isEmpty();
		assertThat(dump.request().path("resourceSpans").get(0).path("scopeSpans").isArray()).isTrue();
		assertThat(dump.resourceAttribute("dl.rank")).isEqualTo("1");
	}

	@Test
	void aDumpAskedForSaysRequestInItsResource() {
		TelemetryHandle silent = silentRank();
		assertThat(DumpFile.read(silent.dumpFlightRecorder().orElseThrow()).resourceAttribute("nemo.dump.reason"))
			.isEqualTo("request");
	}

	@Test
	void aDumpOfAnApplicationThatFailedToStartSaysUncaught() {
		TelemetryHandle silent = silentRank();
		assertThat(DumpFile.read(silent.dumpFlightRecorder("startup-failure").orElseThrow())
			.resourceAttribute("nemo.dump.reason")).isEqualTo("uncaught");
	}

	@Test
	void aDumpAtExitSaysExit() {
		TelemetryHandle silent = rank(1, NemoLensConfig.builder().flightRecorderDumpOnExit(true));
		silent.shutdown();
		assertThat(DumpFile.read(DumpFile.in(this.directory).get(0)).resourceAttribute("nemo.dump.reason"))
			.isEqualTo("exit");
	}

	@Test
	void aDumpTheControlFileAskedForSaysControl() {
		TelemetryHandle silent = silentRank();
		silent.dumpRequestedByControlFile("1");
		assertThat(DumpFile.read(DumpFile.in(this.directory).get(0)).resourceAttribute("nemo.dump.reason"))
			.isEqualTo("control");
	}

}
