package nemo.lens.sample.e2e;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A misconfigured collector endpoint stops every rank at start-up, the silent ones included: a
 * silent rank may be the one switched on later, and the typo must not wait for that. Rank 0 of 2
 * under {@code single_rank} is silent; its start fails naming the variable and the value.
 */
class MisconfiguredSilentRankIT {

	private static final Duration EXIT_TIMEOUT = Duration.ofSeconds(120);

	@Test
	void aBadOtlpEndpointStopsASilentRanksStartNamingIt() {
		Map<String, String> env = Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "collector:4318", "NEMO_LENS_EXPORTER", "otlp",
				"NEMO_LENS_RANK", "0", "NEMO_LENS_WORLD_SIZE", "2");
		try (SampleAppProcess rank = SampleAppProcess.start("misconfigured-silent-rank", env)) {
			assertThat(rank.awaitExit(EXIT_TIMEOUT)).as("the rank stopped by itself").isTrue();
			assertThat(rank.exitCode()).isNotZero();
			assertThat(rank.logText()).contains("Invalid OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318'")
				.contains("rank 0 of 2");
		}
	}

}
