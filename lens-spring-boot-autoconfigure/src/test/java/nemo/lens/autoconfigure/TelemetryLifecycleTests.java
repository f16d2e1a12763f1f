package nemo.lens.autoconfigure;

import java.time.Duration;
import java.util.Collection;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import nemo.lens.RecordingSpanExporter;
import nemo.lens.TelemetryHandle;
import nemo.lens.UnresponsiveCollector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

@ExtendWith(OutputCaptureExtension.class)
class TelemetryLifecycleTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(NemoLensAutoConfiguration.class))
		.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.exporter=none");

	@Test
	void closingTheContextFlushesAndShutsTheHandleDown() {
		RecordingSpanExporter exporter = new RecordingSpanExporter();
		TelemetryHandle[] handle = new TelemetryHandle[1];
		this.runner.withBean(RecordingSpanExporter.class, () -> exporter).run((context) -> {
			handle[0] = context.getBean(TelemetryHandle.class);
			handle[0].tracer().spanBuilder("open-at-exit").startSpan();
		});
		assertThat(handle[0].isShutdown()).isTrue();
		assertThat(exporter.isShutDown()).isTrue();
		assertThat(exporter.spans()).singleElement()
			.satisfies((span) -> assertThat(span.getAttributes().asMap().toString())
				.contains("nemo.span.truncated=true"));
	}

	@Test
	void closingTheContextIsBoundedByTheShutdownTimeoutWhenTheExporterHangs() {
		UnresponsiveCollector.CountingSpanExporter exporter = UnresponsiveCollector.silentSpans(false);
		// Bounded, not fast: the margin is ten times the configured timeout.
		assertTimeoutPreemptively(Duration.ofSeconds(3),
				() -> this.runner.withBean(UnresponsiveCollector.CountingSpanExporter.class, () -> exporter)
					.withPropertyValues("nemo.lens.shutdown-timeout=300ms")
					.run((context) -> context.getBean(TelemetryHandle.class)
						.tracer()
						.spanBuilder("step")
						.startSpan()
						.end()));
		assertThat(exporter.exportCalls()).isPositive();
	}

	@Test
	void startupLogsOneInfoLineWithRankLauncherStrategyAndDecision(CapturedOutput output) {
		this.runner.withPropertyValues("nemo.lens.rank=3", "nemo.lens.world-size=4")
			.run((context) -> assertThat(output).contains("NeMo Lens: rank 3 of 4 (NEMO_LENS_RANK, NEMO_LENS_WORLD_SIZE)")
				.contains("launcher properties; strategy single_rank; exporting"));
	}

	@Test
	void startupLogSaysWhenARankDoesNotExport(CapturedOutput output) {
		this.runner.withPropertyValues("nemo.lens.rank=0", "nemo.lens.world-size=4")
			.run((context) -> assertThat(output).contains("strategy single_rank; not exporting"));
	}

}
