package nemo.lens.config;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import nemo.lens.NemoLensConfig;
import nemo.lens.env.EnvironmentValues;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every setting accepts and refuses the same values, with the same words, as before the settings
 * became one table: {@code refusals.tsv} holds what the code of {@code a73e945} answered, read from
 * the environment and given to the builder, for values at and beyond every bound and malformed
 * ones. Written once by {@code -Dlens.refusals.write=true} on that commit; never rewritten to make a
 * change pass.
 */
class SettingRefusalsUnchangedTests {

	private static final String FILE = "refusals.tsv";

	@Test
	void everyValueIsAcceptedOrRefusedWithTheWordsOfBefore() throws IOException {
		List<String> expected = read();
		List<String> actual = new ArrayList<>();
		for (String line : expected) {
			String[] fields = line.split("\t", -1);
			actual.add(answer(fields[0], fields[1], fields[2], fields[3]));
		}
		if (!actual.equals(expected)) {
			// For a diff against the file: the assertion's own report is too long to read.
			Files.writeString(Path.of("target", "refusals-actual.tsv"), String.join("\n", actual), StandardCharsets.UTF_8);
		}
		assertThat(actual).containsExactlyElementsOf(expected);
	}

	static String answer(String form, String name, String type, String value) {
		String outcome;
		try {
			if (form.equals("env")) {
				outcome = "ok " + NemoLensConfig.fromEnv(Map.of("NEMO_LENS_" + name, value), "NEMO_LENS", null)
					.toString();
			}
			else {
				outcome = "ok " + built(name, type, value);
			}
		}
		catch (IllegalArgumentException ex) {
			outcome = "refused " + ex.getMessage();
		}
		return String.join("\t", form, name, type, value, outcome.replace('\n', ' '));
	}

	private static String built(String setter, String type, String value) {
		Class<?> javaType = switch (type) {
			case "boolean" -> boolean.class;
			case "int" -> int.class;
			case "double" -> double.class;
			case "Duration" -> Duration.class;
			case "List" -> List.class;
			default -> String.class;
		};
		Object typed = EnvironmentValues.read("value", value, javaType);
		try {
			NemoLensConfig.Builder builder = NemoLensConfig.builder();
			Method method = NemoLensConfig.Builder.class.getMethod(setter, javaType);
			method.invoke(builder, typed);
			return builder.build().toString();
		}
		catch (InvocationTargetException ex) {
			throw (RuntimeException) ex.getCause();
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static List<String> read() throws IOException {
		try (InputStream in = SettingRefusalsUnchangedTests.class.getResourceAsStream(FILE)) {
			return List.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"));
		}
	}

	/** Writes the file from the settings of the code at hand: run once, on the commit named above. */
	public static void main(String[] args) throws IOException {
		Map<String, List<String>> byType = Map.of("boolean", List.of("on", "maybe", "2"), "int",
				List.of("-2", "-1", "0", "1", "0x10", "10001", "100001", "1000001", "99999999999"), "double",
				List.of("-0.1", "0", "1.5", "NaN", "half"), "Duration",
				List.of("-1s", "0s", "1ns", "50ms", "500ms", "2s", "2h", "2d", "31d", "soon", "5", "99999999999999999999d"),
				"List", List.of("microbatch", "microbatch,all", "default"), "String",
				List.of("bogus", "single_rank", "OTLP", "none", "nv", "http://opamp:4320/v1/opamp", "opamp:4320",
						"a=b", "=secret", "per_step", "x"));
		List<String> lines = new ArrayList<>();
		for (String[] setting : SETTINGS) {
			for (String value : byType.get(setting[2])) {
				lines.add(answer("env", setting[0], setting[2], value));
				lines.add(answer("builder", setting[1], setting[2], value));
			}
		}
		Path out = Path.of(args[0]);
		Files.createDirectories(out.getParent());
		Files.writeString(out, String.join("\n", lines), StandardCharsets.UTF_8);
	}

	/** Variable without the prefix, builder setter, type: every setting of the core at a73e945. */
	private static final String[][] SETTINGS = { { "ENABLED", "enabled", "boolean" },
			{ "SERVICE_NAME", "serviceName", "String" }, { "EXPORT_STRATEGY", "exportStrategy", "String" },
			{ "EXPORT_RANK", "exportRank", "int" }, { "EXPORT_SAMPLE_RATE", "exportSampleRate", "double" },
			{ "SAMPLER_ENABLED", "samplerEnabled", "boolean" }, { "TRACES_ENABLED", "tracesEnabled", "boolean" },
			{ "METRICS_ENABLED", "metricsEnabled", "boolean" }, { "LOGS_ENABLED", "logsEnabled", "boolean" },
			{ "EXPORTER", "exporter", "String" }, { "RUN_ID", "runId", "String" }, { "USER", "user", "String" },
			{ "USER_ID", "user", "String" }, { "SPAN_GROUPS", "spanGroups", "String" },
			{ "JOB_TRACE", "jobTrace", "boolean" }, { "EXTRA_SPAN_GROUPS", "extraSpanGroups", "List" },
			{ "SHUTDOWN_TIMEOUT", "shutdownTimeout", "Duration" },
			{ "TRACES_EXPORT_STRATEGY", "tracesExportStrategy", "String" },
			{ "METRICS_EXPORT_STRATEGY", "metricsExportStrategy", "String" },
			{ "LOGS_EXPORT_STRATEGY", "logsExportStrategy", "String" }, { "CONTROL_FILE", "controlFile", "String" },
			{ "CONTROL_INTERVAL", "controlInterval", "Duration" },
			{ "CONTROL_ALLOW_SHARED_WRITES", "controlAllowSharedWrites", "boolean" },
			{ "SWITCH_DRAIN_TIMEOUT", "switchDrainTimeout", "Duration" },
			{ "FLIGHT_RECORDER_ENABLED", "flightRecorderEnabled", "boolean" },
			{ "FLIGHT_RECORDER_SPANS", "flightRecorderSpans", "int" },
			{ "FLIGHT_RECORDER_LOGS", "flightRecorderLogs", "int" },
			{ "FLIGHT_RECORDER_DIRECTORY", "flightRecorderDirectory", "String" },
			{ "FLIGHT_RECORDER_DUMP_ON_EXIT", "flightRecorderDumpOnExit", "boolean" },
			{ "FLIGHT_RECORDER_MIN_DUMP_INTERVAL", "flightRecorderMinDumpInterval", "Duration" },
			{ "FLIGHT_RECORDER_MAX_DUMPS", "flightRecorderMaxDumps", "int" },
			{ "FLIGHT_RECORDER_STALL_TIMEOUT", "flightRecorderStallTimeout", "Duration" },
			{ "FLIGHT_RECORDER_OPEN_SPANS", "flightRecorderOpenSpans", "int" },
			{ "OPAMP_ENDPOINT", "opampEndpoint", "String" }, { "OPAMP_INTERVAL", "opampInterval", "Duration" },
			{ "OPAMP_HEADERS", "opampHeaders", "String" }, { "ATTRIBUTE_NAMES", "attributeNames", "String" } };

}
