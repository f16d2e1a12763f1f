package nemo.lens.config;

import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;

import nemo.lens.ExportOverride;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * Every duration and size a plain Java rank reads from its variables has a range, refused at
 * reading in the setting's own words (the variable, the value as written, the range), so that no
 * value can overflow, run the rank out of memory or poll a shared file system in a loop later.
 */
class SettingBoundsTests {

	/** Each setting's variable, its least and largest values, and one past each. */
	static Stream<Arguments> bounds() {
		return Stream.of(
				arguments("NEMO_LENS_SHUTDOWN_TIMEOUT", "0s", "1h", null, "3600000000001ns", "0s and 1h"),
				arguments("NEMO_LENS_SWITCH_DRAIN_TIMEOUT", "0s", "1h", null, "3600000000001ns", "0s and 1h"),
				arguments("NEMO_LENS_CONTROL_INTERVAL", "100ms", "1h", "99999999ns", "3600000000001ns",
						"100ms and 1h"),
				arguments("NEMO_LENS_FLIGHT_RECORDER_MIN_DUMP_INTERVAL", "0s", "1d", null, "86400000000001ns",
						"0s and 1d"),
				arguments("NEMO_LENS_FLIGHT_RECORDER_SPANS", "1", "1000000", "0", "1000001", "1 and 1,000,000"),
				arguments("NEMO_LENS_FLIGHT_RECORDER_LOGS", "0", "1000000", "-1", "1000001", "0 and 1,000,000"),
				arguments("NEMO_LENS_FLIGHT_RECORDER_MAX_DUMPS", "1", "10000", "0", "10001", "1 and 10,000"),
				arguments("NEMO_LENS_FLIGHT_RECORDER_STALL_TIMEOUT", "1ns", "1d", "0s", "86400000000001ns",
						"1ns and 1d"),
				arguments("NEMO_LENS_FLIGHT_RECORDER_OPEN_SPANS", "0", "100000", "-1", "100001", "0 and 100,000"),
				arguments("NEMO_LENS_OPAMP_INTERVAL", "1s", "1h", "999ms", "3600000000001ns", "1s and 1h"));
	}

	private static NemoLensConfig read(String variable, String value) {
		return NemoLensConfig.fromEnv(Map.of(variable, value), "NEMO_LENS", null);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("bounds")
	void theBoundsThemselvesAreAccepted(String variable, String least, String largest) {
		assertThatCode(() -> read(variable, least)).doesNotThrowAnyException();
		assertThatCode(() -> read(variable, largest)).doesNotThrowAnyException();
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("bounds")
	void oneAboveTheLargestIsRefusedNamingTheVariableTheValueAndTheRange(String variable, String least,
			String largest, String below, String above, String range) {
		assertThatIllegalArgumentException().isThrownBy(() -> read(variable, above))
			.withMessage(variable + " must be within " + range + ", got '" + above + "'"
					+ (variable.equals("NEMO_LENS_CONTROL_INTERVAL") ? statxStorms() : "")
					+ (variable.equals("NEMO_LENS_OPAMP_INTERVAL") ? serverFlood() : "") + ".");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("bounds")
	void oneBelowTheLeastIsRefusedNamingTheVariableAndTheValue(String variable, String least, String largest,
			String below) {
		String value = (below != null) ? below : "-1ns";
		assertThatIllegalArgumentException().isThrownBy(() -> read(variable, value))
			.withMessageStartingWith(variable)
			.withMessageContaining((below != null) ? value : "PT-0.000000001S");
	}

	@Test
	void aControlIntervalBelowTheFloorSaysWhy() {
		assertThatIllegalArgumentException().isThrownBy(() -> read("NEMO_LENS_CONTROL_INTERVAL", "1ns"))
			.withMessage("NEMO_LENS_CONTROL_INTERVAL must be within 100ms and 1h, got '1ns'" + statxStorms() + ".");
	}

	@Test
	void theShutdownTimeoutThatOverflowedAtShutdownIsRefusedAtReading() {
		assertThatIllegalArgumentException().isThrownBy(() -> read("NEMO_LENS_SHUTDOWN_TIMEOUT", "9999999d"))
			.withMessage("NEMO_LENS_SHUTDOWN_TIMEOUT must be within 0s and 1h, got '9999999d'.");
	}

	@Test
	void aRecorderRingTheJvmCannotHoldIsRefusedNamingTheSetting() {
		assertThatIllegalArgumentException().isThrownBy(() -> read("NEMO_LENS_FLIGHT_RECORDER_SPANS", "2147483647"))
			.withMessage("NEMO_LENS_FLIGHT_RECORDER_SPANS must be within 1 and 1,000,000, got '2147483647'.");
	}

	@Test
	void aValueGivenInCodeAboveTheCeilingIsRefusedNamingTheSetting() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> NemoLensConfig.builder().shutdownTimeout(Duration.ofDays(9_999_999)).build())
			.withMessageStartingWith("shutdownTimeout must be within 0s and 1h");
	}

	@Test
	void aShutdownGivenALongerTimeoutThanAnyReturnsAtOnceOnAnIdleRank() {
		TelemetryHandle handle = new TelemetrySetup(new ExportStrategyRegistry(), Map.<String, String>of()::get)
			.setup(NemoLensConfig.builder().enabled(true).exporter("none").build(), 0, 1,
					TelemetryOptions.builder().shutdownHook(false).build());
		assertThatCode(() -> handle.shutdown(Duration.ofDays(9_999_999))).doesNotThrowAnyException();
		assertThat(handle.isShutdown()).isTrue();
	}

	@Test
	void anOverrideLongerThanThirtyDaysIsRefusedAndChangesNothing() {
		TelemetryHandle handle = new TelemetrySetup(new ExportStrategyRegistry(), Map.<String, String>of()::get)
			.setup(NemoLensConfig.builder().enabled(true).exporter("none").build(), 1, 2,
					TelemetryOptions.builder().shutdownHook(false).build());
		try {
			boolean exporting = handle.isExporting();
			assertThatIllegalArgumentException()
				.isThrownBy(() -> handle.override(ExportOverride.State.EXPORTING, Duration.ofDays(99_999_999),
						"test"))
				.withMessage("An override lasts at most 30 days, got PT2399999976H; nothing changed.");
			assertThat(handle.override()).isEmpty();
			assertThat(handle.isExporting()).isEqualTo(exporting);
		}
		finally {
			handle.shutdown();
		}
	}

	@Test
	void anOpampIntervalBelowTheFloorSaysWhy() {
		assertThatIllegalArgumentException().isThrownBy(() -> read("NEMO_LENS_OPAMP_INTERVAL", "100ms"))
			.withMessage("NEMO_LENS_OPAMP_INTERVAL must be within 1s and 1h, got '100ms'" + serverFlood() + ".");
	}

	private static String serverFlood() {
		return ": every rank polls the OpAMP server once an interval, and a shorter one lets a large job flood "
				+ "the server";
	}

	private static String statxStorms() {
		return ": every rank looks at the control file once an interval, and a shorter one is a storm of statx "
				+ "calls on a shared file system";
	}

}
