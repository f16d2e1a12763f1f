package nemo.lens.actuate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.sdk.trace.ReadableSpan;
import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.LensTestConfigurations;
import nemo.lens.autoconfigure.endpoint.LensEndpointAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.json.JsonParserFactory;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The {@code lens} endpoint shows what a silent rank's flight recorder holds, and
 * {@code POST /actuator/lens {"dump": true}} writes it to a file and answers the path, or refuses
 * naming why when the recorder is off or has no directory.
 */
class LensEndpointFlightRecorderTests {

	@TempDir
	Path directory;

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(LensTestConfigurations.core(LensEndpointAutoConfiguration.class,
				EndpointAutoConfiguration.class))
		.withPropertyValues("management.endpoints.web.exposure.include=lens", "nemo.lens.enabled=true",
				"nemo.lens.exporter=none", "nemo.lens.world-size=2", "nemo.lens.rank=0");

	private ApplicationContextRunner recording() {
		return this.runner.withPropertyValues("nemo.lens.flight-recorder.enabled=true",
				"nemo.lens.flight-recorder.spans=4", "nemo.lens.flight-recorder.directory=" + this.directory);
	}

	@Test
	void aSilentRecordingRankShowsTheSpansHeldTheCapacityAndTheDrops() {
		recording().run((context) -> {
			spans(context.getBean(TelemetryHandle.class), 6);
			LensDescriptor.FlightRecorderSummary recorder = context.getBean(LensEndpoint.class)
				.lens()
				.flightRecorder();
			assertThat(recorder).usingRecursiveComparison()
				.ignoringFields("steps")
				.isEqualTo(new LensDescriptor.FlightRecorderSummary(4, 4, 2, null, 0, 0, null, null, null, null));
		});
	}

	@Test
	void aRecordingRankShowsItsOwnStepMedianAndLastStep() {
		recording().run((context) -> {
			TelemetryHandle handle = context.getBean(TelemetryHandle.class);
			long start = TimeUnit.SECONDS.toNanos(1_000);
			long[] millis = { 120, 80, 100 };
			for (int step = 0; step < millis.length; step++) {
				handle.tracer()
					.spanBuilder("train.step")
					.setAttribute("dl.step", (long) step)
					.setStartTimestamp(start, TimeUnit.NANOSECONDS)
					.startSpan()
					.end(start + TimeUnit.MILLISECONDS.toNanos(millis[step]), TimeUnit.NANOSECONDS);
			}
			assertThat(context.getBean(LensEndpoint.class).lens().flightRecorder().steps())
				.isEqualTo(new LensDescriptor.StepsSummary("train.step", 3, 100.0, 100.0, 2L));
		});
	}

	@Test
	void aRankStalledLongerThanTheStallTimeoutShowsTheSpanAndSinceWhen() {
		recording().withPropertyValues("nemo.lens.flight-recorder.stall-timeout=100ms").run((context) -> {
			TelemetryHandle handle = context.getBean(TelemetryHandle.class);
			Span allreduce = handle.tracer().spanBuilder("allreduce").startSpan();
			try {
				LensEndpoint endpoint = context.getBean(LensEndpoint.class);
				assertThat(Await.until(() -> endpoint.lens().flightRecorder().stalledSpan() != null)).isTrue();
				LensDescriptor.FlightRecorderSummary recorder = endpoint.lens().flightRecorder();
				assertThat(recorder.stalledSpan()).isEqualTo("allreduce");
				assertThat(Instant.parse(recorder.stalledSince()))
					.isEqualTo(Instant.ofEpochSecond(0, ((ReadableSpan) allreduce).toSpanData().getStartEpochNanos()));
			}
			finally {
				allreduce.end();
			}
		});
	}

	@Test
	void theStallTimeoutAndTheOpenSpansAreBound() {
		this.runner.withPropertyValues("nemo.lens.flight-recorder.stall-timeout=2s",
				"nemo.lens.flight-recorder.open-spans=16")
			.run((context) -> {
				TelemetryHandle handle = context.getBean(TelemetryHandle.class);
				assertThat(handle.config().flightRecorderStallTimeout()).hasSeconds(2);
				assertThat(handle.config().flightRecorderOpenSpans()).isEqualTo(16);
			});
	}

	@Test
	void aDumpWritesTheRingAndAnswersItsPathWhichTheReadOperationThenShows() throws IOException {
		recording().run((context) -> {
			spans(context.getBean(TelemetryHandle.class), 3);
			LensEndpoint endpoint = context.getBean(LensEndpoint.class);
			LensEndpoint.DumpDescriptor dump = (LensEndpoint.DumpDescriptor) endpoint.write(null, null, null, null,
					true);
			Path file = Path.of(dump.dump());
			assertThat(file).exists().hasParent(this.directory);
			Map<String, Object> json = JsonParserFactory.getJsonParser().parseMap(Files.readString(file));
			assertThat(json).containsKey("resourceSpans");
			assertThat(Files.readString(file)).contains("\"span-0\"", "\"span-1\"", "\"span-2\"");
			assertThat(endpoint.lens().flightRecorder().lastDump()).isEqualTo(dump.dump());
			assertThat(endpoint.lens().flightRecorder().spans()).isEqualTo(3);
		});
	}

