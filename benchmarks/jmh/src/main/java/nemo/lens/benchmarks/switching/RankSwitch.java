package nemo.lens.benchmarks.switching;

import java.time.Duration;
import java.util.List;

/**
 * One way to switch a silent rank on while it runs, and back: the endpoint of one rank, or the
 * job's control file. The benchmark starts the rank with {@link #rankArguments()}, then times
 * each {@link #switchOn(SampleRank)} from the instant it returns to the first trace request the
 * receiver gets.
 */
interface RankSwitch {

	/** A short name, for the report's keys: {@code endpoint}, {@code control_file}. */
	String name();

	/** What is done, for the report. */
	String description();

	/** The longest a switch should take to reach the receiver (issue 25's goal). */
	Duration goal();

	/** Arguments the rank needs for this way of switching, beyond its own. */
	List<String> rankArguments();

	/**
	 * Switches the rank on, everything prepared beforehand (a request built, a file written).
	 * @param rank the rank, silent
	 * @return {@link System#nanoTime()} just before the act that switches: the POST is sent, the
	 * file renamed into place
	 */
	long switchOn(SampleRank rank) throws InterruptedException;

	/**
	 * Undoes {@link #switchOn}, by the reverse act; the caller then waits for the rank to be silent.
	 * @param rank the rank
	 */
	void switchOff(SampleRank rank) throws InterruptedException;

}
