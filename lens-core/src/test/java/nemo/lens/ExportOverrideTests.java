package nemo.lens;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * An operator overrides a rank's decision while it runs: a silent rank switched on exports through
 * the telemetry it handed out before, a rank switched off flushes and closes its SDK, and every
 * override ends by itself.
 */
class ExportOverrideTests {

	private final Map<String, String> env = new HashMap<>();

	private final RecordingSpanExporter spans = new RecordingSpanExporter();

	private TelemetryHandle handle;

	@AfterEach
	void shutdown() {
		if (this.handle != null) {
			this.handle.shutdown();
		}
	}

	private TelemetryHandle rank(int rank) {
		NemoLensConfig config = NemoLensConfig.builder().enabled(true).exporter("none").build();
		this.handle = new TelemetrySetup(new ExportStrategyRegistry(this.env::get), this.env::get).setup(config, rank,
				4, TelemetryOptions.builder().switchable(true).spanExporter(this.spans).shutdownHook(false).build());
		return this.handle;
	}

	@Test
	void aSilentRankSwitchedOnExportsThroughTheTracersItHandedOutBefore() {
		TelemetryHandle silent = rank(0);
		Tracer library = silent.openTelemetry().getTracer("library");
		Tracer own = silent.tracer();
		silent.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(15), "test");
		library.spanBuilder("library.call").startSpan().end();
		own.spanBuilder("step").startSpan().end();
		silent.span("helper").run(() -> {
		});
		assertThat(silent.isExporting()).isTrue();
		assertThat(silent.isSelectedByStrategy(Signal.TRACES)).isFalse();
		silent.shutdown();
		assertThat(this.spans.spans()).extracting("name").containsExactlyInAnyOrder("library.call", "step", "helper");
	}

	@Test
	void aRankSwitchedOnExportsItsFirstSpanAtOnceRatherThanAfterTheBatchDelay() {
		NemoLensConfig config = NemoLensConfig.builder().enabled(true).exporter("none").build();
		this.handle = new TelemetrySetup(new ExportStrategyRegistry(this.env::get), this.env::get).setup(config, 0, 4,
				TelemetryOptions.builder().switchable(true)
					.spanExporter(this.spans)
					.otelProperties(Map.of("otel.bsp.schedule.delay", "600000"))
					.shutdownHook(false)
					.build());
		this.handle.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(15), "test");
		this.handle.tracer().spanBuilder("first").startSpan().end();
		assertThat(Await.until(() -> !this.spans.spans().isEmpty())).as("exported within seconds, not ten minutes")
			.isTrue();
	}

	@Test
	void aRankSwitchedOffFlushesWhatItHeldAndRecordsNothingMore() {
		TelemetryHandle exporting = rank(3);
		Tracer tracer = exporting.tracer();
		tracer.spanBuilder("before").startSpan().end();
		exporting.override(ExportOverride.State.SILENT, Duration.ofMinutes(15), "test");
		assertThat(tracer.spanBuilder("after").startSpan().isRecording()).isFalse();
		assertThat(Await.until(() -> !this.spans.spans().isEmpty())).as("sent as the pipeline drains").isTrue();
		assertThat(this.spans.spans()).extracting("name").containsExactly("before");
		assertThat(exporting.isExporting()).isFalse();
		assertThat(exporting.sdk()).isEmpty();
		assertThat(this.spans.isShutDown()).as("the caller's exporter stays open for a later switch").isFalse();
	}

	@Test
	void spansQueuedWhileTheFirstExportIsUnderWayAreSentAtSwitchOff() throws InterruptedException {
		CompletableResultCode firstExport = new CompletableResultCode();
		List<String> exported = new CopyOnWriteArrayList<>();
		SpanExporter slowFirst = new SpanExporter() {

			@Override
			public CompletableResultCode export(Collection<SpanData> batch) {
				boolean first = exported.isEmpty();
				batch.forEach((span) -> exported.add(span.getName()));
				return first ? firstExport : CompletableResultCode.ofSuccess();
			}

			@Override
			public CompletableResultCode flush() {
				return CompletableResultCode.ofSuccess();
			}

			@Override
			public CompletableResultCode shutdown() {
				return CompletableResultCode.ofSuccess();
			}

		};
		NemoLensConfig config = NemoLensConfig.builder().enabled(true).exporter("none").build();
		this.handle = new TelemetrySetup(new ExportStrategyRegistry(this.env::get), this.env::get).setup(config, 0, 4,
				TelemetryOptions.builder().switchable(true).spanExporter(slowFirst).shutdownHook(false).build());
		this.handle.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(15), "test");
		Tracer tracer = this.handle.tracer();
		tracer.spanBuilder("first").startSpan().end();
		assertThat(Await.until(() -> exported.contains("first"))).as("the first span's export began").isTrue();
		for (int i = 0; i < 5; i++) {
			tracer.spanBuilder("queued").startSpan().end();
		}
		// The switch returns at once; the pipeline drains while the first export is still under way.
		this.handle.removeOverride("test");
		assertThat(this.handle.isExporting()).isFalse();
		firstExport.succeed();
		assertThat(Await.until(() -> exported.size() == 6)).as("every queued span sent as the pipeline closes")
			.isTrue();
		assertThat(exported).containsExactly("first", "queued", "queued", "queued", "queued", "queued");
	}

	@Test
	void aRankSwitchedOffEndsItsSpanProcessorThread() {
		Set<Thread> before = Thread.getAllStackTraces().keySet();
		TelemetryHandle exporting = rank(3);
		exporting.tracer().spanBuilder("before").startSpan().end();
		Set<Thread> processors = Thread.getAllStackTraces()
			.keySet()
			.stream()
			.filter((thread) -> !before.contains(thread) && thread.getName().startsWith("BatchSpanProcessor"))
			.collect(Collectors.toSet());
		assertThat(processors).hasSize(1);
		exporting.override(ExportOverride.State.SILENT, Duration.ofMinutes(15), "test");
		assertThat(Await.until(() -> processors.stream().noneMatch(Thread::isAlive))).isTrue();
	}

	@Test
	void switchedOnAgainARankExportsThroughTheSameExporterAndClosesItOnceAtTheEnd() {
		TelemetryHandle silent = rank(0);
		Tracer tracer = silent.tracer();
		silent.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(15), "test");
		tracer.spanBuilder("first").startSpan().end();
		silent.removeOverride("test");
		tracer.spanBuilder("silent").startSpan().end();
		silent.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(15), "test");
		tracer.spanBuilder("second").startSpan().end();
		assertThat(this.spans.isShutDown()).isFalse();
		silent.shutdown();
		assertThat(this.spans.spans()).extracting("name").containsExactly("first", "second");
		assertThat(this.spans.isShutDown()).isTrue();
	}

	@Test
	void anOverrideEndsByItselfAndTheStrategyDecidesAgain() {
		TelemetryHandle silent = rank(0);
		ExportOverride override = silent.override(ExportOverride.State.EXPORTING, Duration.ofMillis(300), "test");
		assertThat(override.until()).isBefore(Instant.now().plusSeconds(1));
		assertThat(silent.isExporting()).isTrue();
		assertThat(Await.until(() -> silent.override().isEmpty())).isTrue();
		assertThat(silent.isExporting()).isFalse();
		assertThat(Await.until(() -> threadsNamed("nemo-lens-override").isEmpty())).as("the timer's thread ends with it")
			.isTrue();
	}

	@Test
	void removingTheOverrideReturnsToTheStrategysDecisionAndDropsTheTimer() {
		TelemetryHandle exporting = rank(3);
		exporting.override(ExportOverride.State.SILENT, Duration.ofHours(1), "test");
		assertThat(threadsNamed("nemo-lens-override")).hasSize(1);
		exporting.removeOverride("test");
		assertThat(exporting.override()).isEmpty();
		assertThat(exporting.isExporting()).isTrue();
		assertThat(Await.until(() -> threadsNamed("nemo-lens-override").isEmpty())).isTrue();
	}

	@Test
	void aNewOverrideReplacesTheOneInForce() {
		TelemetryHandle silent = rank(0);
		silent.override(ExportOverride.State.EXPORTING, Duration.ofHours(1), "first");
		ExportOverride second = silent.override(ExportOverride.State.SILENT, Duration.ofMinutes(5), "second");
		assertThat(silent.override()).contains(second);
		assertThat(silent.isExporting()).isFalse();
		assertThat(threadsNamed("nemo-lens-override")).hasSize(1);
	}

	@Test
	void anOverrideExportsOnlyTheSignalsThatAreEnabled() {
		TelemetryHandle silent = rank(0);
		silent.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(1), "test");
		assertThat(silent.isExporting(Signal.TRACES)).isTrue();
		assertThat(silent.isExporting(Signal.LOGS)).as("logs-enabled is false").isFalse();
	}

	@Test
	void anOverrideOfOneSignalLeavesTheOthersToTheirDecision() {
		TelemetryHandle silent = rank(0);
		silent.override(ExportOverride.State.EXPORTING, Set.of(Signal.METRICS), Duration.ofMinutes(1), "test");
		assertThat(silent.isExporting(Signal.METRICS)).isTrue();
		assertThat(silent.isExporting(Signal.TRACES)).isFalse();
		assertThat(silent.tracer().spanBuilder("step").startSpan().isRecording()).isFalse();
		assertThat(silent.override().orElseThrow().signals()).containsExactly(Signal.METRICS);
	}

	@Test
	void aDisabledLensRefusesAnOverride() {
		NemoLensConfig config = NemoLensConfig.builder().exporter("none").build();
		this.handle = new TelemetrySetup(new ExportStrategyRegistry(this.env::get), this.env::get).setup(config, 0, 4,
				TelemetryOptions.builder().switchable(true).build());
		assertThatIllegalStateException()
			.isThrownBy(() -> this.handle.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(1), "test"))
			.withMessageContaining("nemo.lens.enabled=false");
	}

	@Test
	void anOverrideLastsMoreThanZero() {
		TelemetryHandle silent = rank(0);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> silent.override(ExportOverride.State.EXPORTING, Duration.ZERO, "test"));
		assertThat(silent.override()).isEmpty();
	}

	private static Set<String> threadsNamed(String prefix) {
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.filter(Thread::isAlive)
			.map(Thread::getName)
			.filter((name) -> name.startsWith(prefix))
			.collect(Collectors.toSet());
	}

}
