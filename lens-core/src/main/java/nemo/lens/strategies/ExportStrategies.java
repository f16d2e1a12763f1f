package nemo.lens.strategies;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

import nemo.lens.ExportStrategy;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLens;

/**
 * The names of the four built-in strategies of NeMo Lens and the process-wide lookup, apart from
 * the top-level API as in the reference ({@code nemo.lens.strategies}). The implementations are
 * internal to {@code nemo.lens}, which holds them in every {@link ExportStrategyRegistry}.
 */
public final class ExportStrategies {

	/** Every rank exports. */
	public static final String ALL_RANKS = "all_ranks";

	/** One rank exports: {@code exportRank}, or the last rank when that is negative (the default). */
	public static final String SINGLE_RANK = "single_rank";

	/** A deterministic, md5-based fraction {@code exportSampleRate} of ranks exports. */
	public static final String SAMPLED = "sampled";

	/** The rank whose local rank is 0 exports, one per node. */
	public static final String FIRST_RANK_PER_NODE = "first_rank_per_node";

	/** The names of the built-in strategies, which can never be unregistered. */
	public static final Set<String> BUILTIN_STRATEGIES = Collections
		.unmodifiableSet(new TreeSet<>(Set.of(ALL_RANKS, SINGLE_RANK, SAMPLED, FIRST_RANK_PER_NODE)));

	private ExportStrategies() {
	}

	/**
	 * Looks a strategy up in the process-wide registry behind {@link NemoLens}.
	 * @param name the strategy name
	 * @return the strategy
	 * @throws IllegalArgumentException when no strategy has that name
	 */
	public static ExportStrategy getExportStrategy(String name) {
		return NemoLens.registry().get(name);
	}

	/**
	 * Creates the built-in strategies, as every new {@link ExportStrategyRegistry} holds them.
	 * @param environment looks up launcher variables for {@code first_rank_per_node}; returns
	 * {@code null} when a variable is unset
	 * @return the built-ins by name
	 */
	public static Map<String, ExportStrategy> builtins(Function<String, String> environment) {
		ExportStrategyRegistry registry = new ExportStrategyRegistry(environment);
		return BUILTIN_STRATEGIES.stream().collect(Collectors.toUnmodifiableMap(Function.identity(), registry::get));
	}

}
