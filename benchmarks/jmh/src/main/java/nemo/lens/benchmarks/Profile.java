package nemo.lens.benchmarks;

import java.time.Duration;
import java.util.List;

import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * How long each part runs. {@link #QUICK} fits in a few minutes on 2 cores and shows the shape;
 * {@link #FULL} is what BENCHMARKS.md reports.
 *
 * @param name the profile's name
 * @param forks JMH forks per benchmark and parameter; the span benchmarks run them as rounds of
 * one fork each
 * @param warmupIterations JMH warm-up iterations per fork
 * @param warmupSeconds the length of one warm-up iteration
 * @param measurementIterations JMH measured iterations per fork
 * @param measurementSeconds the length of one measured iteration
 * @param startupRuns measured start-ups per variant
 * @param switchRepeats switches on (and back off) per way of switching a running rank
 * @param pairRounds further span rounds of only the set-ups that a ratio target compares, (e) with
 * (f) and (i) with (j): a fork's score moves by up to a fifth from one fork to the next on a 2-core
 * machine (the batch processor's worker shares it), far more than the 10% such a target allows
 */
public record Profile(String name, int forks, int warmupIterations, int warmupSeconds, int measurementIterations,
		int measurementSeconds, int startupRuns, int switchRepeats, int pairRounds) {

	/**
	 * 1 fork, 3 x 1 s warm-up, 5 x 1 s measured (span: 2 more rounds of the compared pairs); 5
	 * start-ups per variant; 5 switches per way.
	 */
	public static final Profile QUICK = new Profile("quick", 1, 3, 1, 5, 1, 5, 5, 2);

	/**
	 * 3 forks (span: 3 rounds of one fork, then 6 more rounds of the compared pairs), 3 x 1 s
	 * warm-up, 5 x 2 s measured; 20 start-ups per variant; 10 switches per way.
	 */
	public static final Profile FULL = new Profile("full", 3, 3, 1, 5, 2, 20, 10, 6);

	/**
	 * Applies the JMH part of the profile.
	 * @param options the options to complete
	 * @return the same options
	 */
	public ChainedOptionsBuilder apply(ChainedOptionsBuilder options) {
		return options.forks(this.forks)
			.warmupIterations(this.warmupIterations)
			.warmupTime(TimeValue.seconds(this.warmupSeconds))
			.measurementIterations(this.measurementIterations)
			.measurementTime(TimeValue.seconds(this.measurementSeconds));
	}

	/**
	 * The same profile with another number of start-ups.
	 * @param runs measured start-ups per variant
	 * @return the changed profile
	 */
	public Profile withStartupRuns(int runs) {
		return new Profile(this.name, this.forks, this.warmupIterations, this.warmupSeconds,
				this.measurementIterations, this.measurementSeconds, runs, this.switchRepeats, this.pairRounds);
	}

	/** The fleet's N of plain Java ranks: 8 and 16 quick, 8 to 64 full. */
	public List<Integer> fleetSizes() {
		return quick() ? List.of(8, 16) : List.of(8, 16, 32, 64);
	}

	/** The fleet's N of Spring Boot ranks: 8 quick, 8 and 16 full. */
	public List<Integer> fleetSpringSizes() {
		return quick() ? List.of(8) : List.of(8, 16);
	}

	/** How long the fleet counts each strategy's collector load. */
	public Duration fleetWindow() {
		return Duration.ofSeconds(quick() ? 10 : 20);
	}

	/** Job-wide switches on (and back off) timed per N of the fleet. */
	public int fleetSwitches() {
		return quick() ? 2 : 4;
	}

	private boolean quick() {
		return this.name.equals(QUICK.name);
	}

	/**
	 * Describes the profile for the report.
	 * @return a one-line description
	 */
	public String describe() {
		return this.name + ": JMH " + this.forks + " fork(s) (span: " + this.forks + " round(s) of one fork, then "
				+ this.pairRounds + " of the compared pairs), "
				+ this.warmupIterations + " x " + this.warmupSeconds + " s warm-up, " + this.measurementIterations + " x "
				+ this.measurementSeconds + " s measured; " + this.startupRuns + " start-ups per variant; "
				+ this.switchRepeats + " switches per way";
	}

}
