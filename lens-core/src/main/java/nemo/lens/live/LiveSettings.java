package nemo.lens.live;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import nemo.lens.NemoLensConfig;
import nemo.lens.config.Setting;

/**
 * The settings a rank takes while it runs, as a refresh changes them: the rows of {@link Setting}
 * that {@link Setting#BY_REFRESH} may change (the strategies, their inputs and the span groups).
 * Everything else (the exporter, its endpoint, the resource, the control file itself) was built
 * into the rank at start-up and needs a restart.
 */
public final class LiveSettings {

	private LiveSettings() {
	}

	/**
	 * {@code base} with the live settings of {@code from}.
	 * @param from where the live settings come from
	 * @param base where everything else comes from
	 * @return the settings
	 */
	public static NemoLensConfig copy(NemoLensConfig from, NemoLensConfig base) {
		NemoLensConfig.Builder builder = base.toBuilder();
		for (Setting setting : Setting.rows()) {
			if (setting.changesBy(Setting.BY_REFRESH)) {
				builder.set(setting, from.value(setting));
			}
		}
		return builder.build();
	}

	/**
	 * The properties of the live settings that differ.
	 * @param before the settings before
	 * @param after the settings after
	 * @return their property names, such as {@code nemo.lens.export-strategy}
	 */
	public static List<String> changed(NemoLensConfig before, NemoLensConfig after) {
		List<String> changed = new ArrayList<>();
		for (Setting setting : Setting.rows()) {
			if (setting.changesBy(Setting.BY_REFRESH) && !Objects.equals(before.value(setting), after.value(setting))) {
				changed.add(setting.property());
			}
		}
		return changed;
	}

	/**
	 * The properties of the live settings.
	 * @return their names, such as {@code nemo.lens.export-rank}, in the table's order
	 */
	public static List<String> properties() {
		List<String> properties = new ArrayList<>();
		for (Setting setting : Setting.rows()) {
			if (setting.changesBy(Setting.BY_REFRESH)) {
				properties.add(setting.property());
			}
		}
		return properties;
	}

}
