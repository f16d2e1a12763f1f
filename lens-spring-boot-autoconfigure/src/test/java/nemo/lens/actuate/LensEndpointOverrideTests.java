package nemo.lens.actuate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import nemo.lens.SwitchRefusedException;
import nemo.lens.autoconfigure.BootLine;
import nemo.lens.autoconfigure.LensTestConfigurations;
import nemo.lens.autoconfigure.door.DoorState;
import nemo.lens.autoconfigure.door.LensDoorsAutoConfiguration;
import nemo.lens.autoconfigure.door.TelemetryDoors;
import nemo.lens.autoconfigure.endpoint.LensEndpointAutoConfiguration;
import nemo.lens.autoconfigure.failure.LensStartupException;
import nemo.lens.autoconfigure.instrumentation.OpenTelemetryStarterDoor;
import nemo.lens.autoconfigure.micrometer.MicrometerDoorsAutoConfiguration;
import io.micrometer.registry.otlp.OtlpConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.within;

/**
 * {@code POST /actuator/lens {"override": ...}} switches one rank while it runs, shows what is in
 * force beside what the strategy decided, ends by itself, and refuses a bad request without
 * changing anything.
 */
@ExtendWith(OutputCaptureExtension.class)
class LensEndpointOverrideTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(LensTestConfigurations.core(LensDoorsAutoConfiguration.class,
				MicrometerDoorsAutoConfiguration.class, LensEndpointAutoConfiguration.class,
				EndpointAutoConfiguration.class))
		.withConfiguration(AutoConfigurations.of(BootLine.current().metrics("Otlp")))
		.withPropertyValues("management.endpoints.web.exposure.include=lens", "nemo.lens.enabled=true",
				"nemo.lens.exporter=none", "nemo.lens.world-size=2",
				"management.otlp.metrics.export.url=http://127.0.0.1:9/v1/metrics");

	private final ApplicationContextRunner silentRank = this.runner.withPropertyValues("nemo.lens.rank=0");

	@Test
	void aSilentRankSwitchedOnShowsTheOverrideBesideTheStrategysDecision() {
		this.silentRank.run((context) -> {
			LensEndpoint endpoint = context.getBean(LensEndpoint.class);
			LensDescriptor lens = (LensDescriptor) endpoint.write(null, "exporting", "PT10M", null);
			assertThat(lens.exporting()).isTrue();
			assertThat(lens.selectedByStrategy()).isFalse();
			assertThat(lens.override().state()).isEqualTo("exporting");
			assertThat(lens.override().source()).isEqualTo("endpoint");
			assertThat(Instant.parse(lens.override().until()))
				.isCloseTo(Instant.now().plus(Duration.ofMinutes(10)), within(Duration.ofSeconds(30)));
			assertThat(lens.signals().get("traces").exporting()).isTrue();
			assertThat(lens.signals().get("traces").selectedByStrategy()).isFalse();
		});
	}

	@Test
	void aSwitchThatCannotBeBuiltIsRefusedNamingItsCauseAndChangesNothing(@TempDir Path folder) throws IOException {
		Path certificate = Files.writeString(folder.resolve("ca.pem"), "not a certificate yet");
		// Read by the SDK's autoconfiguration as it builds the OTLP exporter at the switch.
		System.setProperty("otel.exporter.otlp.certificate", certificate.toString());
		// Beside the application's stack (Micrometer's OTLP registry here), only a named endpoint gets one.
		System.setProperty("otel.exporter.otlp.endpoint", "http://127.0.0.1:9");
		try {
			this.silentRank.withPropertyValues("nemo.lens.exporter=otlp").run((context) -> {
				LensEndpoint endpoint = context.getBean(LensEndpoint.class);
				Files.delete(certificate);
				assertThatExceptionOfType(SwitchRefusedException.class)
					.isThrownBy(() -> endpoint.write(null, "exporting", "PT10M", null))
					.withMessageContaining("could not switch this rank")
					.withMessageContaining("nothing changed");
				LensDescriptor lens = endpoint.lens();
				assertThat(lens.exporting()).isFalse();
				assertThat(lens.override()).as("no override stored").isNull();
			});
		}
		finally {
			System.clearProperty("otel.exporter.otlp.certificate");
			System.clearProperty("otel.exporter.otlp.endpoint");
		}
	}

	@Test
	void everyDoorThatCanSwitchFollowsAndTheMicrometerRegistryStartsPublishing() {
		this.silentRank.run((context) -> {
			TelemetryDoors doors = context.getBean(TelemetryDoors.class);
			OtlpConfig config = context.getBean(OtlpConfig.class);
			assertThat(config.enabled()).isFalse();
			context.getBean(LensEndpoint.class).write(null, "exporting", null, null);
			assertThat(config.enabled()).isTrue();
			assertThat(doors.states()).containsEntry(TelemetryDoors.LENS_SDK, DoorState.EXPORTING)
				.containsEntry("micrometer.otlp", DoorState.EXPORTING);
			assertThat(Thread.getAllStackTraces().keySet()).extracting(Thread::getName)
				.contains("otlp-metrics-publisher");
			context.getBean(LensEndpoint.class).write(null, "none", null, null);
			assertThat(config.enabled()).isFalse();
			assertThat(doors.states()).containsEntry("micrometer.otlp", DoorState.SILENCED);
		});
	}

	@Test
	void aDoorBuiltForTheStartUpDecisionSaysARestartIsRequired() {
		this.silentRank.run((context) -> {
			TelemetryDoors doors = context.getBean(TelemetryDoors.class);
			doors.open(OpenTelemetryStarterDoor.NAME, false);
			context.getBean(LensEndpoint.class).write(null, "exporting", null, null);
			assertThat(doors.stateOf(OpenTelemetryStarterDoor.NAME)).isEqualTo(DoorState.RESTART_REQUIRED);
			assertThat(DoorState.RESTART_REQUIRED.value()).isEqualTo("restart-required");
			context.getBean(LensEndpoint.class).write(null, "none", null, null);
			assertThat(doors.stateOf(OpenTelemetryStarterDoor.NAME)).isEqualTo(DoorState.SILENCED);
		});
	}

	@Test
	void withoutADurationAnOverrideLastsTheDefaultDuration() {
		this.silentRank.withPropertyValues("nemo.lens.override.default-duration=2h").run((context) -> {
			LensDescriptor lens = (LensDescriptor) context.getBean(LensEndpoint.class).write(null, "silent", null, null);
			assertThat(Instant.parse(lens.override().until()))
				.isCloseTo(Instant.now().plus(Duration.ofHours(2)), within(Duration.ofSeconds(30)));
		});
	}

	@Test
	void anOverrideOfSomeSignalsLeavesTheOthersToTheirDecision() {
		this.silentRank.run((context) -> {
			LensDescriptor lens = (LensDescriptor) context.getBean(LensEndpoint.class)
				.write(null, "exporting", null, "metrics");
			assertThat(lens.signals().get("metrics").exporting()).isTrue();
			assertThat(lens.signals().get("traces").exporting()).isFalse();
			assertThat(lens.override().signals()).containsExactly("metrics");
			assertThat(context.getBean(TelemetryDoors.class).states()).containsEntry("micrometer.otlp",
					DoorState.EXPORTING);
		});
	}

	@Test
	void anUnknownSignalIsRefusedNamingItAndChangesNothing() {
		this.silentRank.run((context) -> {
			LensEndpoint endpoint = context.getBean(LensEndpoint.class);
			assertThatExceptionOfType(InvalidEndpointRequestException.class)
				.isThrownBy(() -> endpoint.write(null, "exporting", null, "metrics,spans"))
				.withMessageContaining("'spans'");
			assertThat(endpoint.lens().override()).isNull();
		});
	}

	@Test
	void noneReturnsTheRankToItsStrategy() {
		this.silentRank.run((context) -> {
			LensEndpoint endpoint = context.getBean(LensEndpoint.class);
			endpoint.write(null, "exporting", "15m", null);
			LensDescriptor lens = (LensDescriptor) endpoint.write(null, "none", null, null);
			assertThat(lens.override()).isNull();
			assertThat(lens.exporting()).isFalse();
		});
	}

	@Test
	void eachChangeIsLoggedWithTheOldAndNewStateTheSourceAndTheEnd(CapturedOutput output) {
		this.silentRank.run((context) -> context.getBean(LensEndpoint.class).write(null, "exporting", "PT5M", null));
		assertThat(output).containsPattern("override none -> exporting until \\S+Z \\(endpoint\\); exporting "
				+ "nothing -> \\[traces, metrics\\]");
	}

	@Test
	void anUnknownOverrideIsRefusedNamingTheValueAndChangesNothing() {
		this.silentRank.run((context) -> {
			LensEndpoint endpoint = context.getBean(LensEndpoint.class);
			assertThatExceptionOfType(InvalidEndpointRequestException.class)
				.isThrownBy(() -> endpoint.write(null, "on", null, null))
				.withMessageContaining("'on'");
			assertThat(endpoint.lens().override()).isNull();
			assertThat(endpoint.lens().exporting()).isFalse();
		});
	}

	@Test
	void aMalformedOrTooLongDurationIsRefusedNamingTheValueAndChangesNothing() {
		this.silentRank.run((context) -> {
			LensEndpoint endpoint = context.getBean(LensEndpoint.class);
			assertThatExceptionOfType(InvalidEndpointRequestException.class)
				.isThrownBy(() -> endpoint.write(null, "exporting", "soon", null))
				.withMessageContaining("'soon'");
			assertThatExceptionOfType(InvalidEndpointRequestException.class)
				.isThrownBy(() -> endpoint.write(null, "exporting", "25h", null))
				.withMessageContaining("'25h'")
				.withMessageContaining("nemo.lens.override.max-duration");
			assertThat(endpoint.lens().override()).isNull();
			assertThat(endpoint.lens().exporting()).isFalse();
		});
	}

	@Test
	void aDurationWithoutAUnitIsRefusedNamingTheFieldOnce() {
		this.silentRank.run((context) -> assertThatExceptionOfType(InvalidEndpointRequestException.class)
			.isThrownBy(() -> context.getBean(LensEndpoint.class).write(null, "exporting", "5", null))
			.withMessageStartingWith("Invalid duration for the override: '5'. A bare number has no unit: write 5s or 5ms")
			.withMessageEndingWith("Nothing changed."));
	}

	@Test
	void aRequestWithBothSpanGroupsAndAnOverrideIsRefused() {
		this.silentRank.run((context) -> assertThatExceptionOfType(InvalidEndpointRequestException.class)
			.isThrownBy(() -> context.getBean(LensEndpoint.class).write("per_step", "exporting", null, null))
			.withMessageContaining("Give one of spanGroups, override"));
	}

	@Test
	void aDisabledLensRefusesAnOverride() {
		this.runner.withPropertyValues("nemo.lens.enabled=false", "nemo.lens.rank=0")
			.run((context) -> assertThatExceptionOfType(InvalidEndpointRequestException.class)
				.isThrownBy(() -> context.getBean(LensEndpoint.class).write(null, "exporting", null, null))
				.withMessageContaining("nemo.lens.enabled=false"));
	}

	@Test
	void aDefaultDurationAboveTheMaximumFailsStartUp() {
		this.silentRank.withPropertyValues("nemo.lens.override.default-duration=2d")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.isInstanceOf(LensStartupException.class)
				.hasMessageContaining("nemo.lens.override.max-duration"));
	}

	@Test
	void anOverrideShowsOnTheDoorsPerSignal() {
		this.silentRank.run((context) -> {
			context.getBean(LensEndpoint.class).write(null, "exporting", null, null);
			assertThat(context.getBean(LensEndpoint.class).lens().doors())
				.contains(new LensDescriptor.DoorSummary("micrometer.otlp", "exporting", Map.of("metrics", "exporting")));
		});
	}

	@Test
	void aControlFileNamedInThePropertiesSwitchesTheRankAndShowsOnTheEndpoint(@TempDir Path directory)
			throws IOException {
		Path file = Files.writeString(directory.resolve("lens.properties"), "ranks=0\n");
		this.silentRank.withPropertyValues("nemo.lens.control.file=" + file, "nemo.lens.control.interval=100ms")
			.run((context) -> {
				LensEndpoint endpoint = context.getBean(LensEndpoint.class);
				long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
				while (!"applied".equals(endpoint.lens().control().state()) && System.nanoTime() < deadline) {
					Thread.sleep(10);
				}
				LensDescriptor lens = endpoint.lens();
				assertThat(lens.exporting()).isTrue();
				assertThat(lens.selectedByStrategy()).isFalse();
				assertThat(lens.control().state()).isEqualTo("applied");
				assertThat(lens.control().file()).isEqualTo(file.toString());
				assertThat(lens.control().applied()).containsEntry("ranks", "0");
			});
	}

}
