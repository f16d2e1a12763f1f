package nemo.lens.config;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

import nemo.lens.NemoLensConfig;
import nemo.lens.control.ControlFileContent;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The settings table is consistent with itself and with what reads it: each row's variable is its
 * key, its typed accessor and setter on {@link NemoLensConfig} read and write that row, and its
 * default passes its own rule.
 */
class SettingTests {

	@Test
	void eachRowIsNamedAsItsKeyInCapitals() {
		for (Setting setting : Setting.rows()) {
			assertThat(setting.name()).isEqualTo(setting.key().replace('.', '_').replace('-', '_').toUpperCase(Locale.ROOT));
		}
	}

	@Test
	void eachTypedAccessorAndSetterReadsAndWritesItsOwnRow() throws ReflectiveOperationException {
		for (Setting setting : Setting.rows()) {
			Object changed = otherThanDefault(setting);
			Class<?> type = setting.type();
			NemoLensConfig.Builder builder = NemoLensConfig.builder();
			NemoLensConfig.Builder.class.getMethod(setting.javaName(), type).invoke(builder, changed);
			NemoLensConfig config = builder.build();
			Method accessor = NemoLensConfig.class.getMethod(setting.javaName());
			assertThat(accessor.getReturnType()).as(setting.javaName()).isEqualTo(type);
			assertThat(accessor.invoke(config)).as(setting.javaName()).isEqualTo(changed);
			assertThat(config.value(setting)).as(setting.javaName()).isEqualTo(changed);
			for (Setting other : Setting.rows()) {
				if (other != setting) {
					assertThat(config.value(other)).as(setting + " left " + other).isEqualTo(other.defaultValue());
				}
			}
		}
	}

	@Test
	void everyDefaultPassesItsOwnRule() {
		for (Setting setting : Setting.rows()) {
			assertThat(setting.given(setting.defaultValue())).as(setting.key()).isEqualTo(setting.defaultValue());
		}
	}

	@Test
	void aValueOfAnotherTypeIsRefusedNamingTheSetting() {
		assertThatIllegalArgumentException().isThrownBy(() -> Setting.FLIGHT_RECORDER_SPANS.given("2048"))
			.withMessage("flightRecorderSpans takes a int, got a String.");
	}

	@Test
	void theControlFileTakesTheKeysOfTheRowsItMayChange() {
		assertThat(ControlFileContent.KEYS).containsExactly("export-strategy", "export-rank", "export-sample-rate",
				"span-groups", "ranks", "until", "dump");
	}

	@Test
	void aSecretIsNamedEveryWayItCanBeGiven() {
		assertThat(Setting.OPAMP_HEADERS.allNames())
			.isEqualTo("opampHeaders (nemo.lens.opamp.headers, NEMO_LENS_OPAMP_HEADERS)");
	}

	private static Object otherThanDefault(Setting setting) {
		Object value = switch (setting.type().getSimpleName()) {
			case "boolean" -> !(boolean) setting.defaultValue();
			case "int" -> 7;
			case "double" -> 0.5;
			case "Duration" -> Duration.ofSeconds(7);
			case "List" -> List.of("microbatch");
			default -> null;
		};
		if (value != null) {
			return value;
		}
		if (setting == Setting.OPAMP_ENDPOINT) {
			return "http://opamp:4320/v1/opamp";
		}
		if (setting == Setting.OPAMP_HEADERS) {
			return "X-Api-Key=k";
		}
		return (setting == Setting.ATTRIBUTE_NAMES) ? "both" : "changed";
	}

}
