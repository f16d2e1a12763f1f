package nemo.lens.opamp;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import nemo.lens.control.JobControl;
import nemo.lens.control.RemoteControl;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A recording rank reports its own step times to the OpAMP server in its effective configuration,
 * so that the server sees a slow rank without asking for a dump; a rank without the recorder
 * reports none.
 */
class EffectiveDecisionStepsTests {

	private TelemetryHandle handle;

	@AfterEach
	void shutDown() {
		if (this.handle != null) {
			this.handle.shutdown(Duration.ofSeconds(2));
		}
	}

	private EffectiveDecision silentRank(boolean flightRecorder) throws IOException {
		String endpoint;
		try (ServerSocket socket = new ServerSocket(0)) {
			endpoint = "http://127.0.0.1:" + socket.getLocalPort() + "/v1/opamp";
		}
		NemoLensConfig config = NemoLensConfig.builder()
			.enabled(true)
			.exporter("none")
			.opampEndpoint(endpoint)
			.flightRecorderEnabled(flightRecorder)
			.build();
		this.handle = new TelemetrySetup(new ExportStrategyRegistry(), Map.<String, String>of()::get).setup(config, 0,
				2, TelemetryOptions.builder().shutdownHook(false).warnings((warning) -> {
				}).build());
		RemoteControl control = new RemoteControl(new JobControl<String>("x", 2, Set::of, (spec) -> {
		}, (content) -> "", (warning) -> {
		}, () -> {
		}, (dump) -> {
		}), (warning) -> {
		});
		return new EffectiveDecision(this.handle, control, Instant.parse("2026-12-06T00:00:00Z"));
	}

	private void steps(long... millis) {
		long start = TimeUnit.SECONDS.toNanos(1_000);
		for (int step = 0; step < millis.length; step++) {
			this.handle.tracer()
				.spanBuilder("train.step")
				.setAttribute("dl.step", (long) step)
				.setStartTimestamp(start, TimeUnit.NANOSECONDS)
				.startSpan()
				.end(start + TimeUnit.MILLISECONDS.toNanos(millis[step]), TimeUnit.NANOSECONDS);
		}
	}

	@Test
	void aRecordingRankReportsItsStepMedianAndLastStep() throws IOException {
		EffectiveDecision decision = silentRank(true);
		steps(900, 1100, 1000);
		decision.refresh();
		assertThat(decision.text()).contains("\nsteps=train.step: median 1.000 s of 3, last 1.000 s (step 2)\n");
	}

	@Test
	void aRankWithoutTheRecorderReportsNoSteps() throws IOException {
		EffectiveDecision decision = silentRank(false);
		steps(900);
		decision.refresh();
		assertThat(decision.text()).doesNotContain("steps=");
	}

}
