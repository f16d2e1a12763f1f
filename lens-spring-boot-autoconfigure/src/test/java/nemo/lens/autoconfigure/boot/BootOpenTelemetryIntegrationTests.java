package nemo.lens.autoconfigure.boot;

import nemo.lens.autoconfigure.BootLine;
import nemo.lens.autoconfigure.LensTestConfigurations;
import nemo.lens.autoconfigure.boot.BootOpenTelemetryDoorAutoConfiguration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import nemo.lens.RecordingSpanExporter;
import nemo.lens.TelemetryHandle;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.annotation.Configurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With spring-boot-starter-opentelemetry on the class path, spans made through Micrometer's
 * Observation API leave an exporting rank through the Lens SDK, and a silent rank exports nothing
 * and starts no exporter thread.
 */
class BootOpenTelemetryIntegrationTests {

	private final RecordingSpanExporter exporter = new RecordingSpanExporter();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(LensTestConfigurations.core())
		.withConfiguration(AutoConfigurations.of(BootLine.current().openTelemetry()))
		.withBean(RecordingSpanExporter.class, () -> this.exporter)
		.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.world-size=4");

	private static void observeWork(ObservationRegistry registry) {
		Observation.createNotStarted("work", registry).observe(() -> {
		});
	}

	private static Set<String> exporterThreads() {
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.map(Thread::getName)
			.filter((name) -> name.startsWith("BatchSpanProcessor") || name.startsWith("BatchLogRecordProcessor")
					|| name.startsWith("PeriodicMetricReader"))
			.collect(Collectors.toSet());
	}

	@Test
	void bootDoorIsOrderedBeforeBootsOpenTelemetryAutoConfigurationsOfThisLine() {
		List<Class<?>> sorted = List.of(Configurations.getClasses(
				AutoConfigurations.of(BootLine.current().openTelemetry()),
				LensTestConfigurations.core()));
		List<Class<?>> bootOpenTelemetry = Arrays.stream(BootLine.current().openTelemetry())
			.filter((type) -> !type.getSimpleName().equals("ObservationAutoConfiguration"))
			.toList();
		assertThat(bootOpenTelemetry).allSatisfy((type) -> assertThat(sorted.indexOf(BootOpenTelemetryDoorAutoConfiguration.class))
			.as(type.getName())
			.isLessThan(sorted.indexOf(type)));
	}

	@Test
	void bootsOpenTelemetryIsTheLensHandles() {
		this.runner.withPropertyValues("nemo.lens.rank=3").run((context) -> {
			assertThat(context).hasSingleBean(OpenTelemetry.class);
			assertThat(context.getBean(OpenTelemetry.class))
				.isSameAs(context.getBean(TelemetryHandle.class).openTelemetry());
		});
	}

	@Test
	void observationOnAnExportingRankLeavesThroughLensWithTheRankResource() {
		this.runner.withPropertyValues("nemo.lens.rank=3")
			.run((context) -> observeWork(context.getBean(ObservationRegistry.class)));
		assertThat(this.exporter.spans()).singleElement().satisfies((span) -> {
			assertThat(span.getName()).isEqualTo("work");
			assertThat(span.getResource().getAttribute(AttributeKey.longKey("dl.rank"))).isEqualTo(3L);
			assertThat(span.getResource().getAttribute(AttributeKey.stringKey("service.instance.id")))
				.endsWith("-rank3");
		});
	}

	@Test
	void theRankResourceCarriesTheNvDlNamesWhenAsked() {
		this.runner.withPropertyValues("nemo.lens.rank=3", "nemo.lens.attribute-names=both", "nemo.lens.local-rank=1",
				"management.opentelemetry.resource-attributes.nv.dl.rank=7")
			.run((context) -> observeWork(context.getBean(ObservationRegistry.class)));
		assertThat(this.exporter.spans()).singleElement().satisfies((span) -> {
			assertThat(span.getResource().getAttribute(AttributeKey.longKey("dl.rank"))).isEqualTo(3L);
			assertThat(span.getResource().getAttribute(AttributeKey.longKey("nv.dl.rank"))).isEqualTo(3L);
			assertThat(span.getResource().getAttribute(AttributeKey.longKey("nv.dl.world_size"))).isEqualTo(4L);
			assertThat(span.getResource().getAttribute(AttributeKey.longKey("nv.dl.local_rank"))).isEqualTo(1L);
		});
	}

