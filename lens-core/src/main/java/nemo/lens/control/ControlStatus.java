package nemo.lens.control;

import java.util.Map;

/**
 * What the job-wide control file, or an OpAMP server's remote configuration over it, does on this
 * rank now, for the endpoint and for operators.
 *
 * @param file the file, as configured, or the remote channel's name where no file is
 * @param state {@code absent} (no file: no control), {@code applied}, {@code expired} (its
 * {@code until} has passed) or {@code error} (the last read failed, or the last remote content
 * was refused; the last good content, if any, stays in force)
 * @param error what was wrong with the file or the remote content, or {@code null}
 * @param applied the keys in force, as written; empty when none
 * @param since when the {@code error} was first seen (an ISO-8601 instant), or {@code null}
 * @param remote the remote channel's server and whether its polls succeed, or {@code null} where
 * none is configured
 */
public record ControlStatus(String file, String state, String error, Map<String, String> applied, String since,
		Remote remote) {

	/**
	 * A status with no error time and no remote channel.
	 * @param file the file
	 * @param state the state
	 * @param error the error, or {@code null}
	 * @param applied the keys in force
	 */
	public ControlStatus(String file, String state, String error, Map<String, String> applied) {
		this(file, state, error, applied, null, null);
	}

	/**
	 * The server of a remote channel of control (OpAMP) and how its last polls went.
	 *
	 * @param server the server's address, redacted
	 * @param state {@code connecting} (no poll answered yet), {@code reachable} (the last poll was
	 * answered and used) or {@code failing} (the polls since {@code since} failed)
	 * @param error why the last poll failed (an HTTP status, a refused answer, a time-out), or
	 * {@code null}
	 * @param since when the polls started failing (an ISO-8601 instant), or {@code null}
	 */
	public record Remote(String server, String state, String error, String since) {

	}

}
