package nemo.lens;

import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import nemo.lens.config.Bounds;
import nemo.lens.config.Setting;
import nemo.lens.control.ControlStatus;
import nemo.lens.live.LiveDecision;
import nemo.lens.live.LivePipeline;
import nemo.lens.live.LiveSettings;
import nemo.lens.live.ShutdownHook;
import nemo.lens.live.SignalDecisions;
import nemo.lens.recorder.FlightRecorder;
import nemo.lens.recorder.FlightRecorderStatus;
import nemo.lens.sdk.ExportingTelemetry;
import nemo.lens.sdk.LensVersion;
import nemo.lens.sdk.RankAttributeNames;
import nemo.lens.spans.JobTrace;
import nemo.lens.spans.LensSpanBuilder;
import nemo.lens.spans.LensSpans;
import nemo.lens.spans.SpanGroups;

/**
 * What {@code setupTelemetry} decided for this process, and the telemetry to use: the real SDK for
 * the signals the rank exports, no-op telemetry for the rest. The decision can change while the
 * rank runs (an {@linkplain #override override}, the job-wide control file); the telemetry handed
 * out follows it. Close the handle at exit; shutting down twice is harmless.
 */
public final class TelemetryHandle implements AutoCloseable {

	/** The instrumentation scope name of the handle's tracer and meter. */
	public static final String SCOPE_NAME = "nemo.lens";

	/** How long {@link #shutdown()} waits at most unless the config says otherwise. */
	public static final Duration DEFAULT_SHUTDOWN_TIMEOUT = (Duration) Setting.SHUTDOWN_TIMEOUT.defaultValue();

	private final NemoLensConfig config;

	private final String runIdSource;

	private final int rank;

	private final int worldSize;

	private final boolean perCallStrategy;

	private final SignalDecisions.Decider decider;

	/** The start-up decision; on a switchable rank, {@link LiveDecision#signals()} is the one in force. */
	private final SignalDecisions startUp;

	private final boolean switchable;

	/** {@code null} on a rank that is silent and cannot be switched: it needs no pipeline. */
	private final LivePipeline pipeline;

	/** {@code null} where {@link #pipeline} is. */
	private final LiveDecision live;

	private final OpenTelemetry telemetry;

	private final Tracer tracer;

	private final LensSpans spans;

	/** Built on first use: most jobs only trace, and a no-op meter costs start-up class loading. */
	private volatile Meter meter;

	/** Run at the first {@link #meter()} call, then dropped; {@code null} when none is waiting. */
	private final AtomicReference<Runnable> firstMeter = new AtomicReference<>();

	private final AtomicBoolean shutDown = new AtomicBoolean();

	private volatile ShutdownHook shutdownHook;

	/** The rank's agent (OpAMP), stopped at shutdown; {@code null} when none runs. */
	private volatile AutoCloseable agent;

	/**
	 * A rank with a pipeline: one that exports, may be switched, or records its flight.
	 */
	TelemetryHandle(NemoLensConfig config, String runIdSource, int worldSize, SignalDecisions.Decider decider,
			SignalDecisions signals, boolean switchable, LivePipeline pipeline, SpanGroups spanGroups,
			JobTrace jobTrace, Consumer<String> notices) {
		this(config, runIdSource, worldSize, decider, signals, switchable, pipeline,
				new LiveDecision(config, signals, pipeline, spanGroups, decider, notices), pipeline.telemetry(),
				pipeline.telemetry().getTracer(SCOPE_NAME, LensVersion.current()), pipeline::tracesRecorded,
				spanGroups, jobTrace);
	}

	/**
	 * A rank that exports nothing and cannot be switched: it hands out the silent telemetry itself
	 * and builds no pipeline, so that it loads and runs nothing beyond its decision.
	 */
	TelemetryHandle(NemoLensConfig config, String runIdSource, int worldSize, SignalDecisions.Decider decider,
			SignalDecisions signals, OpenTelemetry silent, SpanGroups spanGroups, JobTrace jobTrace) {
		this(config, runIdSource, worldSize, decider, signals, false, null, null, silent, silent.getTracer(SCOPE_NAME),
				LensSpans.NEVER_RECORDING, spanGroups, jobTrace);
	}

