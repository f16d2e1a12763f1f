package nemo.lens.sample.e2e;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A token in {@code OTEL_EXPORTER_OTLP_HEADERS}, given to real processes as a real environment
 * variable, is used (the collector receives it) and shown nowhere: not in {@code /actuator/lens},
 * its per-strategy detail, {@code /actuator/info} or {@code /actuator/health}; the endpoints that
 * would show the environment or the heap are not exposed; and neither process's whole log has it,
 * including the error paths of a rank whose collector refuses connections.
 *
 * <p>
 * The two ranks run at once: one delivering to the receiver, one against a refusing endpoint so
 * the exporter's and Lens's failure messages are written, with Lens and the OpenTelemetry SDK and
 * exporter logging at DEBUG.
 */
class ExporterTokenIT {

	/** Random, so a match anywhere can only be this token. */
	private static final String SECRET = UUID.randomUUID().toString().replace("-", "");

	private static final String TOKEN = "lens-e2e-" + SECRET;

	/** Endpoints that would show environment variables or memory; the sample does not expose them. */
	private static final List<String> NOT_EXPOSED = List.of("/actuator/env", "/actuator/env/OTEL_EXPORTER_OTLP_HEADERS",
			"/actuator/configprops", "/actuator/heapdump", "/actuator/threaddump", "/actuator/beans");

	private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

	private static final Duration TIMEOUT = Duration.ofSeconds(40);

	@Test
	void tokenReachesTheCollectorAndAppearsNowhereElse() {
		try (OtlpReceiver receiver = OtlpReceiver.start();
				SampleAppProcess delivering = startRank("token-delivering", receiver.otelEnvironment());
				SampleAppProcess refused = startRank("token-refused", verbose(
						OtlpReceiver.otelEnvironment(OtlpReceiver.refusingEndpoint())))) {
			delivering.awaitHealthy(START_TIMEOUT);
			refused.awaitHealthy(START_TIMEOUT);
			for (SampleAppProcess rank : List.of(delivering, refused)) {
				for (int i = 0; i < 3; i++) {
					rank.getJson("/work");
				}
			}

			receiver.awaitSpans(3, TIMEOUT);
			assertThat(receiver.requestHeaderValues("authorization")).as("the collector got the token")
				.containsExactly("Bearer " + TOKEN);
			assertThat(refused.awaitLogLine(CollectorFaultsIT.FIRST_FAILURE, TIMEOUT)).as("failure written").isTrue();

			for (SampleAppProcess rank : List.of(delivering, refused)) {
				for (String path : readablePaths(rank)) {
					String body = rank.get(path).body();
					assertThat(body).as("%s on %s", path, rank.name()).isNotEmpty().doesNotContain(SECRET);
				}
				for (String path : NOT_EXPOSED) {
					assertThat(rank.get(path).statusCode()).as("%s on %s", path, rank.name()).isEqualTo(404);
				}
			}
			delivering.terminate(TIMEOUT);
			refused.terminate(TIMEOUT);

			for (SampleAppProcess rank : List.of(delivering, refused)) {
				assertThat(rank.logText()).as("the whole log of %s", rank.name())
					.contains("NeMo Lens: rank 0 of 1")
					.doesNotContain(SECRET);
			}
			assertThat(refused.logText()).as("the refused rank wrote its failures")
				.contains(CollectorFaultsIT.FIRST_FAILURE)
				.contains(CollectorFaultsIT.LOSS_SUMMARY);
			assertThat(receiver.spans()).extracting((span) -> span.resource().attributes() + " " + span.attributes())
				.as("what the telemetry itself carries")
				.noneMatch((text) -> text.contains(SECRET));
		}
	}

	private static SampleAppProcess startRank(String name, Map<String, String> otel) {
		Map<String, String> env = new HashMap<>(otel);
		// The specification's format: comma-separated key=value, values percent-encoded.
		env.put("OTEL_EXPORTER_OTLP_HEADERS", "authorization=Bearer%20" + TOKEN + ",x-scope=e2e");
		env.put("NEMO_LENS_EXPORTER", "otlp");
		env.put("NEMO_LENS_RUN_ID", name);
		env.put("NEMO_LENS_SHUTDOWN_TIMEOUT", "2s");
		return SampleAppProcess.start(name, env);
	}

	/** Adds debug logging of Lens and of the OpenTelemetry SDK and exporter, where a header could slip out. */
	private static Map<String, String> verbose(Map<String, String> otel) {
		Map<String, String> env = new HashMap<>(otel);
		env.put("LOGGING_LEVEL_NEMO_LENS", "DEBUG");
		env.put("LOGGING_LEVEL_IO_OPENTELEMETRY", "DEBUG");
		env.put("LOGGING_LEVEL_OKHTTP3", "DEBUG");
		return env;
	}

	/** Every endpoint the sample exposes for reading, with each strategy's detail. */
	private static List<String> readablePaths(SampleAppProcess rank) {
		List<String> paths = new ArrayList<>(List.of("/actuator", "/actuator/lens", "/actuator/info",
				"/actuator/health"));
		Object strategies = rank.getJson("/actuator/lens").get("strategies");
		for (Object strategy : (List<?>) strategies) {
			paths.add("/actuator/lens/" + ((Map<?, ?>) strategy).get("name"));
		}
		return paths;
	}

}
