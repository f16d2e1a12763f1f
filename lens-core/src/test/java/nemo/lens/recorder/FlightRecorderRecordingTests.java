package nemo.lens.recorder;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.sdk.trace.data.SpanData;
import nemo.lens.Await;
import nemo.lens.ExportOverride;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.RecordingSpanExporter;
import nemo.lens.Signal;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import nemo.lens.spans.SpanGroups;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With the flight recorder on, a rank that does not export traces records them with a real SDK into
 * a bounded ring, and sends nothing; switched on, it exports the recorded spans first, with their
 * own timestamps; switched off again, it records again. Off, a silent rank is as cheap as before.
 */
class FlightRecorderRecordingTests {

	private final Map<String, String> env = new HashMap<>();

	private final RecordingSpanExporter exporter = new RecordingSpanExporter();

	private TelemetryHandle handle;

	@AfterEach
	void shutdown() {
		if (this.handle != null) {
			this.handle.shutdown();
		}
	}

	/** Rank 0 of 4 under single_rank, which the last rank exports: a silent rank. */
	private TelemetryHandle silentRank(boolean recorder, int spans) {
		NemoLensConfig config = NemoLensConfig.builder()
			.enabled(true)
			.exporter("none")
			.runId("run-7")
			.flightRecorderEnabled(recorder)
			.flightRecorderSpans(spans)
			.build();
		this.handle = new TelemetrySetup(new ExportStrategyRegistry(this.env::get), this.env::get).setup(config, 0, 4,
				TelemetryOptions.builder().switchable(true).spanExporter(this.exporter).shutdownHook(false).build());
		return this.handle;
	}

	private static void end(Tracer tracer, String... names) {
		for (String name : names) {
			tracer.spanBuilder(name).startSpan().end();
		}
	}

	@Test
	void aSilentRankWithTheRecorderOnKeepsItsFinishedSpansAndSendsNothing() {
		TelemetryHandle silent = silentRank(true, 16);
		end(silent.openTelemetry().getTracer("library"), "library.call");
		end(silent.tracer(), "step");
		assertThat(silent.isExporting()).isFalse();
		assertThat(silent.flightRecorder()).hasValueSatisfying((status) -> {
			assertThat(status.spans()).isEqualTo(2);
			assertThat(status.capacity()).isEqualTo(16);
			assertThat(status.dropped()).isZero();
			assertThat(status.lastDump()).isNull();
		});
		assertThat(this.exporter.spans()).isEmpty();
	}

	@Test
	void aSilentRankWithoutTheRecorderHandsOutNoOpSpansAsBefore() {
		TelemetryHandle silent = silentRank(false, 16);
		Span span = silent.openTelemetry().getTracer("library").spanBuilder("call").startSpan();
		assertThat(span.isRecording()).isFalse();
		assertThat(span.getSpanContext().isValid()).isFalse();
		assertThat(silent.flightRecorder()).isEmpty();
	}

	@Test
	void aSilentRankRecordsWithTheRealSdkSoItsSpansHaveRealIds() {
		TelemetryHandle silent = silentRank(true, 16);
		Span span = silent.tracer().spanBuilder("step").startSpan();
		assertThat(span.isRecording()).isTrue();
		assertThat(span.getSpanContext().isValid()).isTrue();
		span.end();
	}

	@Test
	void theRingKeepsTheLastSpansAndCountsTheOlderOnesDropped() {
		TelemetryHandle silent = silentRank(true, 3);
		end(silent.tracer(), "1", "2", "3", "4", "5");
		assertThat(silent.flightRecorder().orElseThrow().spans()).isEqualTo(3);
		assertThat(silent.flightRecorder().orElseThrow().dropped()).isEqualTo(2);
	}

	@Test
	void helperSpansOfAnEnabledGroupAreRecordedAndThoseOfADisabledGroupAreNot() {
		TelemetryHandle silent = silentRank(true, 16);
		silent.span("checkpoint").group(SpanGroups.CHECKPOINT).run(() -> {
		});
		silent.span("optimizer").group(SpanGroups.OPTIMIZER).run(() -> {
		});
		assertThat(silent.flightRecorder().orElseThrow().spans()).isEqualTo(1);
	}