	@Test
	void withTheRecorderOffTheFieldIsNullAndADumpIsRefusedNamingTheSetting() {
		this.runner.withPropertyValues("nemo.lens.flight-recorder.directory=" + this.directory).run((context) -> {
			LensEndpoint endpoint = context.getBean(LensEndpoint.class);
			assertThat(endpoint.lens().flightRecorder()).isNull();
			assertThatExceptionOfType(InvalidEndpointRequestException.class)
				.isThrownBy(() -> endpoint.write(null, null, null, null, true))
				.withMessageContaining("The flight recorder is off on this rank (nemo.lens.flight-recorder.enabled");
			assertThat(this.directory).isEmptyDirectory();
		});
	}

	@Test
	void withoutADirectoryADumpIsRefusedNamingTheSetting() {
		this.runner.withPropertyValues("nemo.lens.flight-recorder.enabled=true").run((context) -> {
			LensEndpoint endpoint = context.getBean(LensEndpoint.class);
			assertThat(endpoint.lens().flightRecorder()).isNotNull();
			assertThatExceptionOfType(InvalidEndpointRequestException.class)
				.isThrownBy(() -> endpoint.write(null, null, null, null, true))
				.withMessageContaining("No flight recorder directory is set on this rank "
						+ "(nemo.lens.flight-recorder.directory, NEMO_LENS_FLIGHT_RECORDER_DIRECTORY)");
		});
	}

	@Test
	void overHttpARefusedDumpAnswers400WithTheReason() {
		this.runner.run((context) -> {
			WebEndpointResponse<?> response = new LensEndpointWebExtension(context.getBean(LensEndpoint.class))
				.write(null, null, null, null, true);
			assertThat(response.getStatus()).isEqualTo(400);
			assertThat(((LensEndpointWebExtension.Refusal) response.getBody()).error())
				.contains("The flight recorder is off");
		});
	}

	@Test
	void aDumpGoesAloneAndOnlyAsTrue() {
		recording().run((context) -> {
			LensEndpoint endpoint = context.getBean(LensEndpoint.class);
			assertThatExceptionOfType(InvalidEndpointRequestException.class)
				.isThrownBy(() -> endpoint.write(null, "exporting", null, null, true))
				.withMessageContaining("Give one of spanGroups, override (with an optional duration) or dump, got 2");
			assertThatExceptionOfType(InvalidEndpointRequestException.class)
				.isThrownBy(() -> endpoint.write(null, null, null, null, false))
				.withMessage("dump takes true, got false; nothing was written.");
			assertThat(endpoint.lens().override()).isNull();
			assertThat(this.directory).isEmptyDirectory();
		});
	}

	@Test
	void aDumpThatCannotBeWrittenAnswersWhyAndTheReadOperationCountsIt() throws IOException {
		Path notADirectory = Files.writeString(this.directory.resolve("a-file"), "");
		this.runner
			.withPropertyValues("nemo.lens.flight-recorder.enabled=true",
					"nemo.lens.flight-recorder.directory=" + notADirectory)
			.run((context) -> {
				LensEndpoint endpoint = context.getBean(LensEndpoint.class);
				assertThatExceptionOfType(IllegalStateException.class)
					.isThrownBy(() -> endpoint.write(null, null, null, null, true))
					.withMessageContaining("could not be written to " + notADirectory)
					.withMessageContaining("Exception");
				LensDescriptor.FlightRecorderSummary recorder = endpoint.lens().flightRecorder();
				assertThat(recorder.dumpsFailed()).isEqualTo(1);
				assertThat(recorder.lastDumpError()).contains("Exception");
				assertThat(recorder.lastDump()).isNull();
			});
	}

	@Test
	void dumpsTheRankWritesByItselfAreRateLimitedAndTheSkippedOnesShown() {
		Thread.UncaughtExceptionHandler original = Thread.getDefaultUncaughtExceptionHandler();
		Thread.setDefaultUncaughtExceptionHandler((thread, exception) -> {
		});
		try {
			recording().withPropertyValues("nemo.lens.flight-recorder.min-dump-interval=1h").run((context) -> {
				for (int i = 0; i < 3; i++) {
					Thread dying = new Thread(() -> {
						throw new IllegalStateException("worker died");
					});
					dying.start();
					dying.join();
				}
				LensDescriptor.FlightRecorderSummary recorder = context.getBean(LensEndpoint.class)
					.lens()
					.flightRecorder();
				assertThat(recorder.dumpsSkipped()).isEqualTo(2);
				assertThat(recorder.lastDump()).isNotNull();
			});
		}
		finally {
			Thread.setDefaultUncaughtExceptionHandler(original);
		}
	}

	@Test
	void theDumpLimitsBindFromTheirProperties() {
		recording()
			.withPropertyValues("nemo.lens.flight-recorder.min-dump-interval=1m",
					"nemo.lens.flight-recorder.max-dumps=3")
			.run((context) -> {
				TelemetryHandle handle = context.getBean(TelemetryHandle.class);
				assertThat(handle.config().flightRecorderMinDumpInterval()).hasMinutes(1);
				assertThat(handle.config().flightRecorderMaxDumps()).isEqualTo(3);
				for (int i = 0; i < 5; i++) {
					handle.dumpFlightRecorder();
				}
				try (var dumps = Files.list(this.directory)) {
					assertThat(dumps).hasSize(3);
				}
			});
	}

	private static void spans(TelemetryHandle handle, int count) {
		for (int i = 0; i < count; i++) {
			handle.tracer().spanBuilder("span-" + i).startSpan().end();
		}
	}

}
