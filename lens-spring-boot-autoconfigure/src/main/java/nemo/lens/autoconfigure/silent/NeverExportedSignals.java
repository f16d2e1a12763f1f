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
 * The signals a rank does not export at start-up and, of those, the ones it will never export,
 * known from its environment alone, before any bean exists: the rank's built-in strategies decide
 * them as the handle will. A rank no channel (control file, OpAMP, endpoint write, Spring Cloud
 * refresh) can switch will never export what it starts without. Where that cannot be known yet
 * (Lens disabled, a strategy bean of the application's, a built-in that may be overridden, a
 * setting the start-up will refuse) the answer is none, and every door is built and gated as its
 * beans are made.
 */
final class NeverExportedSignals {

	private NeverExportedSignals() {
	}

	/**
	 * What the rank decides before any bean exists.
	 * @param properties the bound settings
	 * @param environment the environment
	 * @param classLoader the application's class loader
	 * @return the signals silent at start, and whether a channel can switch the rank; nothing
	 * silent when the decision cannot be known yet
	 */
	static EarlyDecision of(NemoLensProperties properties, Environment environment, ClassLoader classLoader) {
		try {
			if (!properties.isEnabled() || properties.allowStrategyOverride()) {
				return EarlyDecision.UNKNOWN;
			}
			NemoLensConfig config = LensSettings.config(properties, environment);
			if (!decidedByBuiltins(config)) {
				return EarlyDecision.UNKNOWN;
			}
			Function<String, String> variables = LensSettings.variables(environment, properties);
			RankInfo rank = RankInfo.detect(variables);
			Set<Signal> exported = new TelemetrySetup(NemoLens.registry().copy(variables), variables)
				.exportedSignals(config, rank.rank(), rank.worldSize());
			Set<Signal> silent = exported.isEmpty() ? EnumSet.allOf(Signal.class)
					: EnumSet.complementOf(EnumSet.copyOf(exported));
			return new EarlyDecision(silent, SwitchChannels.any(config, environment, classLoader));
		}
		catch (RuntimeException ex) {
			// The start-up reports it with the setting's name: deciding early changes nothing then.
			return EarlyDecision.UNKNOWN;
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

	/**
	 * The signals a rank starts without, and whether it can be switched while it runs.
	 * @param silentAtStart the signals not exported at start-up
	 * @param switchable whether a channel can switch the rank
	 */
	record EarlyDecision(Set<Signal> silentAtStart, boolean switchable) {

		static final EarlyDecision UNKNOWN = new EarlyDecision(Set.of(), true);

		/** The signals the rank will never export: those it starts without, unless it can be switched. */
		Set<Signal> neverExported() {
			return this.switchable ? Set.of() : this.silentAtStart;
		}

	}

}
