package nemo.lens.recorder;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.ReadableSpan;
import nemo.lens.Await;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With {@code stall-timeout} set, a rank whose span stays open that long dumps itself, with the
 * reason {@code stall} and the chain of spans it is in, on a silent and on an exporting rank; its
 * status names the stalled span and since when. One daemon thread watches, and only while a
 * timeout is set and the handle runs.
 */
class FlightRecorderStallTests {

	private static final String WATCHER = "nemo-lens-stall-watcher";

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

	/** Rank {@code rank} of 4 under single_rank: rank 3 exports, the others are silent. */
	private TelemetryHandle rank(int rank, Duration stallTimeout) {
		return this.ranks.rank(rank, NemoLensConfig.builder().flightRecorderStallTimeout(stallTimeout));
	}

	/** Starts {@code train.step > allreduce} and leaves both open, as a rank stuck in a collective. */
	private Span stuckInAllreduce(TelemetryHandle handle) {
		Span step = handle.tracer().spanBuilder("train.step").startSpan();
		Span allreduce = handle.tracer().spanBuilder("allreduce").setParent(Context.root().with(step)).startSpan();
		this.ranks.keptOpen(allreduce);
		this.ranks.keptOpen(step);
		return allreduce;
	}

	/** The first dump that holds the open span, once the rank has written it. */
	private Optional<DumpFile> dumpHolding(String openSpan) {
		return DumpFile.in(this.directory)
			.stream()
			.map(DumpFile::read)
			.filter((dump) -> dump.spans().stream().anyMatch((span) -> span.path("name").asText().equals(openSpan)))
			.findFirst();
	}

	private static boolean watcherRuns() {
		return Thread.getAllStackTraces().keySet().stream().anyMatch((thread) -> thread.getName().equals(WATCHER));
	}

	@Test
	void aSilentRankStuckLongerThanTheStallTimeoutDumpsItsOpenChainWithTheReasonStall() {
		TelemetryHandle silent = rank(1, Duration.ofMillis(200));
		stuckInAllreduce(silent);
		assertThat(Await.until(() -> dumpHolding("allreduce").isPresent())).isTrue();
		DumpFile dump = dumpHolding("allreduce").orElseThrow();
		assertThat(dump.resourceAttribute("nemo.dump.reason")).isEqualTo("stall");
		assertThat(dump.spans()).extracting((span) -> span.path("name").asText())
			.containsExactly("train.step", "allreduce");
	}

	@Test
	void anExportingRankStuckLongerThanTheStallTimeoutDumpsItselfToo() {
		TelemetryHandle exporting = rank(3, Duration.ofMillis(200));
		assertThat(exporting.isExporting()).isTrue();
		stuckInAllreduce(exporting);
		assertThat(Await.until(() -> dumpHolding("allreduce").isPresent())).isTrue();
		assertThat(dumpHolding("allreduce").orElseThrow().resourceAttribute("nemo.dump.reason")).isEqualTo("stall");
	}

	@Test
	void theStatusNamesTheInnermostStalledSpanAndSinceWhen() {
		TelemetryHandle silent = rank(1, Duration.ofMillis(200));
		Span allreduce = stuckInAllreduce(silent);
		assertThat(Await.until(() -> "allreduce".equals(silent.flightRecorder().orElseThrow().stalledSpan())))
			.isTrue();
		long started = ((ReadableSpan) allreduce).toSpanData().getStartEpochNanos();
		assertThat(silent.flightRecorder().orElseThrow().stalledSince()).isEqualTo(Instant.ofEpochSecond(0, started));
	}

	@Test
	void withoutAStallTimeoutNoWatcherRunsAndTheStatusShowsNoStall() {
		TelemetryHandle silent = rank(1, null);
		stuckInAllreduce(silent);
		assertThat(watcherRuns()).isFalse();
		assertThat(silent.flightRecorder().orElseThrow().stalledSince()).isNull();
	}

	@Test
	void theWatcherEndsWithTheHandle() {
		TelemetryHandle silent = rank(1, Duration.ofMinutes(1));
		assertThat(watcherRuns()).isTrue();
		silent.shutdown();
		assertThat(Await.until(() -> !watcherRuns())).isTrue();
	}

}
