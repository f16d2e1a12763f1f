package nemo.lens.stack.starter;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import io.opentelemetry.sdk.testing.exporter.InMemoryLogRecordExporter;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import io.opentelemetry.sdk.logs.data.LogRecordData;
import io.opentelemetry.sdk.autoconfigure.spi.ConfigProperties;
import io.opentelemetry.sdk.autoconfigure.spi.logs.ConfigurableLogRecordExporterProvider;
import io.opentelemetry.sdk.autoconfigure.spi.traces.ConfigurableSpanExporterProvider;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.NemoLensAutoConfiguration;
import nemo.lens.autoconfigure.binding.LensBindingAutoConfiguration;
import nemo.lens.autoconfigure.boot.BootOpenTelemetryDoorAutoConfiguration;
import nemo.lens.autoconfigure.door.DoorState;
import nemo.lens.autoconfigure.door.LensDoorsAutoConfiguration;
import nemo.lens.autoconfigure.door.TelemetryDoors;
import nemo.lens.autoconfigure.global.GlobalOpenTelemetryDoorAutoConfiguration;
import nemo.lens.autoconfigure.handle.TelemetryHandleAutoConfiguration;
import nemo.lens.autoconfigure.instrumentation.OpenTelemetryStarterDoorAutoConfiguration;
import io.opentelemetry.instrumentation.spring.autoconfigure.OpenTelemetryAutoConfiguration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Beside the OpenTelemetry instrumentation Spring Boot starter, the starter's SDK follows the
 * rank's decision: silent ranks record nothing and start no exporter thread yet still pass W3C
 * trace context on; exporting ranks export through the starter's own SDK, stamped with the rank.
 * Rank 1 of 2 exports under {@code single_rank}.
 */
class OpenTelemetryStarterDoorTests {

	private final InMemorySpanExporter exporter = InMemorySpanExporter.create();