	private TelemetryHandle(NemoLensConfig config, String runIdSource, int worldSize, SignalDecisions.Decider decider,
			SignalDecisions signals, boolean switchable, LivePipeline pipeline, LiveDecision live,
			OpenTelemetry telemetry, Tracer tracer, BooleanSupplier tracesRecorded, SpanGroups spanGroups,
			JobTrace jobTrace) {
		this.config = config;
		this.runIdSource = runIdSource;
		this.rank = decider.rank();
		this.worldSize = worldSize;
		this.perCallStrategy = decider.perCall();
		this.decider = decider;
		this.startUp = signals;
		this.switchable = switchable;
		this.pipeline = pipeline;
		this.live = live;
		this.telemetry = telemetry;
		this.tracer = tracer;
		this.spans = new LensSpans(tracer, tracesRecorded, spanGroups, jobTrace, this.rank,
				RankAttributeNames.of(config.attributeNames()));
	}

	/**
	 * Applies the start-up decision. With {@code atExit}, the handle shuts down at JVM exit once it
	 * has something to deliver: from its first exporting SDK (at start-up or at the first switch-on),
	 * or from the start when its flight recorder is dumped at exit.
	 * @param atExit whether to shut down at JVM exit
	 */
	void start(boolean atExit) {
		if (this.pipeline == null) {
			return;
		}
		if (atExit) {
			this.pipeline.onFirstBuild(this::shutDownAtExit);
		}
		this.pipeline.start(signals().exporting());
		FlightRecorder recorder = this.pipeline.recorder();
		if (atExit && recorder != null && recorder.dumpsOnExit()) {
			shutDownAtExit();
		}
	}

	/**
	 * Whether this process exports at least one signal now: true only while real SDK providers
	 * run.
	 * @return whether exporting
	 */
	public boolean isExporting() {
		return this.pipeline != null && !this.pipeline.exported().isEmpty();
	}

	/**
	 * Whether this process exports a signal now: telemetry and the signal are enabled, and the
	 * override in force, else the signal's strategy ({@link #exportStrategy(Signal)}), says so.
	 * @param signal the signal
	 * @return whether the signal is exported
	 */
	public boolean isExporting(Signal signal) {
		return this.pipeline != null && this.pipeline.exported().contains(signal);
	}

	/**
	 * What the signal's strategy decides, with the settings in force (the start-up ones, as
	 * {@link #reconfigure(NemoLensConfig, String)} changed them), whatever an override or the
	 * control file says now.
	 * @param signal the signal
	 * @return whether the strategy exports the signal from this rank
	 */
	public boolean isSelectedByStrategy(Signal signal) {
		return signals().isExporting(signal);
	}

	/**
	 * Decides again with new settings while the rank runs, as Spring Cloud's refresh gives them:
	 * only the strategies, their inputs and the span groups are taken ({@link #liveProperties()});
	 * the rest was built into the rank at start-up and stays. An override in force and the control
	 * file still come first. Logged with the settings that changed and the old and new state.
	 * @param settings the new settings; complete, as {@link NemoLensConfig#builder()} or the
	 * environment gives them
	 * @param source who changed them, for the log
	 * @return the properties that changed, empty when none did
	 * @throws IllegalArgumentException when a strategy or the span groups are invalid, or a
	 * strategy fails on its input: nothing changes then
	 * @throws IllegalStateException when the rank cannot be switched (see
	 * {@link TelemetryOptions.Builder#switchable(boolean)}) or the handle is shut down
	 */
	public List<String> reconfigure(NemoLensConfig settings, String source) {
		Objects.requireNonNull(settings, "settings must not be null");
		return switchableLive("reconfigure").reconfigure(settings, source);
	}

	/**
	 * The properties {@link #reconfigure(NemoLensConfig, String)} takes while a rank runs:
	 * {@code nemo.lens.export-strategy}, each signal's {@code export-strategy},
	 * {@code nemo.lens.export-rank}, {@code nemo.lens.export-sample-rate} and
	 * {@code nemo.lens.span-groups}.
	 * @return their canonical names
	 */
	public static List<String> liveProperties() {
		return LiveSettings.properties();
	}

	/**
	 * The override in force, if any.
	 * @return the override
	 */
	public Optional<ExportOverride> override() {
		return (this.live != null) ? Optional.ofNullable(this.live.override()) : Optional.empty();
	}

