package nemo.lens.recorder;

import java.time.Duration;
import java.time.Instant;

/**
 * Lets at most one dump the rank writes by itself (a thread that dies of an uncaught exception,
 * a stall, the control file's {@code dump} key) through per interval, and counts the others: 50
 * threads dying at once, or a loop of failing tasks, write one dump rather than one each. Dumps
 * asked for do not pass here, nor does the exit dump: a rank ends once.
 */
final class AutomaticDumps {

	private final Duration interval;

	private Instant next;

	private long skipped;

	AutomaticDumps(Duration interval) {
		this.interval = interval;
	}

	/**
	 * Whether a dump at this time may be written; if so, the next one waits an interval.
	 * @param now the time
	 * @param counted whether a dump held back is counted as skipped; a stall dump is not, as it
	 * is asked for again until it is written
	 * @return whether it may
	 */
	synchronized boolean admit(Instant now, boolean counted) {
		if (this.next != null && now.isBefore(this.next)) {
			if (counted) {
				this.skipped++;
			}
			return false;
		}
		this.next = now.plus(this.interval);
		return true;
	}

	/**
	 * How many dumps were not written for the interval.
	 * @return the count
	 */
	synchronized long skipped() {
		return this.skipped;
	}

}
