package nemo.lens.recorder;

import java.nio.file.Path;
import java.time.Instant;

/**
 * What a rank's flight recorder holds now, for the endpoint and for operators.
 *
 * @param spans how many finished spans it holds
 * @param capacity how many it keeps at most ({@code nemo.lens.flight-recorder.spans})
 * @param dropped how many ended before the oldest one held and were dropped, since the spans were
 * last handed over
 * @param lastDump the file of the last dump, or {@code null} when none was written
 * @param lastDumpTime when the last dump was written, or {@code null}
 * @param dumpsSkipped how many dumps the recorder would have written by itself (an uncaught
 * exception, the control file's {@code dump} key) were skipped, less than {@code min-dump-interval} after the last such dump
 * @param dumpsFailed how many dumps could not be written (a full disk, no permission)
 * @param lastDumpError why the last dump could not be written (redacted), or {@code null} when it
 * was written or none was tried
 * @param stalledSince when the span the rank is stalled in started: the innermost span open longer
 * than {@code nemo.lens.flight-recorder.stall-timeout} at the watcher's last look, or {@code null}
 * when none is (or no stall timeout is set)
 * @param stalledSpan the name of that span (redacted), or {@code null}
 * @param steps the rank's own step times, from the spans held, or {@code null} when it holds no
 * top-level span (as on a rank that exports traces: its spans went to the collector)
 */
public record FlightRecorderStatus(int spans, int capacity, long dropped, Path lastDump, Instant lastDumpTime,
		long dumpsSkipped, long dumpsFailed, String lastDumpError, Instant stalledSince, String stalledSpan,
		StepTimes steps) {

}