	/**
	 * Overrides this rank's decision for a while: {@code EXPORTING} exports every enabled signal
	 * (building the SDK if the rank was silent), {@code SILENT} exports nothing (flushing and
	 * closing the SDK within the shutdown timeout). It ends by itself at the end of
	 * {@code duration}, on a timer of this process, and the control file or the strategies decide
	 * again. Logged with the old and new state, the source and the end.
	 * @param state what the rank does meanwhile
	 * @param duration how long; more than zero
	 * @param source who asks, such as {@code endpoint}
	 * @return the override now in force
	 * @throws IllegalStateException when telemetry is disabled, the rank cannot be switched (see
	 * {@link TelemetryOptions.Builder#switchable(boolean)}) or the handle is shut down
	 * @throws IllegalArgumentException when the duration is not positive
	 */
	public ExportOverride override(ExportOverride.State state, Duration duration, String source) {
		return override(state, EnumSet.allOf(Signal.class), duration, source);
	}

	/**
	 * Overrides this rank's decision for some signals for a while, as
	 * {@link #override(ExportOverride.State, Duration, String)} does for all: the other signals
	 * keep their decision.
	 * @param state what the rank does with these signals meanwhile
	 * @param signals the signals; not empty
	 * @param duration how long; more than zero
	 * @param source who asks, such as {@code endpoint}
	 * @return the override now in force
	 * @throws IllegalStateException when telemetry is disabled, the rank cannot be switched (see
	 * {@link TelemetryOptions.Builder#switchable(boolean)}) or the handle is shut down
	 * @throws IllegalArgumentException when the duration is not positive or longer than 30 days, or no
	 * signal is given
	 */
	public ExportOverride override(ExportOverride.State state, Set<Signal> signals, Duration duration,
			String source) {
		if (duration != null && duration.compareTo(Bounds.MAX_OVERRIDE) > 0) {
			// Refused before anything changes: its end would not fit an instant, or its timer a delay.
			throw new IllegalArgumentException("An override lasts at most " + Bounds.MAX_OVERRIDE.toDays()
					+ " days, got " + duration + "; nothing changed.");
		}
		return switchableLive("override").override(state, signals, duration, source);
	}

	/**
	 * Removes the override in force, if any: the control file or the strategies decide again.
	 * @param source who asks, for the log
	 */
	public void removeOverride(String source) {
		if (this.switchable) {
			this.live.removeOverride(source);
		}
	}

	/**
	 * Runs an action each time the signals this rank exports change while it runs, after the Lens
	 * SDK switched: for doors built outside it (a Micrometer registry) to follow. An action that
	 * fails is logged and does not stop the others.
	 * @param listener the action
	 */
	public void onSwitch(Runnable listener) {
		if (this.live != null) {
			this.live.onSwitch(listener);
		}
	}

	/**
	 * Runs an action once, when the application first asks for {@link #meter()} (at once if it
	 * already has): for a notice that concerns only applications that record metrics through the
	 * handle, such as that those metrics leave the rank by no exporter. A later call replaces an
	 * action that has not run yet.
	 * @param action the action
	 */
	public void onFirstMeter(Runnable action) {
		if (this.meter != null) {
			action.run();
			return;
		}
		this.firstMeter.set(action);
	}

	/**
	 * Adds a rehearsal that {@link #prepareToSwitchOn()} runs after the SDK's, on the same thread:
	 * for doors built outside Lens at the first switch-on (a Micrometer registry) to load their
	 * classes before an operator waits on them. Does nothing on a rank that cannot be switched, or
	 * once the rank has prepared.
	 * @param rehearsal the rehearsal; it must leave nothing that exports behind
	 */
	public void onPrepareToSwitchOn(Runnable rehearsal) {
		if (this.pipeline != null) {
			this.pipeline.rehearseAlso(rehearsal);
		}
	}

	/**
	 * The job-wide control file and what it does on this rank now.
	 * @return the control file's state; empty when none is configured
	 */
	public Optional<ControlStatus> controlStatus() {
		return (this.live != null) ? this.live.controlStatus() : Optional.empty();
	}

	/**
	 * Writes the flight recorder's spans, without removing them, to
	 * {@code <directory>/<run id>-rank-<rank>-<UTC time>.json} in OTLP JSON, the encoding the
	 * Collector's {@code otlpjsonfile} receiver reads, for reading after the fact what a silent rank
	 * did just before, with the spans still open (the step it is in) and {@code nemo.dump.reason}
	 * {@code request}. Works while the rank is shut down too. Never throws: a dump that cannot be
	 * written (no directory set, a full disk, a read-only directory) is logged once.
	 * @return the file written; empty when the recorder is off
	 * ({@code nemo.lens.flight-recorder.enabled}), no directory is set, or writing failed
	 */
	public Optional<Path> dumpFlightRecorder() {
		return dump("request");
	}

