package nemo.lens.autoconfigure.boot;

import java.util.List;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import nemo.lens.RecordingSpanExporter;
import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.BootLine;
import nemo.lens.autoconfigure.LensTestConfigurations;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An exporting rank of an application configured the Spring Boot way (Boot's OpenTelemetry, its
 * exporter beans, no {@code OTEL_*} variables) sends what the application configured, labelled as
 * the application labels it: no signal of Lens's own API goes to an endpoint nobody named, which
 * the rank says once, and no span carries Lens's version as the service's.
 */
@ExtendWith(OutputCaptureExtension.class)
class BootStackExportingRankTests {

	private final RecordingSpanExporter exporter = new RecordingSpanExporter();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(LensTestConfigurations.core())
		.withConfiguration(AutoConfigurations.of(BootLine.current().openTelemetry()))
		.withBean(RecordingSpanExporter.class, () -> this.exporter)
		.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.world-size=4", "nemo.lens.rank=3");

	private static void observeWork(ObservationRegistry registry) {
		Observation.createNotStarted("work", registry).observe(() -> {
		});
	}

	@Test
	void theHandlesMetricsGoToNoEndpointNobodyNamed() {
		this.runner.run((context) -> {
			OpenTelemetrySdk sdk = context.getBean(TelemetryHandle.class).sdk().orElseThrow();
			assertThat(sdk.getSdkMeterProvider().toString()).doesNotContain("Otlp").doesNotContain("4317");
		});
	}

	@Test
	void theFirstUseOfTheHandlesMeterSaysOnceThatItsMetricsLeaveByNoExporter(CapturedOutput output) {
		this.runner.run((context) -> {
			TelemetryHandle handle = context.getBean(TelemetryHandle.class);
			handle.meter();
			handle.meter();
		});
		assertThat(infoLines(output, "leave this rank by no exporter")).singleElement(InstanceOfAssertFactories.STRING)
			.contains("NeMo Lens: metrics recorded through the handle's API")
			.contains("OTEL_EXPORTER_OTLP_METRICS_ENDPOINT");
	}

	/** Issue 58: every rank said so at INFO, in an application that never used the handle's meter. */
	@Test
	void anApplicationThatNeverUsesTheHandlesMeterIsNotToldAtInfoThatItsMetricsLeaveByNoExporter(
			CapturedOutput output) {
		this.runner.run((context) -> assertThat(context).hasNotFailed());
		assertThat(infoLines(output, "leave this rank by no exporter")).isEmpty();
	}

	private static List<String> infoLines(CapturedOutput output, String text) {
		return output.getOut().lines().filter((line) -> line.contains(" INFO ") && line.contains(text)).toList();
	}

	@Test
	void spansCarryNoServiceVersionOfLenss() {
		this.runner.run((context) -> observeWork(context.getBean(ObservationRegistry.class)));
		assertThat(this.exporter.spans()).singleElement()
			.satisfies((span) -> assertThat(span.getResource().getAttribute(AttributeKey.stringKey("service.version")))
				.isNull());
	}

	@Test
	void spansCarryTheServiceVersionTheApplicationConfigured() {
		this.runner.withPropertyValues("management.opentelemetry.resource-attributes.service.version=1.0")
			.run((context) -> observeWork(context.getBean(ObservationRegistry.class)));
		assertThat(this.exporter.spans()).singleElement()
			.satisfies((span) -> assertThat(span.getResource().getAttribute(AttributeKey.stringKey("service.version")))
				.isEqualTo("1.0"));
	}

}
