package nemo.lens.live;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

import nemo.lens.NemoLensConfig;
import nemo.lens.Signal;

/**
 * The settings a rank takes while it runs, as Spring Cloud's refresh changes them: the strategies,
 * their inputs and the span groups. Everything else (the exporter, its endpoint, the resource, the
 * control file itself) was built into the rank at start-up and needs a restart.
 */
public final class LiveSettings {

	private static final List<Setting> SETTINGS = List.of(
			new Setting("nemo.lens.export-strategy", NemoLensConfig::exportStrategy),
			new Setting("nemo.lens.traces.export-strategy", NemoLensConfig::tracesExportStrategy),
			new Setting("nemo.lens.metrics.export-strategy", NemoLensConfig::metricsExportStrategy),
			new Setting("nemo.lens.logs.export-strategy", NemoLensConfig::logsExportStrategy),
			new Setting("nemo.lens.export-rank", NemoLensConfig::exportRank),
			new Setting("nemo.lens.export-sample-rate", NemoLensConfig::exportSampleRate),
			new Setting("nemo.lens.span-groups", NemoLensConfig::spanGroups));

	private LiveSettings() {
	}

	/**
	 * {@code base} with the live settings of {@code from}.
	 * @param from where the live settings come from
	 * @param base where everything else comes from
	 * @return the settings
	 */
	public static NemoLensConfig copy(NemoLensConfig from, NemoLensConfig base) {
		return base.toBuilder()
			.exportStrategy(from.exportStrategy())
			.exportStrategy(Signal.TRACES, from.tracesExportStrategy())
			.exportStrategy(Signal.METRICS, from.metricsExportStrategy())
			.exportStrategy(Signal.LOGS, from.logsExportStrategy())
			.exportRank(from.exportRank())
			.exportSampleRate(from.exportSampleRate())
			.spanGroups(from.spanGroups())
			.build();
	}

	/**
	 * The properties of the live settings that differ.
	 * @param before the settings before
	 * @param after the settings after
	 * @return their property names, such as {@code nemo.lens.export-strategy}
	 */
	public static List<String> changed(NemoLensConfig before, NemoLensConfig after) {
		List<String> changed = new ArrayList<>();
		for (Setting setting : SETTINGS) {
			if (!Objects.equals(setting.value().apply(before), setting.value().apply(after))) {
				changed.add(setting.property());
			}
		}
		return changed;
	}

	/**
	 * The properties of the live settings.
	 * @return their names, such as {@code nemo.lens.export-rank}, in a fixed order
	 */
	public static List<String> properties() {
		return SETTINGS.stream().map(Setting::property).toList();
	}

	private record Setting(String property, Function<NemoLensConfig, Object> value) {

	}

}
