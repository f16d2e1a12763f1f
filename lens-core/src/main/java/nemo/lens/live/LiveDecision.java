package nemo.lens.live;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledFuture;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

import nemo.lens.ExportOverride;
import nemo.lens.NemoLensConfig;
import nemo.lens.Signal;
import nemo.lens.SwitchRefusedException;
import nemo.lens.control.ControlFileContent;
import nemo.lens.control.ControlFilePoller;
import nemo.lens.control.ControlStatus;
import nemo.lens.control.JobControl;
import nemo.lens.control.OverrideTimer;
import nemo.lens.control.RemoteControl;
import nemo.lens.env.Redaction;
import nemo.lens.spans.SpanGroups;

/**
 * What one rank exports while it runs, layer on layer: an override in force (for the signals it
 * covers), else the job-wide control file in force, else the strategies, as decided at start-up or
 * since with settings changed while the rank runs (Spring Cloud's refresh). Each change is applied
 * to the rank's pipeline, logged with the old and new state, and told to the doors that switch
 * from outside the Lens SDK.
 * <p>
 * Each change is one transaction: whatever throws while it is made (a strategy, the SDK's build,
 * the override's timer, the control file's content over new settings), the override, the decision,
 * the control file and the pipelines stay as they were, and the change is refused
 * ({@link SwitchRefusedException}, or {@link IllegalArgumentException} for what the caller gave).
 * What comes once it is made (its notice, the doors that follow it) cannot undo it: a failure
 * there is logged.
 */
public final class LiveDecision {

	/** Why a rank with telemetry disabled takes no switch: the same words wherever it is asked. */
	public static final String DISABLED = "NeMo Lens is disabled on this rank (nemo.lens.enabled=false, "
			+ "NEMO_LENS_ENABLED); there is no telemetry to switch.";

	private static final Logger logger = Logger.getLogger(LiveDecision.class.getName());

	private final LivePipeline pipeline;

	private final SpanGroups spanGroups;

	private final SignalDecisions.Decider decider;

	private final Consumer<String> notices;

	private final OverrideTimer overrideTimer;

	private final List<Runnable> switchListeners = new CopyOnWriteArrayList<>();

	private volatile NemoLensConfig config;

	private volatile SignalDecisions signals;

	private volatile ExportOverride override;

	private volatile JobControl<SignalDecisions> control;

	/** The remote channel over the control, whose status it reports; {@code null} without one. */
	private volatile RemoteControl remote;

	private volatile ControlFilePoller poller;

	private String controlSpanGroups;

	private volatile boolean stopped;

	/**
	 * @param config the settings the rank started with
	 * @param signals what its strategies decided then
	 * @param pipeline the pipeline the decision drives
	 * @param spanGroups the span groups in force
	 * @param decider decides the signals for other settings, as at start-up
	 * @param notices where changes are told
	 */
	public LiveDecision(NemoLensConfig config, SignalDecisions signals, LivePipeline pipeline, SpanGroups spanGroups,
			SignalDecisions.Decider decider, Consumer<String> notices) {
		this(config, signals, pipeline, spanGroups, decider, notices, new OverrideTimer());
	}

	LiveDecision(NemoLensConfig config, SignalDecisions signals, LivePipeline pipeline, SpanGroups spanGroups,
			SignalDecisions.Decider decider, Consumer<String> notices, OverrideTimer overrideTimer) {
		this.overrideTimer = overrideTimer;
		this.config = config;
		this.signals = signals;
		this.pipeline = pipeline;
		this.spanGroups = spanGroups;
		this.decider = decider;
		if (notices != null) {
			this.notices = notices;
		}
		else {
			LoggedNotices logged = new LoggedNotices(logger);
			pipeline.rehearseAlso(logged::rehearse);
			this.notices = logged;
		}
	}

	/** The settings in force below the control file and overrides: the start-up ones, as changed since. */
	public NemoLensConfig config() {
		return this.config;
	}

	/** What the strategies decide with {@link #config()}, whatever an override or the control file says. */
	public SignalDecisions signals() {
		return this.signals;
	}

	/**
	 * What a control file's content decides on this rank: its strategy settings over the settings
	 * in force now, decided by the same strategies as at start-up.
	 */
	public SignalDecisions decide(ControlFileContent content) {
		NemoLensConfig.Builder settings = this.config.toBuilder();
		if (content.exportStrategy() != null) {
			settings.exportStrategy(content.exportStrategy());
		}
		if (content.exportRank() != null) {
			settings.exportRank(content.exportRank());
		}
		if (content.exportSampleRate() != null) {
			settings.exportSampleRate(content.exportSampleRate());
		}
		return this.decider.decide(settings.build());
	}

