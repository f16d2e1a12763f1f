package nemo.lens.autoconfigure.global;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import nemo.lens.autoconfigure.LensTestConfigurations;
import nemo.lens.RecordingSpanExporter;
import nemo.lens.autoconfigure.door.DoorState;
import nemo.lens.autoconfigure.door.LensDoorsAutoConfiguration;
import nemo.lens.autoconfigure.door.TelemetryDoors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code GlobalOpenTelemetry} behind the rank's decision, with the real SDK: what a library that
 * looks its tracer up there makes is exported from an exporting rank only.
 */
@ExtendWith(OutputCaptureExtension.class)
class GlobalOpenTelemetryDoorTests {

	private static final String GLOBAL_AUTOCONFIGURE = "otel.java.global-autoconfigure.enabled";

	private final RecordingSpanExporter exporter = new RecordingSpanExporter();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(LensTestConfigurations.core(LensDoorsAutoConfiguration.class,
				GlobalOpenTelemetryDoorAutoConfiguration.class))
		.withBean(RecordingSpanExporter.class, () -> this.exporter)
		.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.exporter=none", "nemo.lens.world-size=2");

	@BeforeEach
	@AfterEach
	void forgetTheGlobal() {
		GlobalOpenTelemetry.resetForTest();
		System.clearProperty(GLOBAL_AUTOCONFIGURE);
	}

	@Test
	void exportingRankExportsWhatALibraryMakesThroughTheGlobal() {
		this.runner.withPropertyValues("nemo.lens.rank=1").run((context) -> {
			assertThat(context.getBean(TelemetryDoors.class).states()).containsEntry("global.opentelemetry",
					DoorState.EXPORTING);
			librarySpan();
		});
		assertThat(this.exporter.spans()).singleElement().satisfies((span) -> {
			assertThat(span.getName()).isEqualTo("library.call");
			assertThat(span.getResource().getAttribute(AttributeKey.longKey("dl.rank"))).isEqualTo(1L);
		});
	}

	@Test
	void silentRankRecordsNothingButStillPropagatesW3c() {
		this.runner.withPropertyValues("nemo.lens.rank=0").run((context) -> {
			assertThat(context.getBean(TelemetryDoors.class).states()).containsEntry("global.opentelemetry",
					DoorState.SILENCED);
			assertThat(librarySpan()).isFalse();
			assertThat(GlobalOpenTelemetry.getPropagators().getTextMapPropagator().fields()).contains("traceparent");
		});
		assertThat(this.exporter.spans()).isEmpty();
	}

	@Test
	void silentRankKeepsTheSdksGlobalAutoconfigureFromBuildingAnExportingSdk() {
		System.setProperty(GLOBAL_AUTOCONFIGURE, "true");
		this.runner.withPropertyValues("nemo.lens.rank=0")
			.run((context) -> assertThat(librarySpan()).isFalse());
	}

	@Test
	void closedContextLeavesTheGlobalNoOp() {
		this.runner.withPropertyValues("nemo.lens.rank=1").run((context) -> assertThat(librarySpan()).isTrue());
		assertThat(librarySpan()).isFalse();
		assertThat(this.exporter.spans()).hasSize(1);
	}

	@Test
	void nextContextInTheSameJvmTakesTheGlobalOver() {
		this.runner.withPropertyValues("nemo.lens.rank=0").run((context) -> librarySpan());
		this.runner.withPropertyValues("nemo.lens.rank=1").run((context) -> {
			assertThat(context.getBean(TelemetryDoors.class).states()).containsEntry("global.opentelemetry",
					DoorState.EXPORTING);
			assertThat(librarySpan()).isTrue();
		});
	}

	@Test
	void optedOutGateLeavesTheGlobalAlone() {
		this.runner.withPropertyValues("nemo.lens.rank=1", "nemo.lens.gate.global.opentelemetry=false")
			.run((context) -> {
				assertThat(context.getBean(TelemetryDoors.class).states()).containsEntry("global.opentelemetry",
						DoorState.UNGATED);
				assertThat(librarySpan()).isFalse();
			});
	}

	@Test
	void globalSetByOtherCodeFirstIsReportedUngatedWithAWarning(CapturedOutput output) {
		GlobalOpenTelemetry.set(OpenTelemetry.noop());
		this.runner.withPropertyValues("nemo.lens.rank=1").run((context) -> {
			assertThat(context.getBean(TelemetryDoors.class).states()).containsEntry("global.opentelemetry",
					DoorState.UNGATED);
			assertThat(librarySpan()).isFalse();
		});
		assertThat(output).contains("GlobalOpenTelemetry was set or used before Lens decided",
				"nemo.lens.gate.global.opentelemetry=false", getClass().getName());
	}

	@Test
	void applicationsOwnOpenTelemetryBeanKeepsTheGlobalToItself(CapturedOutput output) {
		this.runner.withPropertyValues("nemo.lens.rank=1")
			.withBean("applicationOpenTelemetry", OpenTelemetry.class, OpenTelemetry::noop)
			.run((context) -> {
				assertThat(context.getBean(TelemetryDoors.class).states()).containsEntry("global.opentelemetry",
						DoorState.UNGATED);
				GlobalOpenTelemetry.set(context.getBean(OpenTelemetry.class));
			});
		assertThat(output).contains("GlobalOpenTelemetry is left to the application");
	}

	/** Makes a span as a library does that looks its tracer up globally; whether it was recorded. */
	private static boolean librarySpan() {
		Span span = GlobalOpenTelemetry.getTracer("some.library").spanBuilder("library.call").startSpan();
		boolean recording = span.isRecording();
		span.end();
		return recording;
	}

}
