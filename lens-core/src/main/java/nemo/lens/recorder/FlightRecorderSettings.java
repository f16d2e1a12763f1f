package nemo.lens.recorder;

import java.time.Duration;

/**
 * What the flight recorder needs from the settings. Declared here so that this package never
 * imports {@code nemo.lens}: {@code NemoLensConfig} implements it.
 */
public interface FlightRecorderSettings {

	/**
	 * Whether telemetry is on at all.
	 * @return whether enabled
	 */
	boolean enabled();

	/**
	 * Whether traces may be exported, and so recorded.
	 * @return whether traces are enabled
	 */
	boolean tracesEnabled();

	/**
	 * Whether log records may be exported, and so recorded.
	 * @return whether logs are enabled
	 */
	boolean logsEnabled();

	/**
	 * Whether a rank that does not export traces records them.
	 * @return whether the recorder is on
	 */
	boolean flightRecorderEnabled();

	/**
	 * How many finished spans the ring keeps.
	 * @return at least one
	 */
	int flightRecorderSpans();

	/**
	 * How many log records the log ring keeps; zero keeps none.
	 * @return not negative
	 */
	int flightRecorderLogs();

	/**
	 * Where dumps are written; empty means nowhere.
	 * @return the directory, or empty
	 */
	String flightRecorderDirectory();

	/**
	 * Whether the recorder is dumped when the rank shuts down.
	 * @return whether to dump at exit
	 */
	boolean flightRecorderDumpOnExit();

	/**
	 * The least time between two dumps the rank writes by itself (a thread that dies, a stall, the
	 * control file's {@code dump} key); never the exit dump.
	 * @return zero or more; zero for no limit
	 */
	Duration flightRecorderMinDumpInterval();

	/**
	 * How many dump files of its own the rank keeps, its oldest removed first.
	 * @return more than zero
	 */
	int flightRecorderMaxDumps();

	/**
	 * How long a span may stay open before the rank dumps by itself, once per stall.
	 * @return more than zero, or {@code null} when the rank never dumps for a stall
	 */
	Duration flightRecorderStallTimeout();

	/**
	 * How many spans still open a dump holds at most, the oldest kept.
	 * @return zero or more
	 */
	int flightRecorderOpenSpans();

	/**
	 * The run id, the first part of every dump's file name.
	 * @return the run id
	 */
	String runId();

}
