package nemo.lens;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import nemo.lens.config.Setting;
import nemo.lens.launch.RankInfo;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.fail;

/**
 * Every variable a plain Java rank reads, walked from the settings table so that a new setting
 * cannot skip this table: a malformed value stops the start-up (reading the config, then setting
 * telemetry up) with an error that names the variable and shows the value. Free text settings
 * accept any value; the table says which they are.
 */
class EverySettingRefusesMalformedValuesTests {

	/** Malformed values by the type a setting is read as. */
	private static final Map<Class<?>, List<String>> MALFORMED_BY_TYPE = Map.of(boolean.class,
			List.of("maybe", "y es", "2"), int.class, List.of("1.5", "0x10", "last", "99999999999"), double.class,
			List.of("half", ".5d", "0x1p-1"), Duration.class, List.of("soon", "5", "5 fortnights", "99999999999999999999d"));

	/** Malformed values of settings that are text with rules of their own. */
	private static final Map<String, List<String>> MALFORMED_BY_SETTING = Map.ofEntries(
			Map.entry("exportStrategy", List.of("bogus", "Single_Rank")),
			Map.entry("exporter", List.of("zipkin", "OTLP")),
			Map.entry("spanGroups", List.of("per_stpe", "default,microbatch")),
			Map.entry("extraSpanGroups", List.of("microbatch,all")),
			Map.entry("exportSampleRate", List.of("1.5", "-0.1")), Map.entry("shutdownTimeout", List.of("PT-1S")),
			Map.entry("tracesExportStrategy", List.of("bogus", "Single_Rank")),
			Map.entry("metricsExportStrategy", List.of("first-rank-per-node")),
			Map.entry("logsExportStrategy", List.of("none")), Map.entry("controlInterval", List.of("PT0S", "PT-5S")),
			Map.entry("flightRecorderSpans", List.of("0", "-1")), Map.entry("flightRecorderLogs", List.of("-1")),
			Map.entry("flightRecorderMinDumpInterval", List.of("PT-1S")),
			Map.entry("flightRecorderMaxDumps", List.of("0", "-1")),
			Map.entry("flightRecorderStallTimeout", List.of("PT0S", "PT-2S")),
			Map.entry("flightRecorderOpenSpans", List.of("-1")),
			Map.entry("opampEndpoint", List.of("opamp-server:4320", "ftp://opamp-server/v1/opamp", "http://")),
			Map.entry("opampInterval", List.of("PT0S", "500ms")),
			Map.entry("opampHeaders", List.of("Authorization", "=secret", "a b=c")),
			Map.entry("attributeNames", List.of("python", "NV", "dl,nv")));

	/** Settings whose values are credentials: a refusal names the variable and never shows the value. */
	private static final List<String> CREDENTIALS = List.of("NEMO_LENS_OPAMP_HEADERS");

	/** Settings where any text is valid. */
	private static final List<String> FREE_TEXT = List.of("serviceName", "runId", "user", "controlFile",
			"flightRecorderDirectory");

	static Stream<Arguments> malformedValues() {
		Map<String, List<String>> cases = new LinkedHashMap<>();
		for (Setting setting : Setting.rows()) {
			List<String> malformed = new ArrayList<>(MALFORMED_BY_TYPE.getOrDefault(setting.type(), List.of()));
			malformed.addAll(MALFORMED_BY_SETTING.getOrDefault(setting.javaName(), List.of()));
			if (malformed.isEmpty() && !FREE_TEXT.contains(setting.javaName())) {
				fail("No malformed value for the setting " + setting.javaName() + " (" + setting.type()
						+ "): add one to this table, or list it as free text");
			}
			for (String variable : setting.variables("NEMO_LENS")) {
				cases.put(variable, malformed);
			}
		}
		for (String variable : RankInfo.EXPLICIT_VARIABLES) {
			cases.put(variable, List.of("-1", "first", "1.0"));
		}
		return cases.entrySet()
			.stream()
			.flatMap((entry) -> entry.getValue().stream().map((value) -> Arguments.of(entry.getKey(), value)));
	}

	@ParameterizedTest(name = "{0}={1}")
	@MethodSource("malformedValues")
	void aMalformedValueStopsTheStartNamingTheVariableAndTheValue(String variable, String value) {
		Map<String, String> env = new LinkedHashMap<>(Map.of(variable, value));
		if (variable.equals(RankInfo.RANK_VARIABLE) || variable.equals(RankInfo.LOCAL_RANK_VARIABLE)) {
			env.putIfAbsent(RankInfo.RANK_VARIABLE, "0");
			env.put(RankInfo.WORLD_SIZE_VARIABLE, "4");
		}
		else if (variable.equals(RankInfo.WORLD_SIZE_VARIABLE)) {
			env.put(RankInfo.RANK_VARIABLE, "0");
		}
		if (CREDENTIALS.contains(variable)) {
			// A credential is named by its place, never shown.
			assertThatIllegalArgumentException().isThrownBy(() -> start(env))
				.withMessageContaining(nameInMessage(variable))
				.withMessageNotContaining(value.trim());
			return;
		}
		assertThatIllegalArgumentException().isThrownBy(() -> start(env))
			.withMessageContaining(nameInMessage(variable))
			.withMessageContaining(value.trim());
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("freeText")
	void freeTextSettingsAcceptAnyValue(String variable) {
		assertThat(start(Map.of(variable, "run 7 / ü"))).isNotNull();
	}

	static Stream<String> freeText() {
		return Arrays.stream(Setting.rows())
			.filter((setting) -> FREE_TEXT.contains(setting.javaName()))
			.flatMap((setting) -> setting.variables("NEMO_LENS").stream());
	}

	/** What a plain Java rank does at start: read the config and its rank, then set telemetry up. */
	private static TelemetryHandle start(Map<String, String> env) {
		NemoLensConfig config = NemoLensConfig.fromEnv(env, "NEMO_LENS", null).toBuilder().exporter(
				env.getOrDefault("NEMO_LENS_EXPORTER", "none")).build();
		RankInfo rankInfo = RankInfo.detect(env);
		TelemetryHandle handle = new TelemetrySetup(new ExportStrategyRegistry(), env::get).setup(config,
				rankInfo.rank(), rankInfo.worldSize(), TelemetryOptions.builder().build());
		handle.shutdown();
		return handle;
	}

	/**
	 * The strategy is checked when telemetry is set up, with the reference's message, which names
	 * the setting as Python does; every other error names the variable.
	 */
	private static String nameInMessage(String variable) {
		return variable.equals("NEMO_LENS_EXPORT_STRATEGY") ? "export_strategy" : variable;
	}

}
