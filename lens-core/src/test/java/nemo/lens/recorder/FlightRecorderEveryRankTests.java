package nemo.lens.recorder;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import nemo.lens.Await;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.live.CapturingLogHandler;
import nemo.lens.sdk.ExportingTelemetry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every rank's dump is worth reading: the exporting rank dumps for a stall whatever its exporter
 * ({@code none} included) and says where its finished spans went; a stall is one warning naming
 * the rank and what it is stuck in; an open server span Boot has not named yet is named by its
 * method and route; spans open at the end are marked truncated in the exit dump. Ranks of a job of
 * 4 under {@code single_rank} (rank 3 exports), real SDKs.
 */
class FlightRecorderEveryRankTests {

	private static final int EXPORTING = 3;

	private static final int SILENT = 1;

	@TempDir
	Path directory;

	private RecordingRanks ranks;

	private final CapturingLogHandler log = new CapturingLogHandler();

	private final Logger recorderLogger = Logger.getLogger(FlightRecorder.class.getName());

	@BeforeEach
	void ranks() {
		this.ranks = new RecordingRanks(this.directory);
		this.recorderLogger.addHandler(this.log);
	}

	@AfterEach
	void shutdown() {
		this.ranks.close();
		this.recorderLogger.removeHandler(this.log);
	}

	/** A rank with the exporter {@code none} and no exporter of the caller's: nothing can leave. */
	private TelemetryHandle rank(int rank, NemoLensConfig.Builder settings) {
		return this.ranks.rank(rank, settings, TelemetryOptions.builder());
	}

	/** Opens {@code train.step > allreduce}, step 17, and leaves both open until the test ends. */
	private void stuckInAllreduce(TelemetryHandle handle) {
		Span step = handle.tracer().spanBuilder("train.step").setAttribute("dl.step", 17L).startSpan();
		Span allreduce = handle.tracer().spanBuilder("allreduce").setParent(Context.root().with(step)).startSpan();
		this.ranks.keptOpen(allreduce);
		this.ranks.keptOpen(step);
	}

	private List<LogRecord> stallWarnings() {
		return this.log.published().stream()
			.filter((record) -> record.getLevel() == Level.WARNING && record.getMessage().contains("stalled"))
			.toList();
	}

	@Test
	void anExportingRankWithTheExporterNoneDumpsForAStallWithItsOpenChain() {
		TelemetryHandle exporting = rank(EXPORTING,
				NemoLensConfig.builder().flightRecorderStallTimeout(Duration.ofMillis(200)));
		assertThat(exporting.isExporting()).isTrue();
		stuckInAllreduce(exporting);
		assertThat(Await.until(() -> !DumpFile.in(this.directory).isEmpty())).isTrue();
		DumpFile dump = DumpFile.read(DumpFile.in(this.directory).get(0));
		assertThat(dump.resourceAttribute("nemo.dump.reason")).isEqualTo("stall");
		assertThat(dump.span("allreduce").path("parentSpanId").asText())
			.isEqualTo(dump.span("train.step").path("spanId").asText());
	}

	@Test
	void anExportingRankWithTheExporterNoneReportsNoSpanLostAtShutdown() {
		TelemetryHandle exporting = rank(EXPORTING, NemoLensConfig.builder());
		exporting.tracer().spanBuilder("step").startSpan().end();
		CapturingLogHandler warnings = new CapturingLogHandler();
		Logger sdkLogger = Logger.getLogger(ExportingTelemetry.class.getName());
		sdkLogger.addHandler(warnings);
		try {
			exporting.shutdown();
		}
		finally {
			sdkLogger.removeHandler(warnings);
		}
		assertThat(warnings.published()).noneMatch((record) -> record.getMessage().contains("not delivered"));
	}

	@Test
	void anExportingRanksDumpSaysItsFinishedSpansWentToTheCollector() {
		TelemetryHandle exporting = this.ranks.rank(EXPORTING, NemoLensConfig.builder());
		DumpFile dump = DumpFile.read(exporting.dumpFlightRecorder().orElseThrow());
		assertThat(dump.resourceAttribute(DumpWriter.FINISHED_SPANS)).isEqualTo("exported");
	}

	@Test
	void aSilentRanksDumpSaysItHoldsItsFinishedSpans() {
		DumpFile dump = DumpFile.read(rank(SILENT, NemoLensConfig.builder()).dumpFlightRecorder().orElseThrow());
		assertThat(dump.resourceAttribute(DumpWriter.FINISHED_SPANS)).isEqualTo("recorded");
	}

