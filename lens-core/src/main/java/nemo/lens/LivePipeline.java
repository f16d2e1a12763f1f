package nemo.lens;

import java.time.Duration;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import io.opentelemetry.api.OpenTelemetry;
import nemo.lens.recorder.FlightRecorder;
import nemo.lens.sdk.ExportingTelemetry;
import nemo.lens.sdk.ExportingTelemetryFactory;
import nemo.lens.sdk.ReusableExports;
import nemo.lens.switching.ExportedSignalsTelemetry;
import nemo.lens.switching.SwitchableTelemetry;

/**
 * The SDK pipeline of one rank while the signals it exports change: built for the exported
 * signals when the rank first exports (at start-up or when switched on), shut down within the
 * shutdown timeout when it stops (its threads end and its sockets close), built anew when it
 * exports again. Everything the rank handed out follows through one {@link SwitchableTelemetry}.
 * <p>
 * With a flight recorder, a rank that does not export traces records them instead of dropping
 * them, and when it starts exporting traces the recorded spans go out first.
 */
final class LivePipeline {

	private final NemoLensConfig config;

	private final SwitchableTelemetry telemetry;

	private final OpenTelemetry silent;

	private final ExportingTelemetryFactory sdks;

	private final ReusableExports exports;

	private final List<Runnable> firstBuildActions = new CopyOnWriteArrayList<>();

	private final FlightRecorder recorder;

	private volatile Set<Signal> exported = Collections.unmodifiableSet(EnumSet.noneOf(Signal.class));

	private volatile ExportingTelemetry current;

	/** Read for every helper span: one field rather than a set. */
	private volatile boolean tracesExported;

	/** Whether spans are kept now, exported or recorded: read for every helper span. */
	private volatile boolean tracesRecorded;

	private boolean built;

	/** Whether the start-up decision was applied: later SDKs are built by a switch. */
	private boolean started;

	private boolean warmedUp;

	/** Whether {@link #warmUp()} has built and closed its SDK. */
	private volatile boolean prepared;

	private boolean shutDown;

	/**
	 * Creates a pipeline that exports nothing yet.
	 * @param config the settings, for which signals are enabled
	 * @param silent the telemetry of a silent rank
	 * @param sdks builds every SDK of the rank
	 * @param exports the caller's exporters, shut down with the pipeline
	 * @param recorder records the traces while they are not exported, or {@code null} for none
	 */
	LivePipeline(NemoLensConfig config, OpenTelemetry silent, ExportingTelemetryFactory sdks, ReusableExports exports,
			FlightRecorder recorder) {
		this.config = config;
		this.recorder = recorder;
		this.silent = (recorder != null) ? recorder.telemetry() : silent;
		this.telemetry = new SwitchableTelemetry(this.silent);
		this.sdks = sdks;
		this.exports = exports;
		this.tracesRecorded = recorder != null;
	}

	/**
	 * Runs an action once, when the pipeline first builds an exporting SDK (at start-up or at the
	 * first switch-on), on the thread that built it.
	 * @param action the action
	 */
	void onFirstBuild(Runnable action) {
		this.firstBuildActions.add(action);
	}

	/**
	 * Exports these signals from now on: builds the SDK for them, or shuts the one running down
	 * (flushing it within the timeout) when they change.
	 * @param signals the signals to export; empty silences the rank
	 * @param timeout the longest wait for an SDK that stops to flush
	 */
	synchronized void apply(Set<Signal> signals, Duration timeout) {
		if (this.shutDown || signals.equals(this.exported)) {
			return;
		}
		ExportingTelemetry previous = this.current;
		if (signals.isEmpty()) {
			this.telemetry.switchTo(this.silent);
			this.current = null;
		}
		else {
			ExportingTelemetry next = this.sdks.build(signals.contains(Signal.TRACES), signals.contains(Signal.METRICS),
					signals.contains(Signal.LOGS), this.started);
			boolean handOver = this.recorder != null && signals.contains(Signal.TRACES)
					&& !this.exported.contains(Signal.TRACES);
			boolean handOverLogs = this.recorder != null && signals.contains(Signal.LOGS)
					&& !this.exported.contains(Signal.LOGS);
			if (handOver) {
				// Before the switch: the recorded spans reach the exporter ahead of the new SDK's.
				this.recorder.handOver(next, timeout);
			}
			if (handOverLogs) {
				this.recorder.handOverLogs(next, timeout);
			}
			this.telemetry.switchTo(route(next, signals));
			// What was recorded while the first hand-overs were on their way.
			if (handOver) {
				this.recorder.handOver(next, Duration.ZERO);
			}
			if (handOverLogs) {
				this.recorder.handOverLogs(next, Duration.ZERO);
			}
			this.current = next;
		}
		this.exported = Collections.unmodifiableSet(signals.isEmpty() ? EnumSet.noneOf(Signal.class)
				: EnumSet.copyOf(signals));
		this.tracesExported = signals.contains(Signal.TRACES);
		this.tracesRecorded = this.tracesExported || this.recorder != null;
		if (previous != null) {
			previous.shutdown(timeout);
		}
		if (this.current != null && !this.built) {
			this.built = true;
			this.firstBuildActions.forEach(Runnable::run);
		}
	}