	/**
	 * As {@link #dumpFlightRecorder()}, for an integration that dumps on an event of its own, such
	 * as a Spring application that fails to start.
	 * @param trigger what asks, written to the dump's {@code nemo.lens.flight_recorder.trigger}
	 * attribute, such as {@code startup-failure} (whose {@code nemo.dump.reason} is {@code uncaught};
	 * a trigger of the integration's own is a {@code request})
	 * @return the file written; empty when the recorder is off, no directory is set, or writing failed
	 */
	public Optional<Path> dumpFlightRecorder(String trigger) {
		return dump(trigger);
	}

	/**
	 * The flight recorder and what it holds now.
	 * @return its state; empty when the recorder is off ({@code nemo.lens.flight-recorder.enabled},
	 * or telemetry or traces disabled)
	 */
	public Optional<FlightRecorderStatus> flightRecorder() {
		FlightRecorder recorder = recorder();
		return (recorder != null) ? Optional.of(recorder.status()) : Optional.empty();
	}

	private Optional<Path> dump(String trigger) {
		FlightRecorder recorder = recorder();
		return (recorder != null) ? recorder.dump(trigger) : Optional.empty();
	}

	/**
	 * Called by the control file's poller for each new value of its {@code dump} key: rate-limited
	 * as the dumps the recorder writes by itself, since a file rewritten in a loop would otherwise
	 * make every rank of the job write a dump at each look.
	 */
	void dumpRequestedByControlFile(String value) {
		FlightRecorder recorder = recorder();
		if (recorder != null) {
			recorder.dumpAutomatically("control-file");
		}
		else {
			this.live.notice("NeMo Lens: the control file asks for a flight recorder dump (dump=" + value
					+ "), but the recorder is off on this rank (nemo.lens.flight-recorder.enabled)");
		}
	}

	private FlightRecorder recorder() {
		return (this.pipeline != null) ? this.pipeline.recorder() : null;
	}

	/**
	 * The live decision, for a change asked of this rank: refused where nothing was meant to
	 * switch it, so that the rank keeps the lean start-up of a rank that cannot be switched.
	 */
	private LiveDecision switchableLive(String change) {
		if (this.switchable) {
			return this.live;
		}
		if (!this.config.enabled()) {
			throw new IllegalStateException(LiveDecision.DISABLED);
		}
		throw new IllegalStateException("NeMo Lens: this rank cannot be switched (" + change + "): it was set up "
				+ "without a control file (nemo.lens.control.file, NEMO_LENS_CONTROL_FILE), without an OpAMP server "
				+ "(NEMO_LENS_OPAMP_ENDPOINT) and without "
				+ "TelemetryOptions.builder().switchable(true), so it keeps its start-up decision; nothing changed.");
	}

	/** The decision in force: the live one on a switchable rank, else the start-up one. */
	private SignalDecisions signals() {
		return (this.live != null) ? this.live.signals() : this.startUp;
	}

	/** The settings in force: a refresh may have changed the strategies of a switchable rank. */
	private NemoLensConfig liveConfig() {
		return (this.live != null) ? this.live.config() : this.config;
	}

	/** The decision as it changes while the rank runs, for the setup that wires the control file. */
	LiveDecision live() {
		return this.live;
	}

	/**
	 * The name of the strategy that decided a signal: the signal's own
	 * ({@code nemo.lens.metrics.export-strategy}), else {@link #exportStrategy()}.
	 * @param signal the signal
	 * @return the strategy name
	 */
	public String exportStrategy(Signal signal) {
		return signals().strategy(signal);
	}

	/**
	 * Whom the strategy that decides a signal picks in this job, with the settings in force:
	 * {@code single_rank: rank 3}, {@code all_ranks: every rank},
	 * {@code first_rank_per_node: local rank 0 of each node}, {@code sampled 0.25: ranks 0, 5, 9 of 16}
	 * (the ranks named in a job of up to 64, else counted). A silent rank can so tell an operator
	 * where the job's telemetry comes from.
	 * @param signal the signal
	 * @return the strategy and whom it picks; empty for a strategy of the application's own or one
	 * passed to the call, whose rule is its code
	 */
	public Optional<String> strategyPicks(Signal signal) {
		return this.decider.picks(liveConfig(), exportStrategy(signal));
	}

