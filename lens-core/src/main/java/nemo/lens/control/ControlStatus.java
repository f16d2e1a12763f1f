package nemo.lens.control;

import java.util.Map;

/**
 * What the job-wide control file does on this rank now, for the endpoint and for operators.
 *
 * @param file the file, as configured
 * @param state {@code absent} (no file: no control), {@code applied}, {@code expired} (its
 * {@code until} has passed) or {@code error} (the last read failed; the last good content, if
 * any, stays in force)
 * @param error what was wrong with the file, or {@code null}
 * @param applied the keys in force, as written; empty when none
 */
public record ControlStatus(String file, String state, String error, Map<String, String> applied) {

}
