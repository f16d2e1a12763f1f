package nemo.lens.recorder;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.logs.LoggerProvider;
import io.opentelemetry.api.metrics.MeterProvider;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.data.SpanData;
import nemo.lens.env.Redaction;
import nemo.lens.sdk.ExportingTelemetry;
import nemo.lens.sdk.ExportingTelemetryFactory;
import nemo.lens.sdk.RecordingTelemetry;
import nemo.lens.sdk.RunAttempt;
import nemo.lens.switching.ExportedSignalsTelemetry;

/**
 * The flight recorder of one rank: while the rank does not export traces, its spans are recorded
 * by a real SDK into a bounded ring; when it is switched on, the ring is handed over to the new
 * SDK's exporters first; on request, it is dumped to a file. A dump that fails (a full disk, a
 * read-only directory, no directory) is logged once, counted in its status, and never thrown into
 * the application.
 * <p>
 * It wires itself in: with a directory set, it is dumped when a thread dies of an uncaught
 * exception until it shuts down, and with {@code dump-on-exit} it is dumped as it shuts down.
 * Those dumps it writes by itself are rate-limited ({@code min-dump-interval}; the others are
 * counted as skipped), but the exit dump, which a rank writes once, whatever came before it; a dump
 * asked for is always written or its failure reported. Dumps are
 * written one at a time, each under a name of its own: two in the same millisecond get
 * successive milliseconds.
 * <p>
 * A dump holds the spans still open too ({@code open-spans} of them at most, the oldest kept),
 * those of the recording SDK and those of the SDK the rank exports traces with: the step a hung
 * rank is in. With a {@code stall-timeout}, a {@link StallWatcher} has the rank dump itself when a
 * span stays open that long, and says so once per stall as a warning that names the rank and what
 * it is stuck in ({@code rank 5 stalled 20 s in train.step > allreduce (step 17)}).
 */
public final class FlightRecorder {

	private static final Logger logger = Logger.getLogger(FlightRecorder.class.getName());

	private final SpanRing ring;

	private final int rank;

	/** The SDK spans still open on the recorder end into while the rank exports traces, or null. */
	private final Forwarding forwarding;

	/** The log records kept, or {@code null} when the rank records no logs. */
	private final LogRing logs;

	private final RecordingTelemetry recording;

	private final OpenTelemetry telemetry;

	private final DumpWriter writer;

	private final Clock clock;

	private final AtomicBoolean dumpFailureLogged = new AtomicBoolean();

	private final AtomicBoolean handOverFailureLogged = new AtomicBoolean();

	private final boolean dumpOnExit;

	private final AutomaticDumps automaticDumps;

	/** Serializes the dumps of this rank: one file at a time, each with a time of its own. */
	private final Object dumpLock = new Object();

	private final AtomicBoolean skipLogged = new AtomicBoolean();

	private final AtomicLong dumpsFailed = new AtomicLong();

	private volatile boolean uncaughtExceptionDump;

	private volatile LastDump lastDump;

	private volatile String lastDumpError;

	/** The time of the last dump written, guarded by {@link #dumpLock}. */
	private Instant lastDumpTime;

	/** How many open spans a dump holds at most. */
	private final int openSpanLimit;

	/** Dumps the rank when a span stays open too long, or {@code null} without a stall timeout. */
	private volatile StallWatcher stallWatcher;

