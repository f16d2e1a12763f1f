package nemo.lens.live;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import nemo.lens.ExportStrategy;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.Signal;
import nemo.lens.sdk.RankSampling;

/**
 * What one rank decided for each signal: the strategy that decided it and whether the rank exports
 * it. A signal is exported when telemetry is enabled, the signal is enabled, and its strategy
 * selects the rank. Each distinct strategy is asked once, also for disabled signals and when
 * telemetry is off, so that an unknown name or a failing strategy stops every rank alike.
 */
public final class SignalDecisions {

	/** The strategy name a handle reports when the strategy was passed to the call. */
	public static final String PER_CALL_STRATEGY = "per_call";

	private final Map<Signal, String> strategies;

	private final Set<Signal> exporting;

	private SignalDecisions(Map<Signal, String> strategies, Set<Signal> exporting) {
		this.strategies = Collections.unmodifiableMap(strategies);
		this.exporting = Collections.unmodifiableSet(exporting);
	}

	/**
	 * Decides every signal.
	 * @param config the resolved settings
	 * @param rank the global rank
	 * @param worldSize the number of ranks
	 * @param registry where strategy names are looked up
	 * @param perCall a strategy passed to the call, deciding the signals without a strategy of
	 * their own, or {@code null}
	 * @return the decisions
	 * @throws IllegalArgumentException when a strategy name is unknown (a signal's own is named
	 * with its setting) or a strategy fails on its input
	 */
	public static SignalDecisions decide(NemoLensConfig config, int rank, int worldSize, ExportStrategyRegistry registry,
			ExportStrategy perCall) {
		Map<Signal, String> strategies = new EnumMap<>(Signal.class);
		Set<Signal> exporting = EnumSet.noneOf(Signal.class);
		Map<String, Boolean> answers = new HashMap<>();
		String base = (perCall != null) ? PER_CALL_STRATEGY : config.exportStrategy();
		boolean baseSelects = ((perCall != null) ? perCall : registry.get(base)).shouldExport(config, rank, worldSize);
		answers.put(base, baseSelects);
		for (Signal signal : Signal.values()) {
			String own = config.exportStrategy(signal);
			String name = own.equals(config.exportStrategy()) ? base : own;
			Boolean selects = answers.get(name);
			if (selects == null) {
				selects = strategy(registry, signal, name).shouldExport(config, rank, worldSize);
				answers.put(name, selects);
			}
			strategies.put(signal, name);
			if (config.enabled() && config.signalEnabled(signal) && selects) {
				exporting.add(signal);
			}
		}
		return new SignalDecisions(strategies, exporting);
	}

	private static ExportStrategy strategy(ExportStrategyRegistry registry, Signal signal, String name) {
		try {
			return registry.get(name);
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException("Invalid " + signal.key() + " export strategy ("
					+ signal.strategyProperty() + ", " + signal.strategyVariable(NemoLensConfig.DEFAULT_ENV_PREFIX)
					+ "): " + ex.getMessage(), ex);
		}
	}

	/** The name of the strategy that decided a signal. */
	public String strategy(Signal signal) {
		return this.strategies.get(signal);
	}

	/** Whether the rank exports a signal. */
	public boolean isExporting(Signal signal) {
		return this.exporting.contains(signal);
	}

	/** The signals the rank exports; empty on a silent rank. */
	public Set<Signal> exporting() {
		return this.exporting;
	}

	/**
	 * The strategies of one rank: decides its signals for any settings, at start-up and for every
	 * later change (a refresh, the control file), against the same registry and per-call strategy.
	 */
	public static final class Decider {

		private final ExportStrategyRegistry registry;

		private final int rank;

		private final int worldSize;

		private final ExportStrategy perCall;

		/**
		 * @param registry where strategy names are looked up
		 * @param rank the global rank
		 * @param worldSize the number of ranks
		 * @param perCall a strategy passed to the call, or {@code null}
		 */
		public Decider(ExportStrategyRegistry registry, int rank, int worldSize, ExportStrategy perCall) {
			this.registry = registry;
			this.rank = rank;
			this.worldSize = worldSize;
			this.perCall = perCall;
		}

		/** Decides every signal with these settings, as {@link SignalDecisions#decide} does. */
		public SignalDecisions decide(NemoLensConfig config) {
			return SignalDecisions.decide(config, this.rank, this.worldSize, this.registry, this.perCall);
		}

		/** Whether a strategy was passed to the call. */
		public boolean perCall() {
			return this.perCall != null;
		}

		/** The rank it decides for. */
		public int rank() {
			return this.rank;
		}

		/**
		 * Whom a strategy picks in this job, in words, for the endpoint and the start-up line:
		 * {@code single_rank: rank 3}, {@code first_rank_per_node: local rank 0 of each node},
		 * {@code sampled 0.25: ranks 0, 5, 9 of 16}. Empty for a strategy of the application's own,
		 * a built-in it replaced, or one passed to the call: their rule is their code.
		 */
		public Optional<String> picks(NemoLensConfig config, String strategy) {
			if (!this.registry.isBuiltin(strategy)) {
				return Optional.empty();
			}
			return Optional.of(switch (strategy) {
				case "single_rank" -> strategy + ": rank "
						+ ((config.exportRank() >= 0) ? config.exportRank() : this.worldSize - 1);
				case "first_rank_per_node" -> strategy + ": local rank 0 of each node";
				case "sampled" -> strategy + " " + config.exportSampleRate() + ": "
						+ sampled(config.exportSampleRate(), this.worldSize);
				default -> strategy + ": every rank";
			});
		}

		/**
		 * The ranks {@code sampled} picks: named up to 64 ranks, counted up to 16,384 (an md5 each),
		 * estimated beyond, where counting would cost the start-up and each look at the endpoint.
		 */
		private static String sampled(double rate, int worldSize) {
			if (worldSize > 16_384) {
				return "about " + Math.round(Math.min(Math.max(rate, 0.0), 1.0) * worldSize) + " of " + worldSize
						+ " ranks";
			}
			List<Integer> picked = new ArrayList<>();
			int count = 0;
			for (int rank = 0; rank < worldSize; rank++) {
				if (RankSampling.selects(rank, rate)) {
					count++;
					if (worldSize <= 64) {
						picked.add(rank);
					}
				}
			}
			if (worldSize > 64) {
				return count + " of " + worldSize + " ranks";
			}
			if (picked.isEmpty()) {
				return "no rank of " + worldSize;
			}
			return ((picked.size() == 1) ? "rank " : "ranks ")
					+ picked.stream().map(String::valueOf).collect(Collectors.joining(", ")) + " of " + worldSize;
		}

		/** The names the registry holds now, for the control file's {@code export-strategy}. */
		public Set<String> registered() {
			return Set.copyOf(this.registry.registeredStrategies());
		}

	}

}
