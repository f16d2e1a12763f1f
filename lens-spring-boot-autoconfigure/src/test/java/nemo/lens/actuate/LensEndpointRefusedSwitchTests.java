package nemo.lens.actuate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.BootLine;
import nemo.lens.autoconfigure.LensTestConfigurations;
import nemo.lens.autoconfigure.door.LensDoorsAutoConfiguration;
import nemo.lens.autoconfigure.endpoint.LensEndpointAutoConfiguration;
import nemo.lens.autoconfigure.micrometer.MicrometerDoorsAutoConfiguration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A write whose switch the rank cannot make (here the TLS file the OTLP exporter reads went
 * missing) answers 503 with the reason, leaves the rank exactly as the endpoint showed it before,
 * and logs one line, no stack trace; a write whose switch is made stays made, whatever a door that
 * follows it does.
 */
@ExtendWith(OutputCaptureExtension.class)
class LensEndpointRefusedSwitchTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(LensTestConfigurations.core(LensDoorsAutoConfiguration.class,
				MicrometerDoorsAutoConfiguration.class, LensEndpointAutoConfiguration.class,
				EndpointAutoConfiguration.class))
		.withConfiguration(AutoConfigurations.of(BootLine.current().metrics("Otlp")))
		.withPropertyValues("management.endpoints.web.exposure.include=lens", "nemo.lens.enabled=true",
				"nemo.lens.exporter=otlp", "nemo.lens.world-size=2",
				"management.otlp.metrics.export.url=http://127.0.0.1:9/v1/metrics");

	private Path certificate;

	@BeforeEach
	void certificate(@TempDir Path folder) throws IOException {
		this.certificate = Files.writeString(folder.resolve("ca.pem"), "not a certificate yet");
		// Beside the application's stack (Micrometer's OTLP registry here), only a named endpoint gets one.
		System.setProperty("otel.exporter.otlp.endpoint", "http://127.0.0.1:9");
	}

	@AfterEach
	void clearProperties() {
		System.clearProperty("otel.exporter.otlp.certificate");
		System.clearProperty("otel.exporter.otlp.endpoint");
	}

	/**
	 * Names the certificate the OTLP exporter reads, which the SDK's autoconfiguration reads again
	 * each time it builds the exporter, at a switch too; start-up checks that the file exists.
	 */
	private void useCertificate(Path file) {
		System.setProperty("otel.exporter.otlp.certificate", file.toString());
	}

	@Test
	void aSwitchOnThatCannotBeBuiltAnswers503WithTheReasonAndTheRankAsBefore() {
		useCertificate(this.certificate);
		this.runner.withPropertyValues("nemo.lens.rank=0").run((context) -> {
			LensEndpointWebExtension web = new LensEndpointWebExtension(context.getBean(LensEndpoint.class));
			LensDescriptor before = context.getBean(LensEndpoint.class).lens();
			Files.delete(this.certificate);
			WebEndpointResponse<?> response = web.write(null, "exporting", "PT10M", null, null);
			assertThat(response.getStatus()).isEqualTo(503);
			assertThat(((LensEndpointWebExtension.Refusal) response.getBody()).error())
				.startsWith("NeMo Lens could not switch this rank (override none -> exporting until ")
				.endsWith("; nothing changed.");
			assertThat(context.getBean(LensEndpoint.class).lens()).isEqualTo(before);
		});
	}

	@Test
	void anOverrideThatCannotBeRemovedAnswers503AndStaysInForce() {
		Set<Thread> before = Thread.getAllStackTraces().keySet();
		// Rank 1 of 2 exports by its strategy: going back to it builds its SDK again, once the last
		// one has closed (at most the shutdown timeout, against a collector that refuses).
		this.runner.withPropertyValues("nemo.lens.rank=1", "nemo.lens.shutdown-timeout=1s").run((context) -> {
			LensEndpointWebExtension web = new LensEndpointWebExtension(context.getBean(LensEndpoint.class));
			assertThat(web.write(null, "silent", "PT10M", null, null).getStatus()).isEqualTo(200);
			// Closed, its threads with it: the SDK can no longer be taken back, only built again.
			assertThat(Await.until(() -> sdkThreads(before).isEmpty())).as("left: %s", sdkThreads(before)).isTrue();
			LensDescriptor silent = context.getBean(LensEndpoint.class).lens();
			useCertificate(this.certificate.resolveSibling("missing.pem"));
			WebEndpointResponse<?> response = web.write(null, "none", null, null, null);
			assertThat(response.getStatus()).isEqualTo(503);
			assertThat(((LensEndpointWebExtension.Refusal) response.getBody()).error())
				.startsWith("NeMo Lens could not switch this rank (no override)")
				.endsWith("; nothing changed.");
			assertThat(context.getBean(LensEndpoint.class).lens()).isEqualTo(silent);
		});
	}

	@Test
	void aDoorThatCannotFollowLeavesTheSwitchMadeAnsweredAndEndingByItself() {
		this.runner.withPropertyValues("nemo.lens.rank=0").run((context) -> {
			AtomicInteger switches = new AtomicInteger();
			context.getBean(TelemetryHandle.class).onSwitch(() -> {
				switches.incrementAndGet();
				throw new NoClassDefFoundError("io/micrometer/registry/otlp/OtlpMeterRegistry");
			});
			LensEndpoint endpoint = context.getBean(LensEndpoint.class);
			WebEndpointResponse<?> response = new LensEndpointWebExtension(endpoint).write(null, "exporting", "1s",
					null, null);
			// The answer's override may already have ended on a loaded machine, where the switch
			// itself can take longer than the override's second: what shows it was made is the door
			// being told of it.
			assertThat(response.getStatus()).isEqualTo(200);
			assertThat(response.getBody()).isInstanceOf(LensDescriptor.class);
			assertThat(switches).as("switches the door was told of").hasPositiveValue();
			assertThat(Await.until(() -> endpoint.lens().override() == null && !endpoint.lens().exporting()))
				.as("the override ends by itself")
				.isTrue();
		});
	}

	@Test
	void aRefusedSwitchIsLoggedOnOneLineWithoutAStackTrace(CapturedOutput output) {
		useCertificate(this.certificate);
		this.runner.withPropertyValues("nemo.lens.rank=0").run((context) -> {
			Files.delete(this.certificate);
			LensEndpointWebExtension web = new LensEndpointWebExtension(context.getBean(LensEndpoint.class));
			web.write(null, "exporting", null, null, null);
		});
		assertThat(output.getOut().lines().filter((line) -> line.contains("could not switch this rank")))
			.singleElement()
			.asString()
			.contains("WARN");
		assertThat(output.getOut()).doesNotContain("\tat nemo.lens.").doesNotContain("SwitchRefusedException");
	}

	/** The exporting SDK's threads started since {@code before}. */
	private static List<String> sdkThreads(Set<Thread> before) {
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.filter((thread) -> thread.isAlive() && !before.contains(thread))
			.map(Thread::getName)
			.filter((name) -> name.startsWith("BatchSpanProcessor") || name.startsWith("PeriodicMetricReader")
					|| name.startsWith("BatchLogRecordProcessor"))
			.toList();
	}

}
