package nemo.lens.autoconfigure.boot;

import nemo.lens.autoconfigure.BootLine;
import nemo.lens.autoconfigure.LensTestConfigurations;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.logs.Logger;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import io.opentelemetry.sdk.testing.exporter.InMemoryLogRecordExporter;
import nemo.lens.RecordingSpanExporter;
import nemo.lens.TelemetryHandle;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a user set through Spring Boot's own OpenTelemetry properties and beans reaches an
 * exporting rank's Lens SDK, by one rule for every signal; the rank's identity stays Lens's.
 * Rank 3 of 4 exports under {@code single_rank}.
 */
class BootPipelineSettingsTests {

	private final RecordingSpanExporter spans = new RecordingSpanExporter();

	private final InMemoryLogRecordExporter logs = InMemoryLogRecordExporter.create();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(LensTestConfigurations.core())
		.withConfiguration(AutoConfigurations.of(BootLine.current().openTelemetry()))
		.withBean(RecordingSpanExporter.class, () -> this.spans)
		.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.world-size=4", "nemo.lens.rank=3",
				"nemo.lens.exporter=none");

	private static void observeWork(ObservationRegistry registry) {
		Observation.createNotStarted("work", registry).observe(() -> {
		});
	}

	/** Emits one log record through the handle and waits until its batch is exported. */
	private static void logAndFlush(TelemetryHandle handle) {
		Logger logger = handle.openTelemetry().getLogsBridge().get("test");
		logger.logRecordBuilder().setBody("step done").emit();
		handle.sdk().orElseThrow().getSdkLoggerProvider().forceFlush().join(10, TimeUnit.SECONDS);
	}

	@Test
	void bootResourceAttributesReachTheResourceBelowTheRank() {
		this.runner
			.withPropertyValues("management.opentelemetry.resource-attributes.team=vision",
					"management.opentelemetry.resource-attributes[dl.rank]=99")
			.run((context) -> observeWork(context.getBean(ObservationRegistry.class)));
		assertThat(this.spans.spans()).singleElement().satisfies((span) -> {
			assertThat(span.getResource().getAttribute(AttributeKey.stringKey("team"))).isEqualTo("vision");
			assertThat(span.getResource().getAttribute(AttributeKey.longKey("dl.rank"))).isEqualTo(3L);
		});
	}

	@Test
	void explicitBootSamplingProbabilityApplies() {
		this.runner.withPropertyValues("management.tracing.sampling.probability=0.0")
			.run((context) -> observeWork(context.getBean(ObservationRegistry.class)));
		assertThat(this.spans.spans()).isEmpty();
	}

	@Test
	void withoutABootSamplingProbabilityEverySpanIsKept() {
		this.runner.run((context) -> observeWork(context.getBean(ObservationRegistry.class)));
		assertThat(this.spans.spans()).hasSize(1);
	}

	@Test
	void logRecordExporterBeanCarriesLogsWhenLogsAreEnabled() {
		this.runner.withBean(LogRecordExporter.class, () -> this.logs)
			.withPropertyValues("nemo.lens.logs-enabled=true")
			.run((context) -> {
				logAndFlush(context.getBean(TelemetryHandle.class));
				assertThat(this.logs.getFinishedLogRecordItems()).hasSize(1);
			});
	}

	@Test
	void logRecordExporterBeanCarriesNothingWhenLogsAreDisabled() {
		this.runner.withBean(LogRecordExporter.class, () -> this.logs).run((context) -> {
			logAndFlush(context.getBean(TelemetryHandle.class));
			assertThat(this.logs.getFinishedLogRecordItems()).isEmpty();
		});
	}


	@Test
	void aSilentRankBuildsNoExporterBeanAlsoWithLogsEnabled() {
		AtomicInteger built = new AtomicInteger();
		this.runner.withPropertyValues("nemo.lens.rank=0", "nemo.lens.logs-enabled=true")
			.withBean(LogRecordExporter.class, () -> {
				built.incrementAndGet();
				return this.logs;
			})
			.run((context) -> assertThat(context.getBean(TelemetryHandle.class).isExporting()).isFalse());
		assertThat(built).as("log exporter beans built").hasValue(0);
	}

	@Test
	void anExportingRankBuildsTheLogExporterBeanOnce() {
		AtomicInteger built = new AtomicInteger();
		this.runner.withPropertyValues("nemo.lens.logs-enabled=true").withBean(LogRecordExporter.class, () -> {
			built.incrementAndGet();
			return this.logs;
		}).run((context) -> assertThat(context.getBean(TelemetryHandle.class).isExporting()).isTrue());
		assertThat(built).hasValue(1);
	}

}
