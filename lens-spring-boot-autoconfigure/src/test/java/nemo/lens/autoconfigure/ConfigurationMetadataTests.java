package nemo.lens.autoconfigure;

import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import nemo.lens.NemoLensConfig;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.beans.BeanWrapper;
import org.springframework.beans.BeanWrapperImpl;
import org.springframework.boot.json.JsonParserFactory;
import org.springframework.core.io.ClassPathResource;
import org.springframework.util.ReflectionUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reads the metadata that IDEs use to complete {@code nemo.lens.*}: generated from the properties
 * class, merged with the hand-written hints.
 */
class ConfigurationMetadataTests {

	private static final List<String> CONTRACT_PROPERTIES = List.of("enabled", "service-name", "export-strategy",
			"export-rank", "export-sample-rate", "sampler-enabled", "traces-enabled", "metrics-enabled",
			"logs-enabled", "exporter", "run-id", "user", "rank", "world-size", "local-rank",
			"allow-strategy-override", "shutdown-timeout");

	private static Map<String, Object> metadata;

	@BeforeAll
	static void readMetadata() throws IOException {
		String json = new ClassPathResource("META-INF/spring-configuration-metadata.json")
			.getContentAsString(StandardCharsets.UTF_8);
		metadata = JsonParserFactory.getJsonParser().parseMap(json);
	}

