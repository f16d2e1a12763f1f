package nemo.lens.autoconfigure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import nemo.lens.NemoLensConfig;
import nemo.lens.autoconfigure.binding.LensSettings;
import nemo.lens.config.Setting;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.json.JsonParserFactory;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.ClassPathResource;

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

	/** The defaults the hand-kept metadata had left out, which the table's now states. */
	private static final Map<String, Object> DEFAULTS_ADDED = Map.of("nemo.lens.control.interval", "5s",
			"nemo.lens.control.allow-shared-writes", false, "nemo.lens.switch.drain-timeout", "10s",
			"nemo.lens.opamp.interval", "30s");

	/** Descriptions changed since, with what they say now: the behaviour they describe changed. */
	private static final Map<String, String> DESCRIPTIONS_CHANGED = Map.of(
			// Issue 57: the exit dump is never skipped.
			"nemo.lens.flight-recorder.min-dump-interval",
			"Least time between two dumps the rank writes by itself when a thread dies of an uncaught exception; "
					+ "the others are counted as skipped. Dumps asked for (the endpoint, the control file) and the "
					+ "exit dump are never held back. Zero for no limit.");

	private static Map<String, Object> metadata;

	@BeforeAll
	static void readMetadata() throws IOException {
		String json = new ClassPathResource("META-INF/spring-configuration-metadata.json")
			.getContentAsString(StandardCharsets.UTF_8);
		metadata = JsonParserFactory.getJsonParser().parseMap(json);
	}

	/**
	 * The metadata an IDE reads is entry for entry what it was before the settings became one
	 * table: {@code metadata-before.json} is the file the build of {@code a73e945} generated. Rows
	 * added since are checked as every row is, below; a description changed since is named above.
	 */
	@Test
	@SuppressWarnings("unchecked")
	void everyEntryIsTheSameAsBeforeTheSettingsTable() throws IOException {
		Map<String, Object> before = JsonParserFactory.getJsonParser()
			.parseMap(new ClassPathResource("nemo/lens/autoconfigure/metadata-before.json")
				.getContentAsString(StandardCharsets.UTF_8));
		for (String section : List.of("groups", "properties", "hints")) {
			Map<String, Map<String, Object>> expected = new TreeMap<>();
			for (Map<String, Object> entry : (List<Map<String, Object>>) before.get(section)) {
				Map<String, Object> now = new LinkedHashMap<>(entry);
				if (section.equals("groups")) {
					// Named after the record's accessor now (flightRecorder()), no getter's: no IDE shows it.
					now.remove("sourceMethod");
				}
				Object added = DEFAULTS_ADDED.get(entry.get("name"));
				if (added != null) {
					now.put("defaultValue", added);
				}
				String description = DESCRIPTIONS_CHANGED.get(entry.get("name"));
				if (description != null) {
					now.put("description", description);
				}
				expected.put((String) entry.get("name"), now);
			}
			Map<String, Map<String, Object>> actual = new TreeMap<>();
			byName(section).forEach((name, entry) -> {
				if (!expected.containsKey(name)) {
					return;
				}
				Map<String, Object> now = new LinkedHashMap<>(entry);
				if (section.equals("groups")) {
					now.remove("sourceMethod");
				}
				actual.put(name, now);
			});
			assertThat(actual).as(section).isEqualTo(expected);
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

	/**
	 * Each row of the settings table is a property under its key, described and defaulted as the
	 * row says: the metadata is written from the table at build time.
	 */
	@Test
	void everySettingIsAPropertyWithTheDescriptionAndDefaultOfItsRow() {
		Map<String, Map<String, Object>> properties = byName("properties");
		for (Setting setting : Setting.rows()) {
			Map<String, Object> property = properties.get(setting.property());
			assertThat(property).as(setting.property()).isNotNull();
			assertThat(property.get("description")).as(setting.property()).isEqualTo(setting.description());
			Object stated = property.get("defaultValue");
			Object coreDefault = setting.defaultValue();
			if (stated == null) {
				assertThat(coreDefault == null || "".equals(coreDefault) || List.of().equals(coreDefault)
						|| setting.standardVariable() != null).as(setting.property()).isTrue();
			}
			else if (coreDefault instanceof Number number) {
				assertThat(((Number) stated).doubleValue()).as(setting.property()).isEqualTo(number.doubleValue());
			}
			else if (coreDefault instanceof Duration duration) {
				assertThat(stated).as(setting.property()).isEqualTo(duration.toSeconds() + "s");
			}
			else {
				assertThat(stated).as(setting.property()).isEqualTo(coreDefault);
			}
		}
	}

	@Test
	void propertiesBoundFromNothingGiveTheCoresDefaults() {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().remove(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME);
		environment.getPropertySources().remove(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME);
		assertThat(LensSettings.config(LensSettings.bind(environment), environment))
			.isEqualTo(NemoLensConfig.defaults());
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

}