	/**
	 * Whom {@link #exportStrategy()}, the strategy of the signals without one of their own, picks
	 * in this job, as {@link #strategyPicks(Signal)} says it.
	 * @return the strategy and whom it picks; empty for a strategy of the application's own or one
	 * passed to the call
	 */
	public Optional<String> strategyPicks() {
		return this.decider.picks(liveConfig(), exportStrategy());
	}

	/**
	 * A tracer with scope {@value #SCOPE_NAME}; a no-op one where traces are not exported, unless
	 * the flight recorder records them.
	 * @return the tracer
	 */
	public Tracer tracer() {
		return this.tracer;
	}

	/**
	 * Starts describing a helper span on this handle's tracer:
	 * {@code handle.span("train.step").group(SpanGroups.STEP).attribute("dl.step", i).start()}.
	 * On a silent rank, or while its group is disabled, it costs what a no-op span costs.
	 * @param name the span name
	 * @return the builder
	 */
	public LensSpanBuilder span(String name) {
		return this.spans.span(name);
	}

	/**
	 * This process's span groups, to read or change at run time; a change affects only this rank.
	 * @return the span groups
	 */
	public SpanGroups spanGroups() {
		return this.spans.groups();
	}

	/**
	 * The job trace when {@code jobTrace} is on, else empty.
	 * @return the job trace
	 */
	public Optional<JobTrace> jobTrace() {
		return Optional.ofNullable(this.spans.jobTrace());
	}

	/**
	 * A meter with scope {@value #SCOPE_NAME}; a no-op one where metrics are not exported.
	 * @return the meter
	 */
	public Meter meter() {
		Meter meter = this.meter;
		if (meter == null) {
			meter = (this.pipeline != null)
					? this.telemetry.meterBuilder(SCOPE_NAME).setInstrumentationVersion(LensVersion.current()).build()
					: this.telemetry.getMeter(SCOPE_NAME);
			this.meter = meter;
			Runnable first = this.firstMeter.getAndSet(null);
			if (first != null) {
				first.run();
			}
		}
		return meter;
	}

	/**
	 * The telemetry to hand to instrumentation: the SDK where every enabled signal is exported,
	 * propagation-only no-op telemetry on a silent rank, and in between the SDK's provider for
	 * each exported signal with no-op ones for the rest. With the flight recorder on, traces that
	 * are not exported are recorded instead.
	 * @return the OpenTelemetry instance
	 */
	public OpenTelemetry openTelemetry() {
		return this.telemetry;
	}

	/**
	 * Prepares a rank that exports nothing to be switched on quickly by rehearsing its first switch:
	 * the exporting SDK is built, records one span, log record and counter point and exports them, over
	 * OTLP, to a receiver inside this process rather than the collector, and is shut down; so the
	 * classes and the code of a JVM's first SDK and first export are loaded before an operator waits
	 * for the first span, and the switch itself costs tens of milliseconds. Does nothing on a rank that
	 * exports or has exported, or after the first call. It blocks for a few hundred milliseconds
	 * (seconds where many ranks rehearse at once on a few cores: the rehearsal is given at least
	 * 30 s, whatever the shutdown timeout, and warns of nothing): call it from a thread the
	 * application does not wait for. A rank with a control file does this by itself, on its
	 * poller's thread, at a random moment of its first ten intervals after start-up (at most 11 s
	 * with the default 1 s interval), so that ranks started together spread it.
	 */
	public void prepareToSwitchOn() {
		if (this.config.enabled() && this.switchable) {
			this.pipeline.warmUp();
		}
	}

	/** Whether {@link #prepareToSwitchOn()} has run to its end on this rank. */
	boolean preparedToSwitchOn() {
		return this.pipeline != null && this.pipeline.prepared();
	}

	/**
	 * The SDK running now, for what the {@code OpenTelemetry} API does not offer (a flush).
	 * @return the SDK; empty while the rank exports nothing
	 */
	public Optional<OpenTelemetrySdk> sdk() {
		return (this.pipeline != null) ? Optional.ofNullable(this.pipeline.current()) : Optional.empty();
	}

	/**
	 * The global rank this process decided for.
	 * @return the rank
	 */
	public int rank() {
		return this.rank;
	}

	/**
	 * The world size this process decided for.
	 * @return the world size
	 */
	public int worldSize() {
		return this.worldSize;
	}

	/**
	 * The name of the strategy that decides: the settings' in force, or
	 * {@value TelemetrySetup#PER_CALL_STRATEGY} for a strategy passed to the call.
	 * @return the strategy name
	 */
	public String exportStrategy() {
		return this.perCallStrategy ? SignalDecisions.PER_CALL_STRATEGY : liveConfig().exportStrategy();
	}

