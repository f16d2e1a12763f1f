package nemo.lens.live;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.OpenTelemetrySdkBuilder;
import nemo.lens.NemoLensConfig;
import nemo.lens.Signal;
import nemo.lens.env.Redaction;
import nemo.lens.recorder.FlightRecorder;
import nemo.lens.sdk.ExportingTelemetry;
import nemo.lens.sdk.ExportingTelemetryFactory;
import nemo.lens.sdk.ReusableExports;
import nemo.lens.switching.ExportedSignalsTelemetry;
import nemo.lens.switching.SwitchableTelemetry;

/**
 * The SDK pipelines of one rank while the signals it exports change, one per signal. A switch is
 * one transaction over them: the SDK for the signals that start exporting is built first, and
 * where that fails nothing has changed; then everything handed out is routed at once, through one
 * {@link SwitchableTelemetry}, to the new state. A signal that stops is not cut: new telemetry of
 * that signal is silent at once, but its pipeline drains in the background ({@link PipelineDrain})
 * and closes, its threads and connections with it. A signal switched on again while its pipeline
 * drains takes that pipeline back, and one switched on while its last pipeline closes waits for the
 * close, so that flips never stack pipelines, whatever their rate; the other signals are never
 * touched.
 * <p>
 * With a flight recorder, a rank that does not export traces records them instead of dropping
 * them; when it starts exporting traces the recorded spans go out first, and spans still open on
 * the recorder then end into the exporters too.
 */
public final class LivePipeline {

	private static final Logger logger = Logger.getLogger(LivePipeline.class.getName());

	/**
	 * The least time a rehearsal is given to send its one export to itself and shut its SDK down:
	 * nobody waits for it, and when a job's ranks start together on few cores it takes seconds,
	 * which a shutdown timeout sized for an exit would cut short, leaving the export path cold.
	 */
	private static final Duration REHEARSAL_TIMEOUT = Duration.ofSeconds(30);

	private final NemoLensConfig config;

	private final SwitchableTelemetry telemetry;

	private final OpenTelemetry silent;

	private final ExportingTelemetryFactory sdks;

	private final ReusableExports exports;

	private final List<Runnable> firstBuildActions = new CopyOnWriteArrayList<>();

	/** What doors built outside the SDK rehearse after it, in {@link #warmUp()}. */
	private final List<Runnable> rehearsals = new CopyOnWriteArrayList<>();

	private final FlightRecorder recorder;

	private final PipelineDrain drain;

	/** Guards every change; a shutdown waits for it at most its timeout. */
	private final ReentrantLock lock = new ReentrantLock();

	/** The SDK that serves each exported signal. */
	private final Map<Signal, ExportingTelemetry> serving = new EnumMap<>(Signal.class);

	private volatile Set<Signal> exported = Collections.unmodifiableSet(EnumSet.noneOf(Signal.class));

	private volatile OpenTelemetrySdk view;

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

	private volatile boolean shutDown;

	/**
	 * Creates a pipeline that exports nothing yet.
	 * @param config the settings, for which signals are enabled and the timeouts
	 * @param silent the telemetry of a silent rank
	 * @param sdks builds every SDK of the rank
	 * @param exports the caller's exporters, shut down with the pipeline
	 * @param recorder records the traces while they are not exported, or {@code null} for none
	 */
	public LivePipeline(NemoLensConfig config, OpenTelemetry silent, ExportingTelemetryFactory sdks, ReusableExports exports,
			FlightRecorder recorder) {
		this(config, silent, sdks, exports, recorder,
				new PipelineDrain(config.switchDrainTimeout(), config.shutdownTimeout()));
	}

	LivePipeline(NemoLensConfig config, OpenTelemetry silent, ExportingTelemetryFactory sdks, ReusableExports exports,
			FlightRecorder recorder, PipelineDrain drain) {
		this.config = config;
		this.recorder = recorder;
		this.silent = (recorder != null) ? recorder.telemetry() : silent;
		this.telemetry = new SwitchableTelemetry(this.silent);
		this.sdks = sdks;
		this.exports = exports;
		this.drain = drain;
		this.tracesRecorded = recorder != null;
	}

	/**
	 * Runs an action once, when the pipeline first builds an exporting SDK (at start-up or at the
	 * first switch-on), on the thread that built it.
	 * @param action the action
	 */
	public void onFirstBuild(Runnable action) {
		this.firstBuildActions.add(action);
	}

