package nemo.lens.sample;

import java.io.PrintStream;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;

/**
 * Prints which ranks of a job of N ranks (default 16, four per node) would export under each
 * strategy, using the settings read from {@code NEMO_LENS_*} variables.
 */
public final class DecisionTableApplication {

	private static final int RANKS_PER_NODE = 4;

	private DecisionTableApplication() {
	}

	public static void main(String[] args) {
		int worldSize = (args.length > 0) ? Integer.parseInt(args[0]) : 16;
		NemoLensConfig config = NemoLensConfig.fromEnv();
		printTable(config, worldSize, System.out);
	}

	static void printTable(NemoLensConfig config, int worldSize, PrintStream out) {
		out.printf("Exporting ranks of %d (%d per node) under each strategy (exportRank=%d, exportSampleRate=%s):%n",
				worldSize, RANKS_PER_NODE, config.exportRank(), config.exportSampleRate());
		out.printf("%-22s %-9s %s%n", "strategy", "exporting", "ranks");
		for (String name : registryOf(0).registeredStrategies()) {
			List<Integer> ranks = IntStream.range(0, worldSize)
				.filter((rank) -> registryOf(rank).get(name).shouldExport(config, rank, worldSize))
				.boxed()
				.toList();
			out.printf("%-22s %-9d %s%n", name, ranks.size(),
					ranks.stream().map(String::valueOf).collect(Collectors.joining(",")));
		}
	}

	/** Each rank is its own process with its own environment; here LOCAL_RANK is simulated. */
	private static ExportStrategyRegistry registryOf(int rank) {
		String localRank = String.valueOf(rank % RANKS_PER_NODE);
		ExportStrategyRegistry registry = new ExportStrategyRegistry(
				(variable) -> variable.equals("LOCAL_RANK") ? localRank : null);
		registry.register("first_two_ranks", (c, r, size) -> r < 2);
		return registry;
	}

}
