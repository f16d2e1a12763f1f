package nemo.lens.autoconfigure.silent;

import java.util.EnumSet;
import java.util.Set;
import java.util.function.Function;

import nemo.lens.NemoLens;
import nemo.lens.NemoLensConfig;
import nemo.lens.Signal;
import nemo.lens.TelemetrySetup;
import nemo.lens.autoconfigure.NemoLensProperties;
import nemo.lens.autoconfigure.binding.LensSettings;
import nemo.lens.launch.RankInfo;
import nemo.lens.strategies.ExportStrategies;

import org.springframework.core.env.Environment;

/**
 * The signals a rank will never export, known from its environment alone, before any bean exists:
 * the rank's built-in strategies decide them as the handle will, and no channel (control file,
 * endpoint write, Spring Cloud refresh) can switch them on later. Where that cannot be known yet
 * (Lens disabled, a strategy bean of the application's, a built-in that may be overridden, a
 * setting the start-up will refuse) the answer is none, and every door is built and gated as its
 * beans are made.
 */
final class NeverExportedSignals {

	private NeverExportedSignals() {
	}

	static Set<Signal> of(NemoLensProperties properties, Environment environment, ClassLoader classLoader) {
		try {
			if (!properties.isEnabled() || properties.isAllowStrategyOverride()) {
				return Set.of();
			}
			NemoLensConfig config = LensSettings.config(properties, environment);
			if (!decidedByBuiltins(config) || SwitchChannels.any(config, environment, classLoader)) {
				return Set.of();
			}
			Function<String, String> variables = LensSettings.variables(environment, properties);
			RankInfo rank = RankInfo.detect(variables);
			Set<Signal> exported = new TelemetrySetup(NemoLens.registry().copy(variables), variables)
				.exportedSignals(config, rank.rank(), rank.worldSize());
			return exported.isEmpty() ? EnumSet.allOf(Signal.class) : EnumSet.complementOf(EnumSet.copyOf(exported));
		}
		catch (RuntimeException ex) {
			// The start-up reports it with the setting's name: deciding early changes nothing then.
			return Set.of();
		}
	}

	private static boolean decidedByBuiltins(NemoLensConfig config) {
		for (Signal signal : Signal.values()) {
			if (!ExportStrategies.BUILTIN_STRATEGIES.contains(config.exportStrategy(signal))) {
				return false;
			}
		}
		return true;
	}

}
