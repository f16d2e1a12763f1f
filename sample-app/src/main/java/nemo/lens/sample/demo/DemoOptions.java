package nemo.lens.sample.demo;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Options of the multi-rank demo: {@code --ranks N} (default 4), {@code --ranks-per-node K}
 * (default 2), {@code --strategy NAME} (default single_rank), {@code --traces-strategy NAME} and
 * {@code --metrics-strategy NAME} (default: the strategy), {@code --sample-rate R}.
 *
 * @param ranks how many ranks to start
 * @param ranksPerNode how many ranks share a simulated node
 * @param strategy the export strategy every rank uses
 * @param tracesStrategy the strategy of traces, or {@code null} for {@code strategy}
 * @param metricsStrategy the strategy of metrics, or {@code null} for {@code strategy}
 * @param sampleRate the sample rate for {@code sampled}, or {@code null} for the default
 */
record DemoOptions(int ranks, int ranksPerNode, String strategy, String tracesStrategy, String metricsStrategy,
		String sampleRate) {

	private static final String OPTIONS = "--ranks N, --ranks-per-node K, --strategy NAME, --traces-strategy NAME, "
			+ "--metrics-strategy NAME, --sample-rate R";

	static DemoOptions parse(String[] args) {
		Map<String, String> values = new LinkedHashMap<>();
		for (int i = 0; i < args.length; i++) {
			if (!args[i].startsWith("--") || i + 1 >= args.length) {
				throw new IllegalArgumentException(
						"Expected --name value pairs, got '" + args[i] + "'. Options: " + OPTIONS + ".");
			}
			values.put(args[i].substring(2), args[++i]);
		}
		int ranks = positive(values, "ranks", 4);
		int ranksPerNode = positive(values, "ranks-per-node", 2);
		return new DemoOptions(ranks, ranksPerNode, values.getOrDefault("strategy", "single_rank"),
				values.get("traces-strategy"), values.get("metrics-strategy"), values.get("sample-rate"));
	}

	private static int positive(Map<String, String> values, String name, int fallback) {
		String value = values.get(name);
		if (value == null) {
			return fallback;
		}
		try {
			int number = Integer.parseInt(value);
			if (number > 0) {
				return number;
			}
		}
		catch (NumberFormatException ex) {
			// reported below
		}
		throw new IllegalArgumentException("--" + name + " must be a positive whole number, got '" + value + "'.");
	}

}