	/**
	 * Decides again with the settings that may change while the rank runs, taken from
	 * {@code settings} (the strategies, their inputs and the span groups); the others stay as the
	 * rank started. The control file and an override in force still come first.
	 * @param settings the new settings
	 * @param source who changed them, for the log
	 * @return the names of the settings that changed, empty when none did
	 * @throws IllegalArgumentException when a strategy or the span groups are invalid, or a
	 * strategy fails on its input: nothing changes then
	 * @throws IllegalStateException when the handle is shut down
	 */
	public synchronized List<String> reconfigure(NemoLensConfig settings, String source) {
		if (this.stopped) {
			throw new IllegalStateException("NeMo Lens on this rank is shut down; there is no telemetry to switch.");
		}
		NemoLensConfig current = this.config;
		NemoLensConfig next = LiveSettings.copy(settings, current);
		List<String> changed = LiveSettings.changed(current, next);
		if (changed.isEmpty()) {
			return changed;
		}
		boolean groupsChanged = !next.spanGroups().equals(current.spanGroups());
		if (groupsChanged) {
			// Checked even while the control file names the groups: they come back when it goes.
			checkSpanGroups(next.spanGroups());
		}
		SignalDecisions decided = decide(next, changed);
		SignalDecisions before = this.signals;
		String change = "settings changed by " + source + " (" + String.join(", ", changed) + ")";
		String exportingBefore = describeSignals();
		Set<Signal> exportedBefore = this.pipeline.exported();
		// Put in force for the switch, as the control file's content is decided over them; put back
		// where the switch is refused, the control file's state with them.
		this.config = next;
		this.signals = decided;
		try {
			if (this.control != null) {
				this.control.rebase(() -> this.pipeline.apply(wantedSignals(this.override)));
			}
			else {
				this.pipeline.apply(wantedSignals(this.override));
			}
		}
		catch (RuntimeException | Error ex) {
			this.config = current;
			this.signals = before;
			throw refusal(change, ex);
		}
		switched(change, exportingBefore, exportedBefore);
		if (groupsChanged && this.controlSpanGroups == null) {
			this.spanGroups.set(next.spanGroups());
		}
		return changed;
	}

	/**
	 * What the strategies decide with new settings; a strategy that fails on them refuses the
	 * settings, as invalid ones are refused.
	 */
	private SignalDecisions decide(NemoLensConfig settings, List<String> changed) {
		try {
			return this.decider.decide(settings);
		}
		catch (IllegalArgumentException ex) {
			throw ex;
		}
		catch (RuntimeException ex) {
			throw new IllegalArgumentException("A strategy fails on the new settings (" + String.join(", ", changed)
					+ "): " + Redaction.redact(String.valueOf(ex.getMessage())) + "; nothing changed.", ex);
		}
	}

	/** Tells the operator something, where the rank's switches are told. */
	public void notice(String message) {
		this.notices.accept(message);
	}

	/** The override in force, or {@code null}. */
	public ExportOverride override() {
		return this.override;
	}

	/** Ends the timer and the poller; later changes are refused. */
	public void stop() {
		// Not under the decision's lock: a switch under way must not hold up the rank's bounded shutdown.
		this.stopped = true;
		this.overrideTimer.cancel();
		ControlFilePoller current = this.poller;
		if (current != null) {
			current.stop();
		}
	}

