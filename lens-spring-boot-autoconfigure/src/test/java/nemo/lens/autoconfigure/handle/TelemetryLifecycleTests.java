package nemo.lens.autoconfigure.handle;

import nemo.lens.autoconfigure.LensTestConfigurations;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;
import java.util.logging.Logger;

import nemo.lens.RecordingSpanExporter;
import nemo.lens.ExportStrategy;
import nemo.lens.TelemetryHandle;
import nemo.lens.UnresponsiveCollector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

@ExtendWith(OutputCaptureExtension.class)
class TelemetryLifecycleTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(LensTestConfigurations.core())
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
	void aSpanRecordedWhenAnApplicationBeanIsDestroyedIsExported() {
		RecordingSpanExporter exporter = new RecordingSpanExporter();
		this.runner.withBean(RecordingSpanExporter.class, () -> exporter)
			.withBean(JobSummary.class)
			.run((context) -> assertThat(context).hasSingleBean(JobSummary.class));
		assertThat(exporter.spans()).extracting((span) -> span.getName()).containsExactly("job.summary");
	}

	@Test
	void aStartUpThatFailsAfterTheHandleWasMadeFlushesAndClosesIt() {
		RecordingSpanExporter exporter = new RecordingSpanExporter();
		TelemetryHandle[] handle = new TelemetryHandle[1];
		this.runner.withBean(RecordingSpanExporter.class, () -> exporter)
			.withBean("failsAfterTheHandle", Object.class, () -> {
				throw new IllegalStateException("the application cannot start");
			}, (definition) -> definition.setDependsOn("lensTelemetryHandle"))
			.withInitializer((context) -> context.getBeanFactory().addBeanPostProcessor(new BeanPostProcessor() {
				@Override
				public Object postProcessAfterInitialization(Object bean, String beanName) {
					if (bean instanceof TelemetryHandle made) {
						handle[0] = made;
						made.tracer().spanBuilder("before-failure").startSpan().end();
					}
					return bean;
				}
			}))
			.run((context) -> assertThat(context).hasFailed());
		assertThat(handle[0].isShutdown()).isTrue();
		assertThat(exporter.spans()).extracting((span) -> span.getName()).containsExactly("before-failure");
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
				.contains("launcher properties; strategy single_rank: rank 3; exporting; traces exporting (single_rank: "
						+ "rank 3), metrics exporting (single_rank: rank 3), logs disabled; run id "));
	}

	@Test
	void startupLogSaysWhichSignalsTheRankSendsAndWhichStrategyDecidedEach(CapturedOutput output) {
		this.runner
			.withPropertyValues("nemo.lens.rank=0", "nemo.lens.world-size=4", "nemo.lens.logs-enabled=true",
					"nemo.lens.metrics.export-strategy=all_ranks")
			.run((context) -> assertThat(output).contains("strategy single_rank: rank 3; exporting; traces silent "
					+ "(single_rank: rank 3), metrics exporting (all_ranks: every rank), logs silent (single_rank: rank 3); "
					+ "run id "));
	}

	@Test
	void startupLogOfASilentRankSaysWhomTheStrategyPicks(CapturedOutput output) {
		this.runner
			.withPropertyValues("nemo.lens.rank=0", "nemo.lens.world-size=16", "nemo.lens.export-strategy=sampled",
					"nemo.lens.export-sample-rate=0.25", "nemo.lens.metrics.export-strategy=first_rank_per_node",
					"LOCAL_RANK=1")
			.run((context) -> assertThat(output).contains("strategy sampled 0.25: ranks 3, 4, 5, 6, 10 of 16; "
					+ "not exporting; traces silent (sampled 0.25: ranks 3, 4, 5, 6, 10 of 16), metrics silent "
					+ "(first_rank_per_node: local rank 0 of each node), logs disabled"));
	}

	@Test
	void startupLogNamesAStrategyOfTheApplicationsOwnByItsName(CapturedOutput output) {
		this.runner.withBean("first_two_ranks", ExportStrategy.class, () -> (config, rank, worldSize) -> rank < 2)
			.withPropertyValues("nemo.lens.rank=0", "nemo.lens.world-size=4", "nemo.lens.export-strategy=first_two_ranks")
			.run((context) -> assertThat(output).contains("strategy first_two_ranks; exporting; traces exporting "
					+ "(first_two_ranks)"));
	}

	@Test
	void startupLogSaysTheControlFileIsWatchedWithItsPathAndInterval(CapturedOutput output, @TempDir Path directory) {
		Path file = directory.resolve("lens.properties");
		this.runner
			.withPropertyValues("nemo.lens.rank=0", "nemo.lens.world-size=2", "nemo.lens.control.file=" + file,
					"nemo.lens.control.interval=15s")
			.run((context) -> assertThat(output).containsPattern(
					"NeMo Lens: rank 0 of 2 .*; run id .*; control file " + Pattern.quote(file.toString())
							+ " watched every 15s"));
	}

	@Test
	void startupLogSaysTheFlightRecorderIsOnWithItsCapacityAndDirectory(CapturedOutput output,
			@TempDir Path directory) {
		this.runner
			.withPropertyValues("nemo.lens.rank=0", "nemo.lens.world-size=2", "nemo.lens.flight-recorder.enabled=true",
					"nemo.lens.flight-recorder.spans=512", "nemo.lens.flight-recorder.directory=" + directory)
			.run((context) -> assertThat(output).containsPattern(
					"NeMo Lens: rank 0 of 2 .*; flight recorder on \\(512 spans, directory "
							+ Pattern.quote(directory.toString()) + "\\)"));
	}

	@Test
	void startupLogSaysNeitherWhenNoControlFileOrRecorderRuns(CapturedOutput output) {
		this.runner.withPropertyValues("nemo.lens.rank=0", "nemo.lens.world-size=2")
			.run((context) -> assertThat(output).contains("NeMo Lens: rank 0 of 2")
				.doesNotContain("control file")
				.doesNotContain("flight recorder on"));
	}

	@Test
	void startupLogNamesWhereTheRunIdCameFrom(CapturedOutput output) {
		this.runner.withPropertyValues("TORCHELASTIC_RUN_ID=rdzv-5", "RANK=0", "WORLD_SIZE=2", "LOCAL_RANK=0")
			.run((context) -> assertThat(output).contains("; run id rdzv-5 (TORCHELASTIC_RUN_ID)"));
	}

	@Test
	void startupLogSaysWhenTheRunIdIsRandom(CapturedOutput output) {
		this.runner.withPropertyValues("nemo.lens.rank=0", "nemo.lens.world-size=2")
			.run((context) -> assertThat(output).containsPattern("; run id [0-9a-f]{12} \\(random: launcher properties "
					+ "gives no job id; set nemo.lens.run-id for one all ranks share\\)"));
	}

	@Test
	void startupLogOfLensOffSaysEveryDoorRunsAsConfiguredNeverNotExporting(CapturedOutput output) {
		this.runner.withPropertyValues("nemo.lens.enabled=false", "nemo.lens.rank=0", "nemo.lens.world-size=4")
			.run((context) -> assertThat(output)
				.contains("NeMo Lens: rank 0 of 4 (NEMO_LENS_RANK, NEMO_LENS_WORLD_SIZE), local rank unknown, launcher "
						+ "properties; Lens off (nemo.lens.enabled=false): no strategy decides, every telemetry door "
						+ "runs as the application configures it, on every rank; run id ")
				.doesNotContain("not exporting"));
	}

	@Test
	void startupLogSaysWhenARankDoesNotExport(CapturedOutput output) {
		this.runner.withPropertyValues("nemo.lens.rank=0", "nemo.lens.world-size=4")
			.run((context) -> assertThat(output).contains("strategy single_rank: rank 3; not exporting"));
	}

	/**
	 * At SIGTERM the JDK resets {@code java.util.logging} from a shutdown hook of its own, at the
	 * same time as Spring's hook closes the context: the loss summary, written at that moment, must
	 * not depend on {@code java.util.logging} still having a handler.
	 */
	@Test
	void lossIsReportedThroughTheApplicationLoggingEvenWhenJavaUtilLoggingHasNoHandler(CapturedOutput output) {
		Logger lensLogger = Logger.getLogger("nemo.lens");
		lensLogger.setUseParentHandlers(false);
		try {
			this.runner.withBean(UnresponsiveCollector.CountingSpanExporter.class, UnresponsiveCollector::refusingSpans)
				.run((context) -> context.getBean(TelemetryHandle.class).tracer().spanBuilder("step").startSpan().end());
		}
		finally {
			lensLogger.setUseParentHandlers(true);
		}
		assertThat(output).containsOnlyOnce("NeMo Lens could not export spans (java.net.ConnectException")
			.containsOnlyOnce("NeMo Lens: 1 of 1 spans were not delivered (1 failed to export");
	}


	/** An application bean that records a last span when the context closes. */
	static final class JobSummary implements DisposableBean {

		private final TelemetryHandle handle;

		JobSummary(TelemetryHandle handle) {
			this.handle = handle;
		}

		@Override
		public void destroy() {
			this.handle.tracer().spanBuilder("job.summary").startSpan().end();
		}

	}

}
