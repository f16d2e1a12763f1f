package nemo.lens.autoconfigure.binding;

import nemo.lens.autoconfigure.LensTestConfigurations;
import nemo.lens.autoconfigure.door.LensDoorsAutoConfiguration;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.json.JsonParserFactory;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.core.io.ClassPathResource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Every {@code nemo.lens.*} property of the generated metadata, so that a new property cannot skip
 * this table: a malformed value stops the start-up with a report that names the property (or its
 * {@code NEMO_LENS_*} variable) and shows the value, whether it comes from a property source or
 * from the environment. Free text properties accept any value; the table says which they are.
 */
class EveryPropertyRefusesMalformedValuesTests {

	private static final Map<String, List<String>> MALFORMED_BY_TYPE = Map.of("java.lang.Boolean",
			List.of("maybe", "2", "y es"), "java.lang.Integer", List.of("1.5", "0x10", "last"), "java.lang.Double",
			List.of("half", ".5d", "0x1p-1"), "java.time.Duration",
			List.of("soon", "5", "5 fortnights", "99999999999999999999d"));

	private static final Map<String, List<String>> MALFORMED_BY_PROPERTY = Map.ofEntries(
			Map.entry("nemo.lens.export-strategy", List.of("bogus")),
			Map.entry("nemo.lens.exporter", List.of("zipkin", "OTLP")),
			Map.entry("nemo.lens.span-groups", List.of("per_stpe")),
			Map.entry("nemo.lens.extra-span-groups", List.of("microbatch,all")),
			Map.entry("nemo.lens.export-sample-rate", List.of("1.5", "-0.1")),
			Map.entry("nemo.lens.shutdown-timeout", List.of("-1s")),
			Map.entry("nemo.lens.traces.export-strategy", List.of("bogus", "Single_Rank")),
			Map.entry("nemo.lens.metrics.export-strategy", List.of("first-rank-per-node")),
			Map.entry("nemo.lens.logs.export-strategy", List.of("none")),
			Map.entry("nemo.lens.control.interval", List.of("0s")),
			Map.entry("nemo.lens.flight-recorder.spans", List.of("0", "-1")),
			Map.entry("nemo.lens.flight-recorder.logs", List.of("-1")),
			Map.entry("nemo.lens.flight-recorder.min-dump-interval", List.of("-1s")),
			Map.entry("nemo.lens.flight-recorder.max-dumps", List.of("0", "-1")),
			Map.entry("nemo.lens.flight-recorder.stall-timeout", List.of("0s", "-2s")),
			Map.entry("nemo.lens.flight-recorder.open-spans", List.of("-1")),
			Map.entry("nemo.lens.opamp.endpoint", List.of("opamp-server:4320", "ftp://opamp-server/v1/opamp")),
			Map.entry("nemo.lens.opamp.interval", List.of("0s", "500ms")),
			Map.entry("nemo.lens.attribute-names", List.of("python", "NV", "dl,nv")));

	/**
	 * Properties whose values are credentials: a refusal names the property and never shows the value,
	 * so they are asked in {@link #aMalformedCredentialStopsTheStartNamingItAndNotTheValue}.
	 */
	private static final List<String> CREDENTIALS = List.of("nemo.lens.opamp.headers");

	/** A map property is walked through one key of its own. */
	private static final Map<String, String> MAP_KEYS = Map.of("nemo.lens.gate", "boot.opentelemetry");

	private static final List<String> FREE_TEXT = List.of("nemo.lens.service-name", "nemo.lens.run-id",
			"nemo.lens.user", "nemo.lens.control.file", "nemo.lens.flight-recorder.directory",
			"nemo.lens.flight-recorder.excluded-paths");

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(LensTestConfigurations.core(LensDoorsAutoConfiguration.class))
		.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.exporter=none");

	@SuppressWarnings("unchecked")
	static Stream<Arguments> malformedValues() throws IOException {
		String json = new ClassPathResource("META-INF/spring-configuration-metadata.json")
			.getContentAsString(StandardCharsets.UTF_8);
		List<Map<String, Object>> properties = (List<Map<String, Object>>) JsonParserFactory.getJsonParser()
			.parseMap(json)
			.get("properties");
		List<Arguments> cases = new ArrayList<>();
		for (Map<String, Object> property : properties) {
			String name = (String) property.get("name");
			if (!name.startsWith("nemo.lens.") || FREE_TEXT.contains(name) || CREDENTIALS.contains(name)) {
				continue;
			}
			String type = (String) property.get("type");
			String key = MAP_KEYS.containsKey(name) ? name + "." + MAP_KEYS.get(name) : name;
			String valueType = type.startsWith("java.util.Map<") ? mapValueType(type) : type;
			List<String> malformed = new ArrayList<>(MALFORMED_BY_TYPE.getOrDefault(valueType, List.of()));
			malformed.addAll(MALFORMED_BY_PROPERTY.getOrDefault(name, List.of()));
			if (malformed.isEmpty()) {
				fail("No malformed value for " + name + " (" + type + "): add one to this table, or list it as free text");
			}
			malformed.forEach((value) -> cases.add(Arguments.of(key, value)));
		}
		return cases.stream();
	}

	private static String mapValueType(String type) {
		return type.substring(type.indexOf(',') + 1, type.length() - 1);
	}

	@ParameterizedTest(name = "{0}={1}")
	@MethodSource("malformedValues")
	void aMalformedPropertyStopsTheStartNamingItAndTheValue(String property, String value) {
		this.runner.withPropertyValues(property + "=" + value)
			.run((context) -> assertThat(report(context.getStartupFailure())).as("start-up failure")
				.contains(property)
				.contains(value));
	}

	@ParameterizedTest(name = "{0}={1}")
	@MethodSource("malformedValues")
	void aMalformedVariableStopsTheStartNamingItAndTheValue(String property, String value) {
		String variable = property.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
		this.runner.withInitializer((context) -> context.getEnvironment()
			.getPropertySources()
			.addFirst(new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
					Map.of(variable, value))))
			.run((context) -> assertThat(report(context.getStartupFailure())).as("start-up failure")
				.containsAnyOf(property, variable)
				.contains(value));
	}

	@Test
	void aMalformedCredentialStopsTheStartNamingItAndNotTheValue() {
		this.runner.withPropertyValues("nemo.lens.opamp.headers=x-tenant=a,sekrit-value")
			.run((context) -> assertThat(report(context.getStartupFailure())).as("start-up failure")
				.contains("nemo.lens.opamp.headers")
				.doesNotContain("sekrit"));
	}

	@Test
	void anUnknownPropertyStopsTheStartNamingIt() {
		this.runner.withPropertyValues("nemo.lens.export-strategie=all_ranks")
			.run((context) -> assertThat(report(context.getStartupFailure())).contains("nemo.lens.export-strategie"));
	}

	@Test
	void anUnknownDoorStopsTheStartNamingIt() {
		this.runner.withPropertyValues("nemo.lens.gate.micrometer.otpl=false")
			.run((context) -> assertThat(report(context.getStartupFailure()))
				.contains("nemo.lens.gate.micrometer.otpl names no telemetry door"));
	}

	/** Every message of the failure and its causes, as the failure report shows them. */
	private static String report(Throwable failure) {
		assertThat(failure).as("start-up failure").isNotNull();
		StringBuilder report = new StringBuilder();
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			report.append(cause.getMessage()).append('\n');
			if (cause instanceof org.springframework.boot.context.properties.bind.BindException bind
					&& bind.getProperty() != null) {
				report.append(bind.getProperty().getName()).append('=').append(bind.getProperty().getValue()).append('\n');
			}
		}
		return report.toString();
	}

}