	/**
	 * Applies the start-up decision: as {@link #apply}, but the SDK it builds is not one a switch
	 * built.
	 * @param signals the signals the rank exports from the start
	 */
	public void start(Set<Signal> signals) {
		this.lock.lock();
		try {
			apply(signals);
			this.started = true;
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Exports these signals from now on, as one transaction: everything that can fail comes first
	 * (taking back the pipelines of signals that still drain, waiting for the close of a signal's
	 * last pipeline, building the SDK for the signals that start, routing), and where any of it
	 * throws, nothing has changed: what was taken back drains on and what was built is closed
	 * unused. Only then is everything routed to the new state, at once, and the pipelines of signals
	 * that stop drain and close in the background; nothing of that throws.
	 * @param signals the signals to export; empty silences the rank
	 * @throws RuntimeException when the SDK for a signal that starts exporting cannot be built, or
	 * the last pipeline of such a signal does not end its close in time: the rank goes on exactly as
	 * before
	 */
	public void apply(Set<Signal> signals) {
		this.lock.lock();
		try {
			if (this.shutDown || signals.equals(this.exported)) {
				return;
			}
			Map<Signal, ExportingTelemetry> next = new EnumMap<>(Signal.class);
			Map<Signal, PipelineDrain.Draining> reclaimed = new EnumMap<>(Signal.class);
			ExportingTelemetry built = null;
			OpenTelemetry route;
			OpenTelemetrySdk view;
			try {
				Set<Signal> starting = EnumSet.noneOf(Signal.class);
				for (Signal signal : signals) {
					ExportingTelemetry serving = this.serving.get(signal);
					PipelineDrain.Draining draining = (serving != null) ? null : this.drain.reclaim(signal);
					if (serving != null || draining != null) {
						next.put(signal, (serving != null) ? serving : draining.sdk());
						if (draining != null) {
							reclaimed.put(signal, draining);
						}
					}
					else {
						starting.add(signal);
					}
				}
				for (Signal signal : starting) {
					// One pipeline per signal at a time: a close that has begun ends before another is built.
					String closing = this.drain.awaitClose(signal);
					if (closing != null) {
						throw new IllegalStateException(closing);
					}
				}
				if (!starting.isEmpty() && !this.shutDown) {
					built = this.sdks.build(starting.contains(Signal.TRACES), starting.contains(Signal.METRICS),
							starting.contains(Signal.LOGS), this.started);
					for (Signal signal : starting) {
						next.put(signal, built);
					}
				}
				route = route(next);
				view = next.isEmpty() ? null : view(next);
			}
			catch (RuntimeException | Error ex) {
				// Refused whole: what was taken back drains on, and the SDK built for it never serves.
				reclaimed.forEach(this.drain::giveBack);
				if (built != null) {
					close(built, ex);
				}
				throw ex;
			}
			if (this.shutDown) {
				// The rank was shut down meanwhile: neither the new SDK nor those taken back from
				// their drain serve.
				List<ExportingTelemetry> orphaned = new ArrayList<>();
				reclaimed.values().forEach((draining) -> orphaned.add(draining.sdk()));
				if (built != null) {
					orphaned.add(built);
				}
				this.drain.shutdown(orphaned, this.config.shutdownTimeout());
				return;
			}
			switchTo(signals, next, route, view);
			if (built != null && !this.built) {
				this.built = true;
				runFirstBuildActions();
			}
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Routes everything to the pipelines of a switch, which can no longer be refused: the recorder
	 * hands over what it holds (best effort, as it always is), and the pipelines of the signals
	 * that stop go to their drain.
	 */
	private void switchTo(Set<Signal> signals, Map<Signal, ExportingTelemetry> next, OpenTelemetry route,
			OpenTelemetrySdk view) {
		Map<Signal, ExportingTelemetry> stopping = new EnumMap<>(Signal.class);
		for (Map.Entry<Signal, ExportingTelemetry> serving : this.serving.entrySet()) {
			if (!next.containsKey(serving.getKey())) {
				stopping.put(serving.getKey(), serving.getValue());
			}
		}
		boolean tracesStart = signals.contains(Signal.TRACES) && !this.exported.contains(Signal.TRACES);
		boolean logsStart = signals.contains(Signal.LOGS) && !this.exported.contains(Signal.LOGS);
		ExportingTelemetry traces = next.get(Signal.TRACES);
		if (this.recorder != null && tracesStart) {
			// Before the switch: the recorded spans reach the exporter ahead of the new ones, and
			// spans still open on the recorder end into it too.
			this.recorder.handOver(traces, this.config.shutdownTimeout());
			this.recorder.forwardTo(traces);
		}
		if (this.recorder != null && logsStart) {
			this.recorder.handOverLogs(next.get(Signal.LOGS), this.config.shutdownTimeout());
		}
		if (this.recorder != null && stopping.containsKey(Signal.TRACES)) {
			this.recorder.forwardTo(null);
		}
		this.telemetry.switchTo(route);
		this.serving.clear();
		this.serving.putAll(next);
		if (this.recorder != null && tracesStart) {
			// What was recorded while the first hand-over was on its way.
			this.recorder.handOver(traces, Duration.ZERO);
		}
		if (this.recorder != null && logsStart) {
			this.recorder.handOverLogs(next.get(Signal.LOGS), Duration.ZERO);
		}
		this.exported = Collections.unmodifiableSet(signals.isEmpty() ? EnumSet.noneOf(Signal.class)
				: EnumSet.copyOf(signals));
		this.view = view;
		this.tracesExported = signals.contains(Signal.TRACES);
		this.tracesRecorded = this.tracesExported || this.recorder != null;
		stopping.forEach(this.drain::drain);
	}

	/** Closes an SDK built for a switch that was then refused; it served nothing. */
	private void close(ExportingTelemetry built, Throwable refusal) {
		try {
			built.shutdown(this.config.shutdownTimeout());
		}
		catch (RuntimeException ex) {
			refusal.addSuppressed(ex);
		}
	}

	/** The actions of the first build, after the switch is made: one that fails is logged, the switch stands. */
	private void runFirstBuildActions() {
		for (Runnable action : this.firstBuildActions) {
			try {
				action.run();
			}
			catch (RuntimeException ex) {
				logger.log(Level.WARNING, "NeMo Lens: an action of the rank's first exporting SDK failed",
						Redaction.loggable(ex));
			}
		}
	}

	/**
	 * Rehearses the first switch-on of a rank that exports nothing yet (see
	 * {@link ExportingTelemetryFactory#rehearse}): a JVM's first SDK and first export load and run
	 * thousands of classes for the first time, and without this the first switch-on pays for them
	 * while the operator waits for the first span, on every rank in the same second. Runs once, on
	 * the caller's thread, which should be one that the application does not wait for.
	 */
	public void warmUp() {
		this.lock.lock();
		try {
			if (this.shutDown || this.built || this.warmedUp) {
				return;
			}
			this.warmedUp = true;
		}
		finally {
			this.lock.unlock();
		}
		boolean traces = this.config.signalEnabled(Signal.TRACES);
		boolean metrics = this.config.signalEnabled(Signal.METRICS);
		boolean logs = this.config.signalEnabled(Signal.LOGS);
		if (traces || metrics || logs) {
			Duration timeout = this.config.shutdownTimeout();
			this.sdks.rehearse(traces, metrics, logs,
					(timeout.compareTo(REHEARSAL_TIMEOUT) > 0) ? timeout : REHEARSAL_TIMEOUT);
			for (Runnable rehearsal : this.rehearsals) {
				try {
					rehearsal.run();
				}
				catch (RuntimeException | LinkageError ex) {
					// A door's rehearsal only makes its first switch cheaper: the switch works without it.
					logger.log(Level.FINE, "NeMo Lens: a door's rehearsal of the first switch failed", ex);
				}
			}
			this.prepared = true;
		}
	}

	/**
	 * Adds what a door built outside the SDK (a Micrometer registry built at the first switch-on)
	 * rehearses with the SDK, so that its first switch-on is cheap too.
	 * @param rehearsal the rehearsal; it must leave nothing that exports behind
	 */
	public void rehearseAlso(Runnable rehearsal) {
		this.rehearsals.add(rehearsal);
	}

	/** Whether the rank has rehearsed its first switch-on. */
	public boolean prepared() {
		return this.prepared;
	}

	/**
	 * Each exported signal served by its SDK; the rest by the silent telemetry (the recorder's, for
	 * traces and logs, when there is one). Propagation is an exporting SDK's, else the silent one's.
	 */
	private OpenTelemetry route(Map<Signal, ExportingTelemetry> serving) {
		if (serving.isEmpty()) {
			return this.silent;
		}
		ExportingTelemetry traces = serving.get(Signal.TRACES);
		ExportingTelemetry metrics = serving.get(Signal.METRICS);
		ExportingTelemetry logs = serving.get(Signal.LOGS);
		ExportingTelemetry any = serving.values().iterator().next();
		return new ExportedSignalsTelemetry((traces != null) ? traces.sdk().getTracerProvider() : this.silent.getTracerProvider(),
				(metrics != null) ? metrics.sdk().getMeterProvider() : this.silent.getMeterProvider(),
				(logs != null) ? logs.sdk().getLogsBridge() : this.silent.getLogsBridge(), any.sdk().getPropagators());
	}

	/** The exporting SDKs as one, for what the API does not offer (a flush). */
	private static OpenTelemetrySdk view(Map<Signal, ExportingTelemetry> serving) {
		OpenTelemetrySdkBuilder view = OpenTelemetrySdk.builder();
		ExportingTelemetry traces = serving.get(Signal.TRACES);
		ExportingTelemetry metrics = serving.get(Signal.METRICS);
		ExportingTelemetry logs = serving.get(Signal.LOGS);
		if (traces != null) {
			view.setTracerProvider(traces.sdk().getSdkTracerProvider());
		}
		if (metrics != null) {
			view.setMeterProvider(metrics.sdk().getSdkMeterProvider());
		}
		if (logs != null) {
			view.setLoggerProvider(logs.sdk().getSdkLoggerProvider());
		}
		return view.setPropagators(serving.values().iterator().next().sdk().getPropagators()).build();
	}

	/** The telemetry handed out: it follows every switch. */
	public SwitchableTelemetry telemetry() {
		return this.telemetry;
	}

	/** The signals exported now; none once the pipeline is shut down. */
	public Set<Signal> exported() {
		return this.exported;
	}

	/** Whether traces are exported now. */
	boolean tracesExported() {
		return this.tracesExported;
	}

	/** Whether spans are kept now: exported, or recorded by the flight recorder. */
	public boolean tracesRecorded() {
		return this.tracesRecorded;
	}

	/** The flight recorder, or {@code null} when it is off. */
	public FlightRecorder recorder() {
		return this.recorder;
	}

	/** The exporting SDKs as one, or {@code null} while the rank exports nothing. */
	public OpenTelemetrySdk current() {
		return this.view;
	}

	/**
	 * Ends the pipeline for good, within the timeout, even while a switch is under way: the SDKs
	 * serving and draining (spans still open are ended, marked truncated), then the caller's
	 * exporters. From the moment it is called, nothing is exported.
	 * @param timeout the longest wait
	 * @return whether everything was flushed and shut down in time
	 */
	public boolean shutdown(Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		if (this.shutDown) {
			return true;
		}
		this.shutDown = true;
		this.exported = Collections.unmodifiableSet(EnumSet.noneOf(Signal.class));
		this.view = null;
		this.tracesExported = false;
		boolean locked = false;
		try {
			// A switch under way finishes within its own bounds; shut down beside it rather than wait
			// longer than the timeout allows.
			locked = this.lock.tryLock(timeout.toNanos() / 2, TimeUnit.NANOSECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		Set<ExportingTelemetry> last;
		try {
			this.telemetry.switchTo(this.silent);
			last = Collections.newSetFromMap(new IdentityHashMap<>());
			last.addAll(this.serving.values());
			this.serving.clear();
		}
		finally {
			if (locked) {
				this.lock.unlock();
			}
		}
		if (this.recorder != null) {
			// The exit dump first, while the recorder still sees the open spans of the SDK that
			// exports traces, which the drain below ends.
			this.recorder.shutdown(left(deadline));
			this.recorder.forwardTo(null);
		}
		boolean completed = this.drain.shutdown(last, left(deadline));
		if (!this.built) {
			return completed;
		}
		return this.exports.shutdown(left(deadline)) && completed;
	}

	private static Duration left(long deadline) {
		return Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
	}

}