	private final InMemoryLogRecordExporter logExporter = InMemoryLogRecordExporter.create();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(OpenTelemetryAutoConfiguration.class, NemoLensAutoConfiguration.class,
				LensBindingAutoConfiguration.class, TelemetryHandleAutoConfiguration.class,
				BootOpenTelemetryDoorAutoConfiguration.class, LensDoorsAutoConfiguration.class,
				OpenTelemetryStarterDoorAutoConfiguration.class))
		.withBean(ConfigurableSpanExporterProvider.class, () -> new InMemoryExporterProvider(this.exporter))
		.withBean(ConfigurableLogRecordExporterProvider.class, () -> new InMemoryLogExporterProvider(this.logExporter))
		.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.exporter=none", "nemo.lens.world-size=2",
				"nemo.lens.run-id=job7", "otel.traces.exporter=memory", "otel.metrics.exporter=none",
				"otel.logs.exporter=none");

	/** The global is one per JVM: each test starts and ends without one. */
	@BeforeEach
	@AfterEach
	void forgetTheGlobal() {
		GlobalOpenTelemetry.resetForTest();
	}

	private ApplicationContextRunner withGlobalDoor() {
		return this.runner.withConfiguration(AutoConfigurations.of(GlobalOpenTelemetryDoorAutoConfiguration.class));
	}

	private static Set<String> exporterThreads() {
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.map(Thread::getName)
			.filter((name) -> name.startsWith("BatchSpanProcessor") || name.startsWith("PeriodicMetricReader")
					|| name.startsWith("BatchLogRecordProcessor"))
			.collect(Collectors.toSet());
	}

	private static void work(OpenTelemetry openTelemetry) {
		Span span = openTelemetry.getTracer("test").spanBuilder("work").startSpan();
		span.end();
	}

	/** Makes a span through the application's OpenTelemetry and waits until its batch is exported. */
	private static void workAndFlush(AssertableApplicationContext context) {
		work(context.getBean(OpenTelemetry.class));
		context.getBean(AutoConfiguredOpenTelemetrySdk.class)
			.getOpenTelemetrySdk()
			.getSdkTracerProvider()
			.forceFlush()
			.join(10, TimeUnit.SECONDS);
	}

	@Test
	void silentRankExportsNothingThroughTheStartersSdk() {
		this.runner.withPropertyValues("nemo.lens.rank=0").run((context) -> {
			workAndFlush(context);
			assertThat(this.exporter.getFinishedSpanItems()).isEmpty();
		});
	}

	@Test
	void silentRankExportsNothingWhenTheUserSetsOtelSdkDisabledFalse() {
		this.runner.withPropertyValues("nemo.lens.rank=0", "otel.sdk.disabled=false").run((context) -> {
			workAndFlush(context);
			assertThat(this.exporter.getFinishedSpanItems()).isEmpty();
		});
	}

	@Test
	void silentRankRunsNoMetricReaderWhenTheUserSetsOtelSdkDisabledFalse() {
		this.runner
			.withPropertyValues("nemo.lens.rank=0", "otel.sdk.disabled=false", "otel.metrics.exporter=otlp",
					"otel.exporter.otlp.endpoint=http://127.0.0.1:9")
			.run((context) -> {
				context.getBean(OpenTelemetry.class).getMeter("test").counterBuilder("work").build().add(1);
				assertThat(exporterThreads()).noneMatch((name) -> name.startsWith("PeriodicMetricReader"));
			});
	}

	@Test
	void silentRankStartsNoExporterThread() {
		Set<String> before = exporterThreads();
		this.runner.withPropertyValues("nemo.lens.rank=0").run((context) -> {
			work(context.getBean(OpenTelemetry.class));
			Set<String> started = exporterThreads();
			started.removeAll(before);
			assertThat(started).isEmpty();
		});
	}

	@Test
	void silentRankPassesW3cTraceContextOn() {
		this.runner.withPropertyValues("nemo.lens.rank=0").run((context) -> {
			OpenTelemetry openTelemetry = context.getBean(OpenTelemetry.class);
			SpanContext caller = SpanContext.createFromRemoteParent("0af7651916cd43dd8448eb211c80319c",
					"b7ad6b7169203331", TraceFlags.getSampled(), TraceState.getDefault());
			Span child = openTelemetry.getTracer("test")
				.spanBuilder("relay")
				.setParent(Context.root().with(Span.wrap(caller)))
				.startSpan();
			Map<String, String> outgoing = new HashMap<>();
			openTelemetry.getPropagators()
				.getTextMapPropagator()
				.inject(Context.root().with(child), outgoing, Map::put);
			assertThat(outgoing.get("traceparent")).startsWith("00-0af7651916cd43dd8448eb211c80319c-");
		});
	}

	@Test
	void exportingRankExportsThroughTheStartersSdkWithTheRankResource() {
		this.runner.withPropertyValues("nemo.lens.rank=1", "otel.resource.attributes=team=vision").run((context) -> {
			OpenTelemetry openTelemetry = context.getBean(OpenTelemetry.class);
			assertThat(openTelemetry).isNotSameAs(context.getBean(TelemetryHandle.class).openTelemetry());
			workAndFlush(context);
			assertThat(this.exporter.getFinishedSpanItems()).singleElement().satisfies((span) -> {
				assertThat(span.getResource().getAttribute(AttributeKey.longKey("dl.rank"))).isEqualTo(1L);
				assertThat(span.getResource().getAttribute(AttributeKey.stringKey("service.instance.id")))
					.isEqualTo("job7-rank1");
				assertThat(span.getResource().getAttribute(AttributeKey.stringKey("team"))).isEqualTo("vision");
			});
		});
	}

	@Test
	void exportingRankExportsWhatALibraryMakesThroughGlobalOpenTelemetryWithTheStartersResource() {
		withGlobalDoor().withPropertyValues("nemo.lens.rank=1", "otel.resource.attributes=team=vision").run((context) -> {
			assertThat(context.getBean(TelemetryDoors.class).states()).containsEntry("global.opentelemetry",
					DoorState.EXPORTING);
			work(GlobalOpenTelemetry.get());
			workAndFlush(context);
			assertThat(this.exporter.getFinishedSpanItems()).hasSize(2).allSatisfy((span) -> {
				assertThat(span.getResource().getAttribute(AttributeKey.longKey("dl.rank"))).isEqualTo(1L);
				assertThat(span.getResource().getAttribute(AttributeKey.stringKey("team"))).isEqualTo("vision");
			});
		});
	}

	@Test
	void silentRankExportsNothingALibraryMakesThroughGlobalOpenTelemetry() {
		withGlobalDoor().withPropertyValues("nemo.lens.rank=0").run((context) -> {
			assertThat(context.getBean(TelemetryDoors.class).states()).containsEntry("global.opentelemetry",
					DoorState.SILENCED);
			work(GlobalOpenTelemetry.get());
			workAndFlush(context);
			assertThat(this.exporter.getFinishedSpanItems()).isEmpty();
		});
	}

	@Test
	void applicationsOwnOpenTelemetryBeanMakesTheStarterBackOffAndKeepsTheGlobal() {
		withGlobalDoor().withBean("applicationOpenTelemetry", OpenTelemetry.class, OpenTelemetry::noop)
			.withPropertyValues("nemo.lens.rank=1")
			.run((context) -> {
				assertThat(context).doesNotHaveBean(AutoConfiguredOpenTelemetrySdk.class);
				assertThat(context.getBean(TelemetryDoors.class).states()).doesNotContainKey("otel.starter")
					.containsEntry("global.opentelemetry", DoorState.UNGATED);
			});
	}

	@Test
	void exportingRankTypesTheRankAttributesAsLensOwnSdkDoes() {
		this.runner.withPropertyValues("nemo.lens.rank=1", "nemo.lens.local-rank=1").run((context) -> {
			workAndFlush(context);
			// Integers, as on the Lens SDK's resource, so one query on dl.rank finds every door's data.
			assertThat(this.exporter.getFinishedSpanItems()).singleElement().satisfies((span) -> {
				assertThat(span.getResource().getAttribute(AttributeKey.longKey("dl.rank"))).isEqualTo(1L);
				assertThat(span.getResource().getAttribute(AttributeKey.longKey("dl.world_size"))).isEqualTo(2L);
				assertThat(span.getResource().getAttribute(AttributeKey.longKey("dl.local_rank"))).isEqualTo(1L);
			});
		});
	}

	@Test
	void exportingRankExportsNoLogsWhenLensLogsAreOff() {
		this.runner.withPropertyValues("nemo.lens.rank=1", "otel.logs.exporter=memory")
			.run((context) -> assertThat(logAndFlush(context)).isEmpty());
	}

	@Test
	void exportingRankExportsLogsWhenLensLogsAreOn() {
		this.runner.withPropertyValues("nemo.lens.rank=1", "otel.logs.exporter=memory", "nemo.lens.logs-enabled=true")
			.run((context) -> assertThat(logAndFlush(context)).hasSize(1));
	}

	@Test
	void doorStateFollowsTheDecision() {
		this.runner.withPropertyValues("nemo.lens.rank=0")
			.run((context) -> assertThat(context.getBean(TelemetryDoors.class).states()).containsEntry("otel.starter",
					DoorState.SILENCED));
		this.runner.withPropertyValues("nemo.lens.rank=1")
			.run((context) -> assertThat(context.getBean(TelemetryDoors.class).states()).containsEntry("otel.starter",
					DoorState.EXPORTING));
	}

	@Test
	void optedOutStarterExportsOnASilentRank() {
		this.runner.withPropertyValues("nemo.lens.rank=0", "nemo.lens.gate.otel.starter=false").run((context) -> {
			workAndFlush(context);
			assertThat(this.exporter.getFinishedSpanItems()).hasSize(1);
		});
	}

	@Test
	void otelSdkDisabledStillMeansNothingAnywhere() {
		this.runner.withPropertyValues("nemo.lens.rank=1", "otel.sdk.disabled=true").run((context) -> {
			assertThat(context).doesNotHaveBean(AutoConfiguredOpenTelemetrySdk.class);
			work(context.getBean(OpenTelemetry.class));
		});
		assertThat(this.exporter.getFinishedSpanItems()).isEmpty();
	}

	/** Emits a log record through the application's OpenTelemetry and returns what was exported. */
	private List<LogRecordData> logAndFlush(AssertableApplicationContext context) {
		context.getBean(OpenTelemetry.class).getLogsBridge().get("test").logRecordBuilder().setBody("line").emit();
		context.getBean(AutoConfiguredOpenTelemetrySdk.class)
			.getOpenTelemetrySdk()
			.getSdkLoggerProvider()
			.forceFlush()
			.join(10, TimeUnit.SECONDS);
		return this.logExporter.getFinishedLogRecordItems();
	}

	/** The starter's SDK takes span exporters by name from provider beans ({@code otel.traces.exporter}). */
	private record InMemoryExporterProvider(InMemorySpanExporter exporter) implements ConfigurableSpanExporterProvider {

		@Override
		public SpanExporter createExporter(ConfigProperties config) {
			return this.exporter;
		}

		@Override
		public String getName() {
			return "memory";
		}

	}

	/** Log exporters come the same way ({@code otel.logs.exporter}). */
	private record InMemoryLogExporterProvider(
			InMemoryLogRecordExporter exporter) implements ConfigurableLogRecordExporterProvider {

		@Override
		public LogRecordExporter createExporter(ConfigProperties config) {
			return this.exporter;
		}

		@Override
		public String getName() {
			return "memory";
		}

	}

}
