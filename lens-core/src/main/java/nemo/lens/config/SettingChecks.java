package nemo.lens.config;

import java.time.Duration;
import java.util.List;

import nemo.lens.env.EnvironmentValues;
import nemo.lens.sdk.ExporterName;
import nemo.lens.sdk.RankAttributeNames;
import nemo.lens.spans.SpanGroups;

/**
 * The rules of settings beyond their type: a sample rate within {@code [0.0, 1.0]}, a shutdown
 * timeout and a switch drain timeout that are not negative, a control interval of more than zero, a known exporter, extra span
 * groups that are no presets, attribute names of {@code dl}, {@code nv} or {@code both}, a flight recorder that keeps at least one span, no negative number
 * of log records and at least one dump, with no negative interval between dumps; then the range of
 * every duration and size ({@link SettingBounds}), control interval, override durations, stall
 * timeout and open spans among them. Written
 * once, here, and applied wherever a value is read: {@code NemoLensConfig.fromEnv()} and the Spring
 * starter's binding, so that both refuse the same values with errors that name where each came
 * from.
 */
public final class SettingChecks {

	private SettingChecks() {
	}

	/**
	 * Checks a value of a setting.
	 * @param setting the setting, named as the {@code NemoLensConfig} component
	 * ({@code exportSampleRate})
	 * @param name the variable or property the value came from, for the error
	 * @param raw the text the value was read from, for the error
	 * @param value the value, as read
	 * @return the value
	 * @throws IllegalArgumentException when the value breaks the setting's rule, naming
	 * {@code name} and showing {@code raw}
	 */
	@SuppressWarnings("unchecked")
	public static Object check(String setting, String name, String raw, Object value) {
		try {
			switch (setting) {
				case "exportSampleRate" -> EnvironmentValues.checkFraction(name, (double) value);
				case "shutdownTimeout", "switchDrainTimeout" -> EnvironmentValues.checkNotNegative(name, (Duration) value);
				case "controlInterval", "opampInterval" -> EnvironmentValues.checkPositive(name, (Duration) value);
				case "opampEndpoint" -> {
					if (!((String) value).isBlank()) {
						OpampSettings.checkEndpoint(name, ((String) value).trim());
					}
				}
				case "flightRecorderSpans" -> EnvironmentValues.checkPositive(name, (int) value);
				case "flightRecorderLogs" -> EnvironmentValues.checkNotNegative(name, (int) value);
				case "flightRecorderMinDumpInterval" -> EnvironmentValues.checkNotNegative(name, (Duration) value);
				case "flightRecorderMaxDumps" -> EnvironmentValues.checkPositive(name, (int) value);
				case "overrideDefaultDuration", "overrideMaxDuration" -> EnvironmentValues.checkPositive(name,
						(Duration) value);
				case "exporter" -> ExporterName.named((String) value);
				case "attributeNames" -> RankAttributeNames.of((String) value);
				case "extraSpanGroups" -> SpanGroups.of(SpanGroups.DEFAULT, (List<String>) value);
				default -> {
				}
			}
			SettingBounds.check(setting, name, raw, value);
			return value;
		}
		catch (IllegalArgumentException ex) {
			String message = ex.getMessage();
			// No cause: the message is the whole story, and reports show the innermost message.
			throw new IllegalArgumentException(
					message.startsWith(name) ? message : "Invalid " + name + " '" + raw + "': " + message);
		}
	}

}
