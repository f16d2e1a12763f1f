package nemo.lens.autoconfigure.boot;

import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.stream.Collectors;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import nemo.lens.ExportOverride;
import nemo.lens.RecordingSpanExporter;
import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.BootLine;
import nemo.lens.autoconfigure.LensTestConfigurations;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With spring-boot-starter-opentelemetry and the flight recorder on, the spans Spring Boot's
 * Observation API makes on a silent rank are kept in the rank's ring, as Lens's own are: Boot's
 * exporter beans, batch processor and exporter thread are still never built; switched on, the rank
 * hands them to Boot's exporter beans first.
 */
class BootOpenTelemetryFlightRecorderTests {

	private final RecordingSpanExporter exporter = new RecordingSpanExporter();

	private final ApplicationContextRunner silentRecordingRank = new ApplicationContextRunner()
		.withConfiguration(LensTestConfigurations.core())
		.withConfiguration(AutoConfigurations.of(BootLine.current().openTelemetry()))
		.withBean(RecordingSpanExporter.class, () -> this.exporter)
		.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.world-size=4", "nemo.lens.rank=0",
				"nemo.lens.flight-recorder.enabled=true", "nemo.lens.flight-recorder.spans=2");

	private static void observeWork(ObservationRegistry registry, int times) {
		for (int i = 0; i < times; i++) {
			Observation.createNotStarted("work-" + i, registry).observe(() -> {
			});
		}
	}

	private static Set<String> exporterThreads() {
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.map(Thread::getName)
			.filter((name) -> name.startsWith("BatchSpanProcessor"))
			.collect(Collectors.toSet());
	}

	@Test
	void observationSpansOfASilentRankAreKeptInItsRingWithoutBuildingBootsPipeline() {
		Set<String> before = exporterThreads();
		this.silentRecordingRank.run((context) -> {
			observeWork(context.getBean(ObservationRegistry.class), 3);
			TelemetryHandle handle = context.getBean(TelemetryHandle.class);
			assertThat(handle.flightRecorder()).hasValueSatisfying((status) -> {
				assertThat(status.spans()).isEqualTo(2);
				assertThat(status.dropped()).isEqualTo(1);
			});
			ConfigurableListableBeanFactory beanFactory = context.getBeanFactory();
			assertThat(beanFactory.getBeanNamesForType(SpanProcessor.class, true, false))
				.noneMatch(beanFactory::containsSingleton);
			assertThat(beanFactory.getBeanNamesForType(SpanExporter.class, true, false)).isNotEmpty()
				.noneMatch(beanFactory::containsSingleton);
			Set<String> started = exporterThreads();
			started.removeAll(before);
			assertThat(started).isEmpty();
		});
		assertThat(this.exporter.spans()).isEmpty();
	}

	@Test
	void switchedOnTheRankHandsTheRecordedObservationSpansToBootsExporterBeansFirst() {
		this.silentRecordingRank.run((context) -> {
			observeWork(context.getBean(ObservationRegistry.class), 3);
			TelemetryHandle handle = context.getBean(TelemetryHandle.class);
			Instant switched = Instant.now();
			handle.override(ExportOverride.State.EXPORTING, Duration.ofMinutes(5), "test");
			assertThat(this.exporter.spans()).extracting("name").containsExactly("work-1", "work-2");
			assertThat(this.exporter.spans()).allSatisfy((span) -> {
				assertThat(Instant.ofEpochSecond(0, span.getEndEpochNanos())).isBefore(switched);
				assertThat(span.getResource().getAttribute(AttributeKey.longKey("dl.rank"))).isEqualTo(0L);
			});
			assertThat(handle.flightRecorder()).hasValueSatisfying((status) -> assertThat(status.spans()).isZero());
		});
	}

}
