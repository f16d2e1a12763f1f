package nemo.lens;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.opentelemetry.api.OpenTelemetry;
import nemo.lens.recorder.DumpWriter;
import nemo.lens.recorder.LogRing;
import nemo.lens.recorder.SpanRing;
import nemo.lens.sdk.ExportingTelemetry;
import nemo.lens.sdk.RecordingTelemetry;

/**
 * The flight recorder of one rank: while the rank does not export traces, its spans are recorded
 * by a real SDK into a bounded ring; when it is switched on, the ring is handed over to the new
 * SDK's exporters first; on request, it is dumped to a file. A dump that fails (a full disk, a
 * read-only directory, no directory) is logged once and never thrown into the application.
 */
final class FlightRecorder {

	private static final Logger logger = Logger.getLogger(FlightRecorder.class.getName());

	private final SpanRing ring;

	/** The log records kept, or {@code null} when the rank records no logs. */
	private final LogRing logs;

	private final RecordingTelemetry recording;

	private final OpenTelemetry telemetry;

	private final DumpWriter writer;

	private final Clock clock;

	private final AtomicBoolean dumpFailureLogged = new AtomicBoolean();

	private final AtomicBoolean handOverFailureLogged = new AtomicBoolean();

	private volatile LastDump lastDump;

	/**
	 * @param ring the span ring the recording SDK writes to
	 * @param logs the log ring the recording SDK writes to, or {@code null} to record no logs
	 * @param recording the recording SDK
	 * @param writer writes dumps, or {@code null} when no directory is set
	 * @param clock the time of dumps
	 */
	FlightRecorder(SpanRing ring, LogRing logs, RecordingTelemetry recording, DumpWriter writer, Clock clock) {
		this.ring = ring;
		this.logs = logs;
		this.recording = recording;
		this.telemetry = new ExportedSignalsTelemetry(recording.sdk(),
				(logs != null) ? EnumSet.of(Signal.TRACES, Signal.LOGS) : EnumSet.of(Signal.TRACES));
		this.writer = writer;
		this.clock = clock;
	}

	/** Whether a rank with these settings records: the recorder is on and its traces could be exported. */
	static boolean isOn(NemoLensConfig config) {
		return config.enabled() && config.tracesEnabled() && config.flightRecorderEnabled();
	}

	/**
	 * The telemetry of a silent rank that records: spans into the ring, log records into theirs
	 * when it records logs, no-op metrics.
	 */
	OpenTelemetry telemetry() {
		return this.telemetry;
	}

	/**
	 * Hands the recorded spans over to an SDK that starts exporting traces, ahead of its own, and
	 * empties the ring.
	 * @param sdk the SDK
	 * @param timeout the longest wait for its exporters; zero sends without waiting
	 */
	void handOver(ExportingTelemetry sdk, Duration timeout) {
		SpanRing.Contents contents = this.ring.drain();
		if (contents.spans().isEmpty()) {
			return;
		}
		boolean sent = sdk.exportFirst(contents.spans(), timeout);
		logger.log(Level.FINE, "NeMo Lens: handed over {0} recorded span(s) ({1} dropped before the oldest)",
				new Object[] { contents.spans().size(), contents.dropped() });
		if (!sent && this.handOverFailureLogged.compareAndSet(false, true)) {
			logger.warning("NeMo Lens: the flight recorder's spans were not all taken by the exporter within "
					+ timeout.toMillis() + " ms of the switch; they may be lost");
		}
	}

	/**
	 * Hands the recorded log records over to an SDK that starts exporting logs, ahead of its own,
	 * and empties their ring; does nothing when the rank records no logs.
	 * @param sdk the SDK
	 * @param timeout the longest wait for its exporters; zero sends without waiting
	 */
	void handOverLogs(ExportingTelemetry sdk, Duration timeout) {
		if (this.logs == null) {
			return;
		}
		LogRing.Contents contents = this.logs.drain();
		if (!contents.records().isEmpty() && !sdk.exportLogsFirst(contents.records(), timeout)
				&& this.handOverFailureLogged.compareAndSet(false, true)) {
			logger.warning("NeMo Lens: the flight recorder's log records were not all taken by the exporter within "
					+ timeout.toMillis() + " ms of the switch; they may be lost");
		}
	}

	/**
	 * Writes the ring, without emptying it, to a file.
	 * @param trigger what asks, recorded in the dump
	 * @return the file, or empty when no directory is set or it could not be written
	 */
	Optional<Path> dump(String trigger) {
		if (this.writer == null) {
			logOnce("no directory is set (nemo.lens.flight-recorder.directory, NEMO_LENS_FLIGHT_RECORDER_DIRECTORY)",
					null);
			return Optional.empty();
		}
		Instant now = this.clock.instant();
		try {
			Path written = this.writer.write(this.ring.snapshot(), this.ring.capacity(),
					(this.logs != null) ? this.logs.snapshot() : LogRing.Contents.EMPTY, this.recording.resource(),
					trigger, now);
			this.lastDump = new LastDump(written, now);
			logger.log(Level.INFO, "NeMo Lens: flight recorder dumped to {0} ({1})", new Object[] { written, trigger });
			return Optional.of(written);
		}
		catch (IOException | RuntimeException ex) {
			logOnce(ex.getClass().getSimpleName() + ": " + ex.getMessage(), ex);
			return Optional.empty();
		}
	}

	private void logOnce(String problem, Exception ex) {
		if (this.dumpFailureLogged.compareAndSet(false, true)) {
			logger.log(Level.WARNING, "NeMo Lens: the flight recorder could not be dumped: " + problem
					+ "; later failures are logged at FINE", ex);
		}
		else {
			logger.log(Level.FINE, "NeMo Lens: the flight recorder could not be dumped: " + problem, ex);
		}
	}

	/** What the recorder holds now. */
	FlightRecorderStatus status() {
		SpanRing.Held held = this.ring.held();
		LastDump last = this.lastDump;
		return new FlightRecorderStatus(held.spans(), this.ring.capacity(), held.dropped(),
				(last != null) ? last.file() : null, (last != null) ? last.time() : null);
	}

	/** Stops recording; what the ring holds can still be dumped. */
	void shutdown(Duration timeout) {
		this.recording.shutdown(timeout);
	}

	private record LastDump(Path file, Instant time) {

	}

}