	@Test
	void aValueOtherThanDlNvOrBothStopsTheStartNamingThePropertyAndTheAllowedValues() {
		this.runner.withPropertyValues("nemo.lens.rank=3", "nemo.lens.attribute-names=python")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("nemo.lens.attribute-names")
				.hasMessageContaining("python")
				.hasMessageContaining("must be one of dl, nv, both"));
	}

	@Test
	void observationOnASilentRankExportsNothingAndStartsNoExporterThread() {
		Set<String> before = exporterThreads();
		this.runner.withPropertyValues("nemo.lens.rank=0").run((context) -> {
			observeWork(context.getBean(ObservationRegistry.class));
			Set<String> started = exporterThreads();
			started.removeAll(before);
			assertThat(started).isEmpty();
			assertThat(context.getBean(TelemetryHandle.class).isExporting()).isFalse();
		});
		assertThat(this.exporter.spans()).isEmpty();
	}

	@Test
	void silentRankBuildsNeitherBootsBatchSpanProcessorNorAnySpanExporter() {
		this.runner.withPropertyValues("nemo.lens.rank=0").run((context) -> {
			observeWork(context.getBean(ObservationRegistry.class));
			ConfigurableListableBeanFactory beanFactory = context.getBeanFactory();
			assertThat(beanFactory.getBeanNamesForType(SpanProcessor.class, true, false)).isNotEmpty()
				.noneMatch(beanFactory::containsSingleton);
			assertThat(beanFactory.getBeanNamesForType(SpanExporter.class, true, false)).isNotEmpty()
				.noneMatch(beanFactory::containsSingleton);
		});
	}

	@Test
	void exportingRankStillBuildsTheSpanExportersLensSendsThrough() {
		this.runner.withPropertyValues("nemo.lens.rank=3").run((context) -> {
			ConfigurableListableBeanFactory beanFactory = context.getBeanFactory();
			assertThat(beanFactory.getBeanNamesForType(SpanExporter.class, true, false)).isNotEmpty()
				.allMatch(beanFactory::containsSingleton);
		});
	}

	@Test
	void aRankThatSendsOnlyMetricsExportsNoObservationSpanAndBuildsNoSpanExporterOrSpanThread() {
		Set<String> before = exporterThreads();
		this.runner.withPropertyValues("nemo.lens.rank=0", "nemo.lens.exporter=none",
				"nemo.lens.metrics.export-strategy=all_ranks").run((context) -> {
					observeWork(context.getBean(ObservationRegistry.class));
					ConfigurableListableBeanFactory beanFactory = context.getBeanFactory();
					assertThat(context.getBean(TelemetryHandle.class).isExporting()).isTrue();
					assertThat(beanFactory.getBeanNamesForType(SpanExporter.class, true, false)).isNotEmpty()
						.noneMatch(beanFactory::containsSingleton);
					Set<String> started = exporterThreads();
					started.removeAll(before);
					assertThat(started).noneMatch((name) -> name.startsWith("BatchSpanProcessor"));
				});
		assertThat(this.exporter.spans()).isEmpty();
	}

	@Test
	void aRankThatSendsOnlyTracesExportsItsObservationSpans() {
		this.runner.withPropertyValues("nemo.lens.rank=0", "nemo.lens.traces.export-strategy=all_ranks")
			.run((context) -> observeWork(context.getBean(ObservationRegistry.class)));
		assertThat(this.exporter.spans()).extracting("name").containsExactly("work");
	}

	@Test
	void withoutLensEnabledBootBuildsItsOwnSdk() {
		this.runner.withPropertyValues("nemo.lens.enabled=false", "nemo.lens.rank=0").run((context) -> {
			assertThat(context.getBean(OpenTelemetry.class)).isInstanceOf(OpenTelemetrySdk.class)
				.isNotSameAs(context.getBean(TelemetryHandle.class).openTelemetry());
		});
	}

}