	@Test
	void switchedOnTheRankExportsTheRecordedSpansFirstWithTheirOwnTimestampsAndEmptiesTheRing() {
		TelemetryHandle silent = silentRank(true, 16);
		end(silent.tracer(), "before.1", "before.2");
		Instant switchedOn = Instant.now();
		silent.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(15), "test");
		end(silent.tracer(), "after");
		assertThat(silent.flightRecorder().orElseThrow().spans()).isZero();
		silent.shutdown();
		List<SpanData> exported = this.exporter.spans();
		assertThat(exported).extracting(SpanData::getName).containsExactly("before.1", "before.2", "after");
		assertThat(this.exporter.batchSizes().get(0)).as("the recorded spans go out on their own, first").isEqualTo(2);
		assertThat(exported.subList(0, 2)).allSatisfy((span) -> assertThat(
				Instant.ofEpochSecond(0, span.getEndEpochNanos())).isBefore(switchedOn.plusMillis(1)));
	}

	@Test
	void handedOverSpansCarryTheRanksResourceAsTheExportingSdkWould() {
		TelemetryHandle silent = silentRank(true, 16);
		end(silent.tracer(), "before");
		silent.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(15), "test");
		end(silent.tracer(), "after");
		silent.shutdown();
		assertThat(this.exporter.spans()).extracting(SpanData::getResource).allSatisfy((resource) -> {
			assertThat(resource.getAttribute(AttributeKey.longKey("dl.rank"))).isZero();
			assertThat(resource.getAttribute(AttributeKey.longKey("dl.world_size"))).isEqualTo(4);
			assertThat(resource.getAttribute(AttributeKey.stringKey("nemo.run.id"))).isEqualTo("run-7");
		});
		assertThat(this.exporter.spans().get(0).getResource()).isEqualTo(this.exporter.spans().get(1).getResource());
	}

	@Test
	void switchedOffAgainTheRankRecordsAgain() {
		TelemetryHandle silent = silentRank(true, 16);
		silent.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(15), "test");
		end(silent.tracer(), "exported");
		assertThat(silent.flightRecorder().orElseThrow().spans()).isZero();
		silent.removeOverride("test");
		end(silent.tracer(), "recorded");
		assertThat(silent.flightRecorder().orElseThrow().spans()).isEqualTo(1);
		assertThat(Await.until(() -> !this.exporter.spans().isEmpty())).as("sent as the pipeline drains").isTrue();
		assertThat(this.exporter.spans()).extracting(SpanData::getName).containsExactly("exported");
	}

	@Test
	void aRankThatExportsOnlyMetricsRecordsItsTraces() {
		NemoLensConfig config = NemoLensConfig.builder()
			.enabled(true)
			.exporter("none")
			.metricsExportStrategy("all_ranks")
			.flightRecorderEnabled(true)
			.build();
		this.handle = new TelemetrySetup(new ExportStrategyRegistry(this.env::get), this.env::get).setup(config, 0, 4,
				TelemetryOptions.builder().switchable(true).spanExporter(this.exporter).shutdownHook(false).build());
		end(this.handle.tracer(), "step");
		assertThat(this.handle.isExporting(Signal.METRICS)).isTrue();
		assertThat(this.handle.flightRecorder().orElseThrow().spans()).isEqualTo(1);
	}

	@Test
	void anExportingRankRecordsNothing() {
		NemoLensConfig config = NemoLensConfig.builder().enabled(true).exporter("none").flightRecorderEnabled(true).build();
		this.handle = new TelemetrySetup(new ExportStrategyRegistry(this.env::get), this.env::get).setup(config, 3, 4,
				TelemetryOptions.builder().switchable(true).spanExporter(this.exporter).shutdownHook(false).build());
		end(this.handle.tracer(), "step");
		assertThat(this.handle.flightRecorder().orElseThrow().spans()).isZero();
		this.handle.sdk().orElseThrow().getSdkTracerProvider().forceFlush().join(10, TimeUnit.SECONDS);
		assertThat(this.exporter.spans()).extracting(SpanData::getName).containsExactly("step");
	}

}
