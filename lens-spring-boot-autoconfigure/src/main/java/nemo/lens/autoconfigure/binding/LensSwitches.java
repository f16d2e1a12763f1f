package nemo.lens.autoconfigure.binding;

import nemo.lens.autoconfigure.failure.LensStartupException;
import nemo.lens.env.EnvironmentValues;

import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.core.env.Environment;

/**
 * Reads a {@code nemo.lens.*} switch the one way NeMo Lens reads every boolean: the core's
 * spellings ({@code true/false}, {@code 1/0}, {@code yes/no}, {@code on/off}, any case, blank
 * meaning unset), from any property source, with relaxed names ({@code NEMO_LENS_ENABLED} for
 * {@code nemo.lens.enabled}). Conditions, the AOT check and the door gates all read through here,
 * so that no part of Lens can see a switch differently from the core.
 */
public final class LensSwitches {

	/** Whether NeMo Lens builds telemetry at all. */
	public static final String ENABLED = "nemo.lens.enabled";

	/** Whether Spring Boot's own OpenTelemetry SDK follows the rank's decision. */
	public static final String GATE_BOOT_OPENTELEMETRY = "nemo.lens.gate.boot.opentelemetry";

	/** Whether the OpenTelemetry instrumentation starter's SDK follows the rank's decision. */
	public static final String GATE_OTEL_STARTER = "nemo.lens.gate.otel.starter";

	/** Whether {@code @LensSpan} methods run in spans. */
	public static final String ANNOTATIONS_ENABLED = "nemo.lens.annotations.enabled";

	private LensSwitches() {
	}

	/**
	 * Reads a switch.
	 * @param environment the environment
	 * @param name the property name, such as {@value #ENABLED}
	 * @param ifMissing the value when the switch is unset or blank
	 * @return whether the switch is on
	 * @throws LensStartupException when the value is none of the accepted spellings, naming the
	 * setting and the value
	 */
	public static boolean isOn(Environment environment, String name, boolean ifMissing) {
		ConfigurationPropertyName property = ConfigurationPropertyName.of(name);
		for (ConfigurationPropertySource source : ConfigurationPropertySources.get(environment)) {
			ConfigurationProperty found = source.getConfigurationProperty(property);
			if (found != null && found.getValue() != null) {
				return read(name, SettingSource.nameOf(found), found.getValue().toString(), ifMissing);
			}
		}
		return ifMissing;
	}

	/**
	 * Reads a switch's raw text.
	 * @param property the property name, such as {@value #ENABLED}
	 * @param source the property or variable the text came from, for the error
	 * @param raw the raw text, or {@code null} when unset
	 * @param ifMissing the value when unset or blank
	 * @return whether the switch is on
	 * @throws LensStartupException when the value is none of the accepted spellings
	 */
	private static boolean read(String property, String source, String raw, boolean ifMissing) {
		if (raw == null || raw.isBlank()) {
			return ifMissing;
		}
		try {
			return EnvironmentValues.parseBoolean(source, raw);
		}
		catch (IllegalArgumentException ex) {
			throw new LensStartupException(ex.getMessage(), "Set " + property + " (or " + LensPropertyNames.variable(property)
					+ ") to true or false; 1/0, yes/no and on/off also work, in any case.", null);
		}
	}

}
