package nemo.lens.config;

import java.time.Duration;
import java.util.Map;

import nemo.lens.NemoLensConfig;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The flight recorder is opt-in and bounded: its settings, their defaults, their variables and the
 * values they refuse.
 */
class FlightRecorderSettingsTests {

	private static NemoLensConfig fromEnv(Map<String, String> env) {
		return NemoLensConfig.fromEnv(env, "NEMO_LENS", null);
	}

	@Test
	void theRecorderIsOffByDefaultWithRoomFor2048SpansAnd1024LogRecordsAndNoDirectory() {
		NemoLensConfig defaults = NemoLensConfig.defaults();
		assertThat(defaults.flightRecorderEnabled()).isFalse();
		assertThat(defaults.flightRecorderSpans()).isEqualTo(2048);
		assertThat(defaults.flightRecorderLogs()).isEqualTo(1024);
		assertThat(defaults.flightRecorderDirectory()).isEmpty();
		assertThat(defaults.flightRecorderDumpOnExit()).isFalse();
	}

	@Test
	void dumpsTheRankWritesByItselfAreTenSecondsApartAndARankKeepsTwentyFilesByDefault() {
		NemoLensConfig defaults = NemoLensConfig.defaults();
		assertThat(defaults.flightRecorderMinDumpInterval()).isEqualTo(Duration.ofSeconds(10));
		assertThat(defaults.flightRecorderMaxDumps()).isEqualTo(20);
	}

	@Test
	void noStallTimeoutIsSetByDefaultAndADumpHoldsUpTo256OpenSpans() {
		NemoLensConfig defaults = NemoLensConfig.defaults();
		assertThat(defaults.flightRecorderStallTimeout()).isNull();
		assertThat(defaults.flightRecorderOpenSpans()).isEqualTo(256);
	}

	@Test
	void theStallTimeoutAndTheOpenSpansAreReadFromTheirVariables() {
		NemoLensConfig config = fromEnv(Map.of("NEMO_LENS_FLIGHT_RECORDER_STALL_TIMEOUT", "2s",
				"NEMO_LENS_FLIGHT_RECORDER_OPEN_SPANS", "16"));
		assertThat(config.flightRecorderStallTimeout()).isEqualTo(Duration.ofSeconds(2));
		assertThat(config.flightRecorderOpenSpans()).isEqualTo(16);
	}

	@Test
	void aStallTimeoutOfZeroIsRefusedNamingTheVariableAndTheValue() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> fromEnv(Map.of("NEMO_LENS_FLIGHT_RECORDER_STALL_TIMEOUT", "0s")))
			.withMessage("NEMO_LENS_FLIGHT_RECORDER_STALL_TIMEOUT must be within 1ns and 1d, got '0s'.");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> NemoLensConfig.builder().flightRecorderStallTimeout(Duration.ZERO).build())
			.withMessageContaining("flightRecorderStallTimeout must be more than zero");
	}

	@Test
	void theDumpLimitsAreReadFromTheirVariables() {
		NemoLensConfig config = fromEnv(Map.of("NEMO_LENS_FLIGHT_RECORDER_MIN_DUMP_INTERVAL", "1m",
				"NEMO_LENS_FLIGHT_RECORDER_MAX_DUMPS", "5"));
		assertThat(config.flightRecorderMinDumpInterval()).isEqualTo(Duration.ofMinutes(1));
		assertThat(config.flightRecorderMaxDumps()).isEqualTo(5);
		assertThat(fromEnv(Map.of("NEMO_LENS_FLIGHT_RECORDER_MIN_DUMP_INTERVAL", "0s")).flightRecorderMinDumpInterval())
			.as("zero: no limit")
			.isZero();
	}

	@Test
	void aRankThatKeepsNoDumpOrANegativeIntervalIsRefusedNamingTheVariableAndTheValue() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> fromEnv(Map.of("NEMO_LENS_FLIGHT_RECORDER_MAX_DUMPS", "0")))
			.withMessage("NEMO_LENS_FLIGHT_RECORDER_MAX_DUMPS must be more than zero, got 0.");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> fromEnv(Map.of("NEMO_LENS_FLIGHT_RECORDER_MIN_DUMP_INTERVAL", "-1s")))
			.withMessageContaining("NEMO_LENS_FLIGHT_RECORDER_MIN_DUMP_INTERVAL must not be negative");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> NemoLensConfig.builder().flightRecorderMaxDumps(0).build())
			.withMessageContaining("flightRecorderMaxDumps must be more than zero, got 0");
	}

	@Test
	void everySettingIsReadFromItsVariable() {
		NemoLensConfig config = fromEnv(Map.of("NEMO_LENS_FLIGHT_RECORDER_ENABLED", "on",
				"NEMO_LENS_FLIGHT_RECORDER_SPANS", "4_096", "NEMO_LENS_FLIGHT_RECORDER_LOGS", "0",
				"NEMO_LENS_FLIGHT_RECORDER_DIRECTORY", " /scratch/dumps ", "NEMO_LENS_FLIGHT_RECORDER_DUMP_ON_EXIT",
				"YES"));
		assertThat(config).isEqualTo(NemoLensConfig.builder()
			.flightRecorderEnabled(true)
			.flightRecorderSpans(4096)
			.flightRecorderLogs(0)
			.flightRecorderDirectory("/scratch/dumps")
			.flightRecorderDumpOnExit(true)
			.build());
	}

	@Test
	void aRingWithoutRoomForOneSpanIsRefusedNamingTheVariableTheValueAndWhatIsAllowed() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> fromEnv(Map.of("NEMO_LENS_FLIGHT_RECORDER_SPANS", "0")))
			.withMessage("NEMO_LENS_FLIGHT_RECORDER_SPANS must be more than zero, got 0.");
	}

	@Test
	void aNegativeNumberOfLogRecordsIsRefusedNamingTheVariableTheValueAndWhatIsAllowed() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> fromEnv(Map.of("NEMO_LENS_FLIGHT_RECORDER_LOGS", "-1")))
			.withMessage("NEMO_LENS_FLIGHT_RECORDER_LOGS must not be negative, got -1.");
	}

	@Test
	void theBuilderRefusesTheSameValues() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> NemoLensConfig.builder().flightRecorderSpans(-5).build())
			.withMessageContaining("flightRecorderSpans must be more than zero, got -5");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> NemoLensConfig.builder().flightRecorderLogs(-1).build())
			.withMessageContaining("flightRecorderLogs must not be negative, got -1");
	}

	@Test
	void aNullDirectoryMeansNone() {
		assertThat(NemoLensConfig.builder().flightRecorderDirectory(null).build().flightRecorderDirectory()).isEmpty();
	}

}