	/**
	 * The metadata an IDE reads is entry for entry what it was before the settings became one
	 * table: {@code metadata-before.json} is the file the build of {@code a73e945} generated.
	 */
	@Test
	@SuppressWarnings("unchecked")
	void everyEntryIsTheSameAsBeforeTheSettingsTable() throws IOException {
		Map<String, Object> before = JsonParserFactory.getJsonParser()
			.parseMap(new ClassPathResource("nemo/lens/autoconfigure/metadata-before.json")
				.getContentAsString(StandardCharsets.UTF_8));
		for (String section : List.of("groups", "properties", "hints")) {
			Map<String, Map<String, Object>> expected = ((List<Map<String, Object>>) before.get(section)).stream()
				.collect(Collectors.toMap((entry) -> (String) entry.get("name"), (entry) -> entry));
			assertThat(byName(section)).as(section).isEqualTo(expected);
		}
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Map<String, Object>> byName(String section) {
		return ((List<Map<String, Object>>) metadata.get(section)).stream()
			.collect(Collectors.toMap((entry) -> (String) entry.get("name"), (entry) -> entry));
	}

	@Test
	void everyContractPropertyIsDescribed() {
		Map<String, Map<String, Object>> properties = byName("properties");
		for (String property : CONTRACT_PROPERTIES) {
			assertThat(properties).as(property).containsKey("nemo.lens." + property);
			assertThat((String) properties.get("nemo.lens." + property).get("description")).as(property).isNotBlank();
		}
	}

	@Test
	void defaultsAreThoseOfThePythonLibrary() {
		Map<String, Map<String, Object>> properties = byName("properties");
		assertThat(properties.get("nemo.lens.enabled").get("defaultValue")).isEqualTo(false);
		assertThat(properties.get("nemo.lens.export-strategy").get("defaultValue")).isEqualTo("single_rank");
		assertThat(properties.get("nemo.lens.export-rank").get("defaultValue")).isEqualTo(-1);
		assertThat(properties.get("nemo.lens.exporter").get("defaultValue")).isEqualTo("otlp");
	}

	@Test
	void propertyDefaultsMatchTheCoreDefaults() {
		NemoLensProperties properties = new NemoLensProperties();
		NemoLensConfig defaults = NemoLensConfig.defaults();
		assertThat(properties.isEnabled()).isEqualTo(defaults.enabled());
		assertThat(properties.getExportStrategy()).isEqualTo(defaults.exportStrategy());
		assertThat(properties.getExportRank()).isEqualTo(defaults.exportRank());
		assertThat(properties.getExportSampleRate()).isEqualTo(defaults.exportSampleRate());
		assertThat(properties.isSamplerEnabled()).isEqualTo(defaults.samplerEnabled());
		assertThat(properties.isTracesEnabled()).isEqualTo(defaults.tracesEnabled());
		assertThat(properties.isMetricsEnabled()).isEqualTo(defaults.metricsEnabled());
		assertThat(properties.isLogsEnabled()).isEqualTo(defaults.logsEnabled());
		assertThat(properties.getExporter()).isEqualTo(defaults.exporter());
	}

	@Test
	void everyCoreSettingIsAPropertyOfTheSameNameAndDefault() {
		BeanWrapper properties = new BeanWrapperImpl(new NemoLensProperties());
		NemoLensConfig defaults = NemoLensConfig.defaults();
		for (RecordComponent component : NemoLensConfig.class.getRecordComponents()) {
			Object coreDefault = ReflectionUtils.invokeMethod(component.getAccessor(), defaults);
			Object springDefault = properties.getPropertyValue(beanPath(component.getName()));
			if (springDefault == null) {
				// Unset in Spring means "fall back" (OTEL_SERVICE_NAME, NEMO_LENS_USER_ID, the run id at setup,
				// export-strategy for a signal), or "off" (the stall timeout).
				assertThat(component.getName()).isIn("serviceName", "runId", "user", "tracesExportStrategy",
						"metricsExportStrategy", "logsExportStrategy", "controlFile", "flightRecorderDirectory",
						"flightRecorderStallTimeout", "opampEndpoint", "opampHeaders");
			}
			else {
				assertThat(springDefault).as(component.getName()).isEqualTo(coreDefault);
			}
		}
	}

	/**
	 * The processor cannot read a default that is no literal, and the properties take theirs from
	 * the core: the metadata states them for IDEs, and must state the core's.
	 */
	@Test
	void everyDefaultTheMetadataStatesIsTheCoresDefault() {
		Map<String, Map<String, Object>> properties = byName("properties");
		NemoLensConfig defaults = NemoLensConfig.defaults();
		BeanWrapper bound = new BeanWrapperImpl(new NemoLensProperties());
		for (RecordComponent component : NemoLensConfig.class.getRecordComponents()) {
			String property = "nemo.lens."
					+ beanPath(component.getName()).replaceAll("([a-z])([A-Z])", "$1-$2").toLowerCase();
			Object stated = properties.get(property).get("defaultValue");
			Object coreDefault = ReflectionUtils.invokeMethod(component.getAccessor(), defaults);
			if (stated == null) {
				continue;
			}
			if (coreDefault instanceof Number number) {
				assertThat(((Number) stated).doubleValue()).as(property).isEqualTo(number.doubleValue());
			}
			else if (coreDefault instanceof Duration duration) {
				assertThat(stated).as(property).isEqualTo(duration.toSeconds() + "s");
			}
			else {
				assertThat(stated).as(property).isEqualTo(coreDefault);
			}
			assertThat(bound.getPropertyValue(beanPath(component.getName()))).as(property).isEqualTo(coreDefault);
		}
	}

	@Test
	@SuppressWarnings("unchecked")
	void strategyHintListsTheBuiltInsAndReferencesStrategyBeans() {
		Map<String, Object> hint = byName("hints").get("nemo.lens.export-strategy");
		assertThat((List<Map<String, Object>>) hint.get("values")).extracting((value) -> value.get("value"))
			.containsExactlyInAnyOrder("single_rank", "all_ranks", "sampled", "first_rank_per_node");
		assertThat((List<Map<String, Object>>) hint.get("providers")).singleElement().satisfies((provider) -> {
			assertThat(provider.get("name")).isEqualTo("spring-bean-reference");
			assertThat(((Map<String, Object>) provider.get("parameters")).get("target"))
				.isEqualTo("nemo.lens.ExportStrategy");
		});
	}

	@Test
	@SuppressWarnings("unchecked")
	void exporterHintListsTheExporters() {
		Map<String, Object> hint = byName("hints").get("nemo.lens.exporter");
		assertThat((List<Map<String, Object>>) hint.get("values")).extracting((value) -> value.get("value"))
			.containsExactly("otlp", "console", "none");
	}

	/**
	 * A component of a group lives in the group its first word names: {@code metricsExportStrategy}
	 * is {@code metrics.exportStrategy}, {@code controlFile} is {@code control.file}.
	 */
	private static String beanPath(String component) {
		BeanWrapper properties = new BeanWrapperImpl(new NemoLensProperties());
		if (properties.isReadableProperty(component)) {
			return component;
		}
		for (int i = 1; i < component.length(); i++) {
			if (Character.isUpperCase(component.charAt(i))) {
				String path = component.substring(0, i) + "." + Character.toLowerCase(component.charAt(i))
						+ component.substring(i + 1);
				if (properties.isReadableProperty(path)) {
					return path;
				}
			}
		}
		throw new AssertionError("No property for the core setting " + component);
	}

}