	/**
	 * @param ring the span ring the recording SDK writes to
	 * @param rank the rank, named in its warnings
	 * @param forwarding the recording SDK's span processor, in front of the ring
	 * @param logs the log ring the recording SDK writes to, or {@code null} to record no logs
	 * @param recording the recording SDK
	 * @param writer writes dumps, or {@code null} when no directory is set
	 * @param clock the time of dumps
	 * @param dumpOnExit whether {@link #shutdown(Duration)} dumps first
	 * @param minDumpInterval the least time between two dumps the recorder writes by itself
	 * @param openSpanLimit how many open spans a dump holds at most
	 */
	FlightRecorder(SpanRing ring, int rank, Forwarding forwarding, LogRing logs, RecordingTelemetry recording, DumpWriter writer,
			Clock clock, boolean dumpOnExit, Duration minDumpInterval, int openSpanLimit) {
		this.ring = ring;
		this.rank = rank;
		this.forwarding = forwarding;
		this.logs = logs;
		this.recording = recording;
		OpenTelemetry sdk = recording.sdk();
		this.telemetry = new ExportedSignalsTelemetry(sdk.getTracerProvider(), MeterProvider.noop(),
				(logs != null) ? sdk.getLogsBridge() : LoggerProvider.noop(), sdk.getPropagators());
		this.writer = writer;
		this.clock = clock;
		this.dumpOnExit = dumpOnExit;
		this.automaticDumps = new AutomaticDumps(minDumpInterval);
		this.openSpanLimit = openSpanLimit;
	}

	/**
	 * Starts the flight recorder of a rank, when its settings turn it on: a ring (and one for log
	 * records where logs are enabled and kept), the SDK that records into them, and with a directory
	 * set, the dump when a thread dies of an uncaught exception; with a stall timeout, the watcher
	 * that dumps when a span stays open that long.
	 * @param settings the rank's settings
	 * @param rank the rank, in the name of its dumps
	 * @param sdks builds the recording SDK, with the resource and sampler the exporting SDK has
	 * @return the recorder, or empty when the settings leave it off (telemetry, traces or the
	 * recorder itself disabled)
	 */
	public static Optional<FlightRecorder> start(FlightRecorderSettings settings, int rank,
			ExportingTelemetryFactory sdks) {
		if (!settings.enabled() || !settings.tracesEnabled() || !settings.flightRecorderEnabled()) {
			return Optional.empty();
		}
		SpanRing ring = new SpanRing(settings.flightRecorderSpans());
		LogRing logs = (settings.logsEnabled() && settings.flightRecorderLogs() > 0)
				? new LogRing(settings.flightRecorderLogs()) : null;
		Forwarding forwarding = new Forwarding(ring);
		RecordingTelemetry recording = sdks.buildRecording(forwarding, logs);
		Long attempt = recording.resource().getAttribute(AttributeKey.longKey(RunAttempt.ATTRIBUTE));
		DumpWriter writer = settings.flightRecorderDirectory().isEmpty() ? null
				: new DumpWriter(Path.of(settings.flightRecorderDirectory()), settings.runId(), rank,
						settings.flightRecorderMaxDumps(), (attempt != null) ? attempt.intValue() : 0);
		FlightRecorder recorder = new FlightRecorder(ring, rank, forwarding, logs, recording, writer, Clock.systemUTC(),
				settings.flightRecorderDumpOnExit(), settings.flightRecorderMinDumpInterval(),
				settings.flightRecorderOpenSpans());
		if (writer != null) {
			UncaughtExceptionDump.install(recorder);
			recorder.uncaughtExceptionDump = true;
		}
		if (settings.flightRecorderStallTimeout() != null) {
			recorder.watchForStalls(settings.flightRecorderStallTimeout()).start();
		}
		return Optional.of(recorder);
	}

	/**
	 * Sets up the watcher that dumps the rank when a span stays open longer than the timeout.
	 * @param timeout the stall timeout
	 * @return the watcher, not started
	 */
	StallWatcher watchForStalls(Duration timeout) {
		StallWatcher watcher = new StallWatcher(timeout, this::openSpans, this::dumpForStall);
		this.stallWatcher = watcher;
		return watcher;
	}

	/** The spans open now: the recording SDK's and those of the SDK exporting traces, if any. */
	List<ReadableSpan> openSpans() {
		List<ReadableSpan> open = new ArrayList<>(this.recording.openSpans());
		ExportingTelemetry exporting = this.forwarding.target();
		if (exporting != null) {
			open.addAll(exporting.openSpans());
		}
		return open;
	}