	/**
	 * Applies the start-up decision: as {@link #apply}, but the SDK it builds is not one a switch
	 * built.
	 * @param signals the signals the rank exports from the start
	 * @param timeout the longest wait for what is shut down
	 */
	synchronized void start(Set<Signal> signals, Duration timeout) {
		apply(signals, timeout);
		this.started = true;
	}

	/**
	 * Builds an SDK for the enabled traces and logs and shuts it down at once, exporting nothing, on a
	 * rank that exports nothing yet: a JVM's first SDK loads thousands of classes, and without this
	 * the first switch-on waits for them while the operator waits for the first span. Runs once, on
	 * the caller's thread, which should be one that the application does not wait for.
	 */
	void warmUp() {
		synchronized (this) {
			if (this.shutDown || this.built || this.warmedUp) {
				return;
			}
			this.warmedUp = true;
		}
		// Traces and logs only: their batch processors send nothing when nothing was recorded, but a
		// metric reader sends at shutdown what the SDK's own processors observe about themselves.
		boolean traces = this.config.signalEnabled(Signal.TRACES);
		boolean logs = this.config.signalEnabled(Signal.LOGS);
		if (traces || logs) {
			this.sdks.prepare(traces, logs).shutdown(this.config.shutdownTimeout());
			this.prepared = true;
		}
	}

	/** Whether the rank has prepared for its first switch-on: an SDK was built and closed. */
	boolean prepared() {
		return this.prepared;
	}

	/**
	 * The SDK serves every signal it was built for; the rest get no-op providers, but traces the
	 * recorder's when there is one.
	 */
	private OpenTelemetry route(ExportingTelemetry sdk, Set<Signal> signals) {
		for (Signal signal : Signal.values()) {
			if (this.config.signalEnabled(signal) && !signals.contains(signal)) {
				return (this.recorder != null)
						? new ExportedSignalsTelemetry(sdk.sdk(), signals.contains(Signal.TRACES),
								signals.contains(Signal.METRICS), signals.contains(Signal.LOGS),
								this.recorder.telemetry().getTracerProvider(), this.recorder.telemetry().getLogsBridge())
						: new ExportedSignalsTelemetry(sdk.sdk(), signals.contains(Signal.TRACES),
								signals.contains(Signal.METRICS), signals.contains(Signal.LOGS));
			}
		}
		return sdk.sdk();
	}

	/** The telemetry handed out: it follows every switch. */
	SwitchableTelemetry telemetry() {
		return this.telemetry;
	}

	/** The signals exported now. */
	Set<Signal> exported() {
		return this.exported;
	}

	/** Whether traces are exported now. */
	boolean tracesExported() {
		return this.tracesExported;
	}

	/** Whether spans are kept now: exported, or recorded by the flight recorder. */
	boolean tracesRecorded() {
		return this.tracesRecorded;
	}

	/** The flight recorder, or {@code null} when it is off. */
	FlightRecorder recorder() {
		return this.recorder;
	}

	/** The SDK running now, or {@code null} while the rank is silent. */
	ExportingTelemetry current() {
		return this.current;
	}

	/**
	 * Ends the pipeline for good: the SDK running, then the caller's exporters, within the timeout.
	 * @param timeout the longest wait
	 * @return whether everything was flushed and shut down in time
	 */
	boolean shutdown(Duration timeout) {
		ExportingTelemetry last;
		synchronized (this) {
			if (this.shutDown) {
				return true;
			}
			this.shutDown = true;
			last = this.current;
		}
		if (this.recorder != null) {
			this.recorder.shutdown(timeout);
		}
		if (last == null && !this.built) {
			return true;
		}
		long deadline = System.nanoTime() + timeout.toNanos();
		boolean completed = (last == null) || last.shutdown(timeout);
		Duration left = Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
		return this.exports.shutdown(left) && completed;
	}

}
