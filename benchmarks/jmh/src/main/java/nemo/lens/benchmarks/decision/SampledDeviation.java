package nemo.lens.benchmarks.decision;

import java.util.ArrayList;
import java.util.List;

import nemo.lens.sdk.RankSampling;

/**
 * How far {@code sampled}'s selected count lies from rate x N, in standard deviations of the
 * binomial distribution B(N, rate) that a truly random choice would follow. Each rank chooses
 * alone from the md5 of its number, so nothing forces the count to rate x N; a good hash keeps it
 * within a few standard deviations, at every world size. Not a timing: it is computed once.
 */
public final class SampledDeviation {

	private SampledDeviation() {
	}

	/**
	 * Counts the selected ranks of every world size at every rate, in one pass over the ranks.
	 * @param rates the sample rates, each in (0, 1)
	 * @param worldSizes the world sizes, ascending
	 * @return one row per rate and world size
	 */
	public static List<Row> compute(double[] rates, int[] worldSizes) {
		int[] counts = new int[rates.length];
		List<Row> rows = new ArrayList<>();
		int next = 0;
		for (int rank = 0; rank < worldSizes[worldSizes.length - 1]; rank++) {
			double fraction = RankSampling.fraction(rank);
			for (int i = 0; i < rates.length; i++) {
				if (fraction < rates[i]) {
					counts[i]++;
				}
			}
			while (next < worldSizes.length && rank + 1 == worldSizes[next]) {
				for (int i = 0; i < rates.length; i++) {
					rows.add(new Row(rates[i], worldSizes[next], counts[i]));
				}
				next++;
			}
		}
		return rows;
	}

	/**
	 * One rate and world size: the selected count and its deviation.
	 * @param rate the sample rate
	 * @param worldSize the number of ranks
	 * @param selected how many of them {@code sampled} selects
	 */
	public record Row(double rate, int worldSize, int selected) {

		/**
		 * The count a rate promises on average.
		 * @return rate x N
		 */
		public double expected() {
			return this.rate * this.worldSize;
		}

		/**
		 * The standard deviation of B(N, rate).
		 * @return sqrt(N x rate x (1 - rate))
		 */
		public double standardDeviation() {
			return Math.sqrt(this.worldSize * this.rate * (1 - this.rate));
		}

		/**
		 * The deviation of the count from rate x N, in standard deviations.
		 * @return (selected - rate x N) / sd
		 */
		public double deviation() {
			return (this.selected - expected()) / standardDeviation();
		}

	}

}
