package nemo.lens.sample.e2e;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An exporting Spring rank ended by SIGTERM, as Slurm, torchrun and Kubernetes end ranks, delivers
 * what it recorded last: the spans still queued, a span the application records in a
 * {@code @PreDestroy} method (the sample's {@code job.summary}), and the final value of a counter.
 * The batch delay and the metric interval are a minute, so nothing but the shutdown can have
 * delivered them; the receiver counts what arrived.
 */
class LastTelemetryOnSigtermIT {

	private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

	/** The shutdown timeout given to the rank; the exit must not wait longer than it, plus the JVM's own. */
	private static final Duration SHUTDOWN_TIMEOUT = Duration.ofSeconds(10);

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);

	private static final int CALLS = 5;

	@Test
	void queuedSpansThePreDestroySpanAndTheFinalCounterReachTheReceiver() {
		try (OtlpReceiver receiver = OtlpReceiver.start()) {
			Map<String, String> env = new HashMap<>(receiver.otelEnvironment());
			env.put("OTEL_BSP_SCHEDULE_DELAY", "60000");
			env.put("OTEL_METRIC_EXPORT_INTERVAL", "60000");
			env.put("NEMO_LENS_EXPORTER", "otlp");
			env.put("NEMO_LENS_RUN_ID", "last-telemetry");
			env.put("NEMO_LENS_SHUTDOWN_TIMEOUT", SHUTDOWN_TIMEOUT.toSeconds() + "s");
			try (SampleAppProcess app = SampleAppProcess.start("last-telemetry", env, "--sample.job-summary=true")) {
				app.awaitHealthy(START_TIMEOUT);
				assertThat(app.getJson("/actuator/lens")).containsEntry("exporting", true);
				for (int call = 0; call < CALLS; call++) {
					assertThat(app.get("/work").statusCode()).isEqualTo(200);
				}
				assertThat(receiver.requestPaths()).as("nothing sent before the shutdown").isEmpty();

				Duration exit = app.terminate(STOP_TIMEOUT);

				assertThat(exit).as("exit after SIGTERM").isLessThan(STOP_TIMEOUT);
				List<ReceivedSpan> spans = receiver.spans();
				assertThat(spans).extracting(ReceivedSpan::name).filteredOn("work"::equals).hasSize(CALLS);
				assertThat(spans).filteredOn((span) -> span.name().equals("job.summary"))
					.singleElement()
					.satisfies((summary) -> assertThat(summary.attributes()).containsEntry("sample.calls", (long) CALLS));
				assertThat(receiver.metrics()).filteredOn((metric) -> metric.name().equals("sample.work.calls"))
					.singleElement()
					.satisfies((counter) -> assertThat(counter.total()).hasValue(CALLS));
			}
		}
	}

}