	@Test
	void anExportingRanksDumpWithTheExporterNoneSaysItsFinishedSpansWentNowhere() {
		DumpFile dump = DumpFile.read(rank(EXPORTING, NemoLensConfig.builder()).dumpFlightRecorder().orElseThrow());
		assertThat(dump.resourceAttribute(DumpWriter.FINISHED_SPANS)).isEqualTo("none");
	}

	@Test
	void aStallIsOneWarningNamingTheRankTheOpenChainItsAgeAndItsStep() {
		TelemetryHandle silent = rank(SILENT, NemoLensConfig.builder()
			.flightRecorderStallTimeout(Duration.ofMillis(200))
			.flightRecorderMinDumpInterval(Duration.ZERO));
		stuckInAllreduce(silent);
		assertThat(Await.until(() -> !stallWarnings().isEmpty())).isTrue();
		assertThat(stallWarnings()).singleElement()
			.satisfies((record) -> assertThat(record.getMessage()).matches(
					"NeMo Lens: rank 1 stalled \\d+ m?s in train\\.step > allreduce \\(step 17\\); "
							+ "flight recorder dumped to .*run-7-rank-1-.*\\.json"));
		assertThat(this.log.published()).noneMatch((record) -> record.getLevel() == Level.INFO);
	}

	@Test
	void anOpenServerSpanBootHasNotNamedYetIsNamedByItsMethodAndRouteInADump() {
		TelemetryHandle silent = rank(SILENT, NemoLensConfig.builder());
		this.ranks.keptOpen(silent.tracer()
			.spanBuilder("<unspecified span name>")
			.setAttribute("http.request.method", "GET")
			.setAttribute("url.path", "/orders/7")
			.startSpan());
		DumpFile dump = DumpFile.read(silent.dumpFlightRecorder().orElseThrow());
		assertThat(dump.spans()).extracting((span) -> span.path("name").asText()).containsExactly("GET /orders/7");
	}

	@Test
	void spansOpenAtTheEndAreMarkedTruncatedInTheExitDump() {
		TelemetryHandle silent = rank(SILENT, NemoLensConfig.builder().flightRecorderDumpOnExit(true));
		this.ranks.keptOpen(silent.tracer().spanBuilder("train.step").startSpan());
		DumpFile request = DumpFile.read(silent.dumpFlightRecorder().orElseThrow());
		silent.shutdown();
		DumpFile exit = DumpFile.read(silent.flightRecorder().orElseThrow().lastDump());
		assertThat(exit.resourceAttribute("nemo.dump.reason")).isEqualTo("exit");
		assertThat(DumpFile.attribute(exit.span("train.step"), "nemo.span.truncated"))
			.hasValueSatisfying((value) -> assertThat(value.path("boolValue").asBoolean()).isTrue());
		assertThat(DumpFile.attribute(request.span("train.step"), "nemo.span.truncated")).isEmpty();
	}

	@Test
	void theStatusGivesTheRanksStepMedianAndLastStepFromTheMostFrequentTopLevelSpan() {
		TelemetryHandle silent = rank(SILENT, NemoLensConfig.builder());
		long start = TimeUnit.SECONDS.toNanos(1_000);
		long[] millis = { 100, 300, 200, 400 };
		for (int step = 0; step < millis.length; step++) {
			Span span = silent.tracer()
				.spanBuilder("train.step")
				.setAttribute("dl.step", (long) step)
				.setStartTimestamp(start, TimeUnit.NANOSECONDS)
				.startSpan();
			silent.tracer().spanBuilder("forward").setParent(Context.root().with(span)).startSpan().end();
			silent.tracer().spanBuilder("backward").setParent(Context.root().with(span)).startSpan().end();
			span.end(start + TimeUnit.MILLISECONDS.toNanos(millis[step]), TimeUnit.NANOSECONDS);
		}
		silent.tracer().spanBuilder("checkpoint").startSpan().end();
		StepTimes steps = silent.flightRecorder().orElseThrow().steps();
		assertThat(steps).isEqualTo(new StepTimes("train.step", 4, Duration.ofMillis(250), Duration.ofMillis(400), 3L));
		assertThat(steps.describe()).isEqualTo("train.step: median 0.250 s of 4, last 0.400 s (step 3)");
	}

	@Test
	void aRankThatHoldsNoSpanHasNoStepTimes() {
		assertThat(rank(SILENT, NemoLensConfig.builder()).flightRecorder().orElseThrow().steps()).isNull();
	}

}