	/**
	 * Overrides this rank's decision for some signals for a while, as
	 * {@code TelemetryHandle.override} says: the other signals keep their decision.
	 * @param state what the rank does with these signals meanwhile
	 * @param signals the signals; not empty
	 * @param duration how long; more than zero
	 * @param source who asks, such as {@code endpoint}
	 * @return the override now in force
	 * @throws IllegalStateException when telemetry is disabled or the handle is shut down
	 * @throws IllegalArgumentException when the duration is not positive or no signal is given
	 */
	public synchronized ExportOverride override(ExportOverride.State state, Set<Signal> signals, Duration duration,
			String source) {
		if (!this.config.enabled()) {
			throw new IllegalStateException(DISABLED);
		}
		if (this.stopped) {
			throw new IllegalStateException("NeMo Lens on this rank is shut down; there is no telemetry to switch.");
		}
		if (duration.isNegative() || duration.isZero()) {
			throw new IllegalArgumentException("An override lasts more than zero, got " + duration + ".");
		}
		if (signals.isEmpty()) {
			throw new IllegalArgumentException("An override covers at least one signal.");
		}
		ExportOverride next = new ExportOverride(state, signals, Instant.now().plus(duration), source);
		ExportOverride previous = this.override;
		String change = "override " + ((previous != null) ? describe(previous) : "none") + " -> " + describe(next);
		// Refused whole when the switch cannot be made: the override is not stored, its end is not
		// kept, and the override before stays in force with its own end.
		ScheduledFuture<?> end;
		try {
			end = this.overrideTimer.schedule(next.until(), () -> expire(next));
		}
		catch (RuntimeException | Error ex) {
			throw refusal(change, ex);
		}
		try {
			reapply(change, next);
		}
		catch (RuntimeException | Error ex) {
			this.overrideTimer.drop(end);
			throw ex;
		}
		this.overrideTimer.keep(end);
		return next;
	}

	/**
	 * Removes the override in force, if any: the strategies decide again.
	 * @param source who asks, for the log
	 */
	public synchronized void removeOverride(String source) {
		if (this.override != null) {
			String removed = describe(this.override);
			// Refused whole when the switch cannot be made: the override stays, with its end.
			reapply("no override", null);
			tell("NeMo Lens: override " + removed + " removed by " + source);
		}
		this.overrideTimer.cancel();
	}

	private void checkSpanGroups(String spec) {
		SpanGroups.ofSetting(spec, this.spanGroups.known());
	}

	/** Refuses a span-group spec from the control file that names a group this rank does not know. */
	public void checkControlSpanGroups(String spec) {
		SpanGroups.of(spec, this.spanGroups.known());
	}

	private synchronized void expire(ExportOverride ended) {
		if (this.override == ended) {
			this.overrideTimer.cancel();
			tell("NeMo Lens: override " + describe(ended) + " ended by itself");
			try {
				reapply("no override", null);
			}
			catch (SwitchRefusedException ex) {
				// Its time is up whatever happens: the override goes, the rank stays as it is until the
				// next change can be made.
				this.override = null;
				logger.warning(ex.getMessage());
			}
		}
	}

	/**
	 * Runs an action each time the signals this rank exports change while it runs, after the Lens
	 * SDK switched: for doors built outside it (a Micrometer registry) to follow. An action that
	 * fails is logged and does not stop the others.
	 * @param listener the action
	 */
	public void onSwitch(Runnable listener) {
		this.switchListeners.add(Objects.requireNonNull(listener, "listener must not be null"));
	}

	/**
	 * Puts the job-wide control file behind this rank's decision, and starts watching it.
	 * @param control what the file decides
	 * @param poller the thread that watches it
	 */
	public synchronized void controlBy(JobControl<SignalDecisions> control, ControlFilePoller poller) {
		this.control = control;
		this.poller = poller;
		poller.start();
	}

	/**
	 * Puts a control with no file behind this rank's decision (an OpAMP server's remote
	 * configuration alone): no poller runs.
	 * @param control what the control decides
	 */
	public synchronized void controlBy(JobControl<SignalDecisions> control) {
		this.control = control;
	}

	/**
	 * Called by the control file's poller when what the file decides has changed.
	 * @throws SwitchRefusedException when the switch cannot be made: nothing changed, and the
	 * control file keeps what was in force before
	 */
	public synchronized void controlChanged() {
		if (this.stopped) {
			return;
		}
		ControlStatus status = this.control.statusNow();
		// Refused whole when the switch cannot be made: the control file puts back what was in force.
		reapply(this.control.source() + " " + status.state() + " " + status.applied(), this.override);
		String spec = this.control.spanGroups();
		if (spec != null && !spec.equals(this.controlSpanGroups)) {
			this.spanGroups.set(spec);
		}
		else if (spec == null && this.controlSpanGroups != null) {
			this.spanGroups.set(this.config.spanGroups());
		}
		this.controlSpanGroups = spec;
	}

	/**
	 * The job-wide control file and what it does on this rank now.
	 * @return the control file's state; empty when none is configured
	 */
	public Optional<ControlStatus> controlStatus() {
		RemoteControl remote = this.remote;
		if (remote != null) {
			return Optional.of(remote.status());
		}
		JobControl<SignalDecisions> current = this.control;
		return (current != null) ? Optional.of(current.status()) : Optional.empty();
	}