	/**
	 * The settings as resolved at setup, with the run id filled in.
	 * @return the resolved settings
	 */
	public NemoLensConfig config() {
		return this.config;
	}

	/**
	 * The run id shared by all ranks of the job.
	 * @return the run id
	 */
	public String runId() {
		return this.config.runId();
	}

	/**
	 * Where the run id came from: {@code nemo.lens.run-id} or {@code NEMO_LENS_RUN_ID} when it was
	 * set, the launcher's variable (such as {@code TORCHELASTIC_RUN_ID} or
	 * {@code SLURM_JOB_ID.SLURM_STEP_ID}) when it is the job's identity, or {@code random} when
	 * nothing shared was found and no other rank has it.
	 * @return the source of the run id
	 */
	public String runIdSource() {
		return this.runIdSource;
	}

	/**
	 * The {@code service.instance.id} this rank's telemetry carries (when it exports).
	 * @return {@code {runId}-rank{rank}}
	 */
	public String serviceInstanceId() {
		return ExportingTelemetry.serviceInstanceId(runId(), this.rank);
	}

	/**
	 * Whether {@link #shutdown(Duration)} has been called.
	 * @return whether shut down
	 */
	public boolean isShutdown() {
		return this.shutDown.get();
	}

	/**
	 * Shuts down within the config's {@link NemoLensConfig#shutdownTimeout() shutdown timeout}.
	 */
	public void shutdown() {
		shutdown(this.config.shutdownTimeout());
	}

	/**
	 * Ends spans still open (marked {@code nemo.span.truncated}), flushes and shuts down traces,
	 * metrics and logs, and returns within the timeout even when an exporter never completes.
	 * With {@code nemo.lens.flight-recorder.dump-on-exit}, the flight recorder is dumped first
	 * (here, whether at JVM exit or at an explicit close). Later calls return at once.
	 * @param timeout the longest time to wait; above {@link Bounds#MAX_TIMEOUT}, that
	 */
	public void shutdown(Duration timeout) {
		if (this.shutDown.compareAndSet(false, true)) {
			// Bounded, so that the deadline's arithmetic cannot overflow whatever a caller passes.
			Duration bounded = (timeout.compareTo(Bounds.MAX_TIMEOUT) > 0) ? Bounds.MAX_TIMEOUT : timeout;
			long deadline = System.nanoTime() + bounded.toNanos();
			if (this.pipeline == null) {
				return;
			}
			this.live.stop();
			closeAgent();
			ShutdownHook hook = this.shutdownHook;
			if (hook != null) {
				hook.remove();
			}
			// The flight recorder is dumped first when it dumps at exit, and stops dumping at uncaught exceptions.
			this.pipeline.shutdown(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
		}
	}

	/** Has the rank's agent stopped when the handle shuts down; at once when it is shut down already. */
	void closeAtShutdown(AutoCloseable agent) {
		this.agent = agent;
		if (this.shutDown.get()) {
			closeAgent();
		}
	}

	private void closeAgent() {
		AutoCloseable current = this.agent;
		this.agent = null;
		if (current != null) {
			try {
				current.close();
			}
			catch (Exception ex) {
				// An agent that cannot stop cleanly must not hold up the rest of the shutdown.
				java.util.logging.Logger.getLogger(TelemetryHandle.class.getName())
					.warning("NeMo Lens: the rank's agent did not stop cleanly: " + ex);
			}
		}
	}

	/**
	 * Runs {@link #shutdown()} at JVM exit unless it ran before; called when the rank first
	 * builds an SDK, since a rank that never exported has nothing to deliver, or at setup when its
	 * flight recorder is dumped at exit.
	 */
	synchronized void shutDownAtExit() {
		if (!this.shutDown.get() && this.shutdownHook == null) {
			this.shutdownHook = ShutdownHook.register(this::shutdown);
		}
	}

	/**
	 * Same as {@link #shutdown()}.
	 */
	@Override
	public void close() {
		shutdown();
	}

	@Override
	public String toString() {
		return "TelemetryHandle{rank=" + this.rank + ", worldSize=" + this.worldSize + ", exportStrategy='"
				+ exportStrategy() + "', exporting=" + isExporting() + ", signals="
				+ ((this.pipeline != null) ? this.pipeline.exported() : Set.of())
				+ ", enabled=" + this.config.enabled() + "}";
	}

}