	/**
	 * Writes a stall dump and warns of the stall, once, unless another dump the recorder wrote by
	 * itself is less than {@code min-dump-interval} old: then it is held back, not counted, and
	 * asked for again at the watcher's next look.
	 * @param stuckIn what the rank is stuck in ({@code 20 s in train.step > allreduce (step 17)})
	 * @return whether it was written or failed; {@code false} when held back
	 */
	private boolean dumpForStall(String stuckIn) {
		if (!this.automaticDumps.admit(this.clock.instant(), false)) {
			return false;
		}
		Optional<Path> written = write(DumpReason.STALL.value());
		logger.warning("NeMo Lens: rank " + this.rank + " stalled " + stuckIn
				+ written.map((file) -> "; flight recorder dumped to " + file).orElse("; no flight recorder dump written"));
		return true;
	}

	/**
	 * Whether the recorder is dumped as it shuts down: the rank's shutdown then runs at JVM exit even
	 * where it exports nothing.
	 * @return whether it dumps at exit
	 */
	public boolean dumpsOnExit() {
		return this.dumpOnExit;
	}

	/**
	 * The telemetry of a silent rank that records: spans into the ring, log records into theirs
	 * when it records logs, no-op metrics.
	 * @return the recording telemetry
	 */
	public OpenTelemetry telemetry() {
		return this.telemetry;
	}