	/**
	 * Puts a remote channel (an OpAMP server) over the control: its status, with the server's and a
	 * refused content's, is the one reported.
	 * @param remote the remote channel
	 */
	public void reportedBy(RemoteControl remote) {
		this.remote = remote;
	}

	/**
	 * Switches the pipeline to what an override, or none, makes the rank export, and only then puts
	 * the override in force: no one sees it before the rank exports as it says, and a switch that
	 * throws, whatever throws, is refused with nothing changed.
	 */
	private void reapply(String change, ExportOverride override) {
		String before = describeSignals();
		Set<Signal> exportedBefore = this.pipeline.exported();
		try {
			this.pipeline.apply(wantedSignals(override));
		}
		catch (RuntimeException | Error ex) {
			throw refusal(change, ex);
		}
		this.override = override;
		switched(change, before, exportedBefore);
	}

	/**
	 * Tells a switch that is made: to the notices, with the old and new state, and to the doors
	 * that follow it. The switch stands whatever they do: a notice or a door that fails is logged,
	 * and the other doors still follow.
	 */
	private void switched(String change, String before, Set<Signal> exportedBefore) {
		tell("NeMo Lens: " + change + "; exporting " + before + " -> " + describeSignals());
		if (exportedBefore.equals(this.pipeline.exported())) {
			return;
		}
		for (Runnable listener : this.switchListeners) {
			try {
				listener.run();
			}
			catch (RuntimeException | LinkageError ex) {
				// A door's failure, or its optional library gone from the class path.
				logger.log(Level.WARNING, "NeMo Lens: a door could not follow the switch", Redaction.loggable(ex));
			}
		}
	}

	/** Tells the notices; one that fails is logged here instead, and what was told about stands. */
	private void tell(String notice) {
		try {
			this.notices.accept(notice);
		}
		catch (RuntimeException ex) {
			logger.log(Level.WARNING, "NeMo Lens: a notice could not be told: " + notice, Redaction.loggable(ex));
		}
	}

	/**
	 * A switch that threw, as the refusal its caller gets; the JVM's own errors (out of memory, a
	 * stack overflow) pass as they are.
	 */
	private static RuntimeException refusal(String change, Throwable failure) {
		if (failure instanceof VirtualMachineError error) {
			throw error;
		}
		if (failure instanceof SwitchRefusedException refused) {
			return refused;
		}
		return new SwitchRefusedException(change, failure);
	}

	/**
	 * The signals exported: for each signal the override in force covers, its state; for the rest,
	 * the control file in force, else the strategies.
	 */
	private Set<Signal> wantedSignals(ExportOverride current) {
		Set<Signal> controlled = controlledSignals();
		Set<Signal> wanted = EnumSet.noneOf(Signal.class);
		for (Signal signal : Signal.values()) {
			boolean on;
			if (current != null && current.signals().contains(signal)) {
				on = current.state() == ExportOverride.State.EXPORTING && this.config.enabled()
						&& this.config.signalEnabled(signal);
			}
			else {
				on = (controlled != null) ? controlled.contains(signal) : this.signals.isExporting(signal);
			}
			if (on) {
				wanted.add(signal);
			}
		}
		return wanted;
	}

	/**
	 * The signals the control file in force makes this rank export: those its strategies select,
	 * and every enabled one where it lists the rank; {@code null} when no file is in force.
	 */
	private Set<Signal> controlledSignals() {
		JobControl.InForce<SignalDecisions> inForce = (this.control != null) ? this.control.inForce() : null;
		if (inForce == null) {
			return null;
		}
		boolean listed = inForce.content().ranks().contains(this.decider.rank());
		Set<Signal> wanted = EnumSet.noneOf(Signal.class);
		for (Signal signal : Signal.values()) {
			if (inForce.decision().isExporting(signal)
					|| (listed && this.config.enabled() && this.config.signalEnabled(signal))) {
				wanted.add(signal);
			}
		}
		return wanted;
	}

	private static String describe(ExportOverride override) {
		String signals = override.signals().containsAll(EnumSet.allOf(Signal.class)) ? ""
				: " " + override.signals().toString().toLowerCase(Locale.ROOT);
		return override.state().value() + signals + " until " + override.until() + " (" + override.source() + ")";
	}

	private String describeSignals() {
		Set<Signal> exported = this.pipeline.exported();
		return exported.isEmpty() ? "nothing" : exported.toString().toLowerCase(Locale.ROOT);
	}

}
