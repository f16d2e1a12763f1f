package nemo.lens.sample.demo;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Options of the multi-rank demo: {@code --ranks N} (default 4), {@code --ranks-per-node K}
 * (default 2), {@code --strategy NAME} (default single_rank), {@code --sample-rate R}.
 *
 * @param ranks how many ranks to start
 * @param ranksPerNode how many ranks share a simulated node
 * @param strategy the export strategy every rank uses
 * @param sampleRate the sample rate for {@code sampled}, or {@code null} for the default
 */
record DemoOptions(int ranks, int ranksPerNode, String strategy, String sampleRate) {

	static DemoOptions parse(String[] args) {
		Map<String, String> values = new LinkedHashMap<>();
		for (int i = 0; i < args.length; i++) {
			if (!args[i].startsWith("--") || i + 1 >= args.length) {
				throw new IllegalArgumentException("Expected --name value pairs, got '" + args[i]
						+ "'. Options: --ranks N, --ranks-per-node K, --strategy NAME, --sample-rate R.");
			}
			values.put(args[i].substring(2), args[++i]);
		}
		int ranks = positive(values, "ranks", 4);
		int ranksPerNode = positive(values, "ranks-per-node", 2);
		return new DemoOptions(ranks, ranksPerNode, values.getOrDefault("strategy", "single_rank"),
				values.get("sample-rate"));
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