	/**
	 * Hands the recorded spans over to an SDK that starts exporting traces, ahead of its own, and
	 * empties the ring.
	 * @param sdk the SDK
	 * @param timeout the longest wait for its exporters; zero sends without waiting
	 */
	public void handOver(ExportingTelemetry sdk, Duration timeout) {
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
	 * Sends spans still open on the recorder to an SDK as they end, while the rank exports traces
	 * through it, rather than into the ring: the span an operator switched the rank on to see (a
	 * step that hangs) reaches the collector, and the ring stays empty while the rank exports.
	 * @param sdk the SDK that exports traces now, or {@code null} to record again
	 */
	public void forwardTo(ExportingTelemetry sdk) {
		this.forwarding.forwardTo(sdk);
		if (sdk != null) {
			// A span that ended into the ring while the forwarding was being set.
			handOver(sdk, Duration.ZERO);
		}
	}

	/**
	 * Hands the recorded log records over to an SDK that starts exporting logs, ahead of its own,
	 * and empties their ring; does nothing when the rank records no logs.
	 * @param sdk the SDK
	 * @param timeout the longest wait for its exporters; zero sends without waiting
	 */
	public void handOverLogs(ExportingTelemetry sdk, Duration timeout) {
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
	 * Writes the ring, without emptying it, to a file; waits for a dump being written. Never
	 * dropped: it is written, or its failure is logged (once, then at {@code FINE}) and counted in
	 * {@link #status()}.
	 * @param trigger what asks, recorded in the dump
	 * @return the file, or empty when no directory is set or it could not be written
	 */
	public Optional<Path> dump(String trigger) {
		Optional<Path> written = write(trigger);
		written.ifPresent((file) -> logger.log(Level.INFO, "NeMo Lens: flight recorder dumped to {0} ({1})",
				new Object[] { file, trigger }));
		return written;
	}

	/** Writes a dump as {@link #dump(String)} does, and says nothing of it when it is written. */
	private Optional<Path> write(String trigger) {
		if (this.writer == null) {
			logOnce("no directory is set (nemo.lens.flight-recorder.directory, NEMO_LENS_FLIGHT_RECORDER_DIRECTORY)",
					null);
			return Optional.empty();
		}
		synchronized (this.dumpLock) {
			Instant now = this.clock.instant().truncatedTo(ChronoUnit.MILLIS);
			if (this.lastDumpTime != null && !now.isAfter(this.lastDumpTime)) {
				// Names are to the millisecond: the second dump of a millisecond takes the next one.
				now = this.lastDumpTime.plusMillis(1);
			}
			try {
				List<SpanData> open = OpenSpans.at(openSpans(), nanos(now), this.openSpanLimit,
						DumpReason.ofTrigger(trigger) == DumpReason.EXIT);
				Resource resource = this.recording.resource()
					.toBuilder()
					.put(DumpWriter.FINISHED_SPANS, finishedSpans())
					.build();
				Path written = this.writer.write(this.ring.snapshot(), this.ring.capacity(), open,
						(this.logs != null) ? this.logs.snapshot() : LogRing.Contents.EMPTY, resource, trigger, now);
				this.lastDumpTime = now;
				this.lastDump = new LastDump(written, now);
				this.lastDumpError = null;
				return Optional.of(written);
			}
			catch (IOException | RuntimeException ex) {
				this.dumpsFailed.incrementAndGet();
				String problem = Redaction.redact(ex.getClass().getSimpleName() + ": " + ex.getMessage());
				this.lastDumpError = problem;
				logOnce(problem, ex);
				return Optional.empty();
			}
		}
	}

	/**
	 * Where the rank's finished spans are now: in the ring ({@code recorded}), sent to the collector
	 * by the SDK the rank exports traces with ({@code exported}), or nowhere, as that SDK has no
	 * span exporter ({@code none}, the exporter {@code none}).
	 */
	private String finishedSpans() {
		ExportingTelemetry exporting = this.forwarding.target();
		if (exporting == null) {
			return "recorded";
		}
		return exporting.exportsSpans() ? "exported" : "none";
	}

	private static long nanos(Instant time) {
		return time.getEpochSecond() * 1_000_000_000L + time.getNano();
	}

	/**
	 * Writes the ring for a trigger that no one asks for one file at a time (an uncaught
	 * exception and the control file's {@code dump} key, which anyone who can write the
	 * file may change in a loop), unless another such dump was written less than
	 * {@code min-dump-interval} before: that one is counted as skipped.
	 * @param trigger what asks, recorded in the dump
	 * @return the file, or empty when skipped, no directory is set or it could not be written
	 */
	public Optional<Path> dumpAutomatically(String trigger) {
		if (!this.automaticDumps.admit(this.clock.instant(), true)) {
			if (this.skipLogged.compareAndSet(false, true)) {
				logger.info("NeMo Lens: a flight recorder dump (" + trigger + ") was skipped: the last one the "
						+ "recorder wrote by itself or for the control file is less than "
						+ "nemo.lens.flight-recorder.min-dump-interval old; "
						+ "later ones are counted in the status (dumpsSkipped)");
			}
			return Optional.empty();
		}
		return dump(trigger);
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

	/**
	 * What the recorder holds now.
	 * @return its state
	 */
	public FlightRecorderStatus status() {
		SpanRing.Held held = this.ring.held();
		LastDump last = this.lastDump;
		StallWatcher watcher = this.stallWatcher;
		StallWatcher.Stall stall = (watcher != null) ? watcher.stall() : null;
		return new FlightRecorderStatus(held.spans(), this.ring.capacity(), held.dropped(),
				(last != null) ? last.file() : null, (last != null) ? last.time() : null, this.automaticDumps.skipped(),
				this.dumpsFailed.get(), this.lastDumpError, (stall != null) ? stall.since() : null,
				(stall != null) ? stall.spanName() : null, StepTimes.of(this.ring));
	}

	/**
	 * Stops recording: no more stall dumps or dumps at an uncaught exception, the dump at exit when it is asked for,
	 * then the recording SDK; what the ring holds can still be dumped.
	 * @param timeout the longest wait for the recording SDK
	 */
	public void shutdown(Duration timeout) {
		StallWatcher watcher = this.stallWatcher;
		if (watcher != null) {
			watcher.stop(timeout);
		}
		if (this.uncaughtExceptionDump) {
			UncaughtExceptionDump.uninstall(this);
		}
		if (this.dumpOnExit) {
			// A rank ends once: the rate limit is for what repeats, and this dump is the last word.
			dump(DumpReason.EXIT.value());
		}
		this.recording.shutdown(timeout);
	}

	private record LastDump(Path file, Instant time) {

	}

}
