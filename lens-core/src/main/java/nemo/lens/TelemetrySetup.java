package nemo.lens;

import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.logging.Logger;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.context.propagation.ContextPropagators;
import nemo.lens.config.Setting;
import nemo.lens.control.ControlFilePoller;
import nemo.lens.control.JobControl;
import nemo.lens.control.RemoteControl;
import nemo.lens.env.EnvironmentValues;
import nemo.lens.env.Redaction;
import nemo.lens.env.Suggestion;
import nemo.lens.launch.RankInfo;
import nemo.lens.launch.RunId;
import nemo.lens.live.LiveDecision;
import nemo.lens.live.LivePipeline;
import nemo.lens.live.RankAgent;
import nemo.lens.live.RehearsalTimer;
import nemo.lens.live.SignalDecisions;
import nemo.lens.recorder.FlightRecorder;
import nemo.lens.sdk.DeferredW3CPropagator;
import nemo.lens.sdk.ExporterName;
import nemo.lens.sdk.ExporterSettingsCheck;
import nemo.lens.sdk.ExportingTelemetryFactory;
import nemo.lens.sdk.ReusableExports;
import nemo.lens.spans.JobTrace;
import nemo.lens.spans.SpanGroups;

/**
 * Decides whether this rank exports and builds its telemetry, without the process-wide guard of
 * {@link NemoLens#setupTelemetry}: for frameworks and tests that build several in one JVM.
 * <p>
 * Steps, in the reference order: fill the run id (the configured one, else the job identity of
 * the launcher that gave the rank, else a random one: see {@link #setup}); decide (the per-call strategy, else the
 * registry's) for each signal before {@code enabled} is looked at, so that an unknown strategy
 * fails even when disabled; check the exporter name on every rank; then build real SDK providers
 * only when enabled, and only for the signals that are enabled and whose strategy says yes. The span-group spec and, when the job trace is on, its parent
 * ({@code TRACEPARENT}) are checked on every rank too. A rank that exports nothing and cannot be
 * switched (no control file, no {@link TelemetryOptions.Builder#switchable(boolean)}, no flight
 * recorder) stops there: it hands out the no-op API and builds no pipeline.
 */
public final class TelemetrySetup {

	/** The strategy name a handle reports when the strategy was passed to the call. */
	public static final String PER_CALL_STRATEGY = SignalDecisions.PER_CALL_STRATEGY;

	/**
	 * Non-exporting ranks get no-op tracing and metrics that still propagate W3C trace context and
	 * baggage: span creation costs the same as {@link OpenTelemetry#noop()}, and a silent rank that
	 * sits between two exporting services does not break their traces.
	 */
	private static final OpenTelemetry NON_EXPORTING = OpenTelemetry
		.propagating(ContextPropagators.create(DeferredW3CPropagator.getInstance()));

	private final ExportStrategyRegistry registry;

	private final Function<String, String> environment;

	/**
	 * Creates a setup over a registry and an environment lookup.
	 * @param registry where strategy names are looked up
	 * @param environment looks up environment variables (the launcher's, {@code DEPLOYMENT_ENV});
	 * returns {@code null} when unset
	 */
	public TelemetrySetup(ExportStrategyRegistry registry, Function<String, String> environment) {
		this.registry = Objects.requireNonNull(registry, "registry must not be null");
		this.environment = Objects.requireNonNull(environment, "environment must not be null");
	}

	/**
	 * Decides and builds this rank's telemetry.
	 * <p>
	 * Without a configured run id, the run id is the job identity of the launcher that gave the
	 * rank ({@link nemo.lens.launch.JobIdentity}): the one in
	 * {@link TelemetryOptions#rankInfo()}, else the one this setup's environment names when it gives
	 * the same rank and world size as the call. Where that launcher gives none, it is 12 random hex
	 * characters, reported with the source {@code random}.
	 * @param config the settings; not changed
	 * @param rank the global rank
	 * @param worldSize the number of ranks
	 * @param options per-call options
	 * @return the handle
	 * @throws IllegalArgumentException when a strategy (the config's, or a signal's) or the
	 * exporter is unknown, a strategy fails on its input, or the export rank is no rank of the job
	 * (at or past the world size, or below {@code -1})
	 */
	public TelemetryHandle setup(NemoLensConfig config, int rank, int worldSize, TelemetryOptions options) {
		Objects.requireNonNull(config, "config must not be null");
		Objects.requireNonNull(options, "options must not be null");
		Consumer<String> warnings = (options.warnings() != null) ? options.warnings() : LoggedWarnings.INSTANCE;
		RunId runId = RunId.resolve(config.runId(), options.rankInfo(), rank, worldSize, this.environment, warnings);
		NemoLensConfig resolved = config.runId().isEmpty() ? config.toBuilder().runId(runId.value()).build() : config;
		checkExportRank(resolved.exportRank(), rank, worldSize, options.rankInfo());
		if (options.exportStrategy() == null) {
			checkStrategyName(resolved.exportStrategy(), Setting.EXPORT_STRATEGY.variable(),
					Setting.EXPORT_STRATEGY.javaName());
		}
		for (Signal signal : Signal.values()) {
			if (!resolved.exportStrategy(signal).equals(resolved.exportStrategy())) {
				checkStrategyName(resolved.exportStrategy(signal), signal.strategySetting().variable(),
						signal.strategySetting().javaName());
			}
		}
		SignalDecisions.Decider decider = new SignalDecisions.Decider(this.registry, rank, worldSize,
				options.exportStrategy());
		SignalDecisions decisions = decider.decide(resolved);
		ExporterName.named(resolved.exporter());
		Set<String> extraGroups = new LinkedHashSet<>(resolved.extraSpanGroups());
		extraGroups.addAll(options.extraSpanGroups());
		// Checked on every rank, so that a bad spec fails the whole job at start, not only its exporters.
		SpanGroups groups = SpanGroups.ofSetting(resolved.spanGroups(), extraGroups);
		JobTrace jobTrace = resolved.jobTrace()
				? JobTrace.resolve(this.environment, resolved.serviceName(), resolved.runId()) : null;
		if (resolved.enabled()) {
			// On every rank: a silent one may be the one switched on later, and must fail as early.
			ExporterSettingsCheck.check(this.environment, options.otelProperties());
		}
		// Found before anything is built: a missing agent module fails the start, leaving nothing behind.
		RankAgent agent = (resolved.enabled() && !resolved.opampEndpoint().isEmpty())
				? RankAgent.find(Setting.OPAMP_ENDPOINT.property() + " (" + Setting.OPAMP_ENDPOINT.variable() + ")")
				: null;
		boolean switchable = options.switchable() || (resolved.enabled()
				&& (!resolved.controlFile().isEmpty() || !resolved.opampEndpoint().isEmpty()));
		if (!switchable && decisions.exporting().isEmpty() && !recordsFlight(resolved)) {
			return new TelemetryHandle(resolved, runId.source(), worldSize, decider, decisions, NON_EXPORTING, groups,
					jobTrace);
		}
		return new PipelineSetup(this.environment, resolved, rank, worldSize, options, warnings).build(runId.source(),
				decider, decisions, switchable, groups, jobTrace, agent);
	}

	/**
	 * Decides which signals this rank exports, as {@link #setup} decides them, and builds nothing:
	 * for a framework that turns off exporters of its own before any of them exists. The run id
	 * takes no part in a decision, so none is resolved.
	 * @param config the settings
	 * @param rank the global rank
	 * @param worldSize the number of ranks
	 * @return the signals exported, empty on a silent rank (and when telemetry is disabled)
	 * @throws IllegalArgumentException when a strategy is unknown or fails on its input
	 */
	public Set<Signal> exportedSignals(NemoLensConfig config, int rank, int worldSize) {
		Objects.requireNonNull(config, "config must not be null");
		return SignalDecisions.decide(config, rank, worldSize, this.registry, null).exporting();
	}

	/** Whether the flight recorder runs: it needs the pipeline, which records what it does not export. */
	private static boolean recordsFlight(NemoLensConfig config) {
		return config.enabled() && config.tracesEnabled() && config.flightRecorderEnabled();
	}

	/**
	 * An unknown strategy name, in the user's words: the reference's message (the name, the
	 * registered ones), then where the name came from, the variable when it holds that name, else
	 * the builder's method, and the registered name it is nearest to.
	 */
	private void checkStrategyName(String name, String variable, String builderMethod) {
		if (this.registry.contains(name)) {
			return;
		}
		String value = this.environment.apply(variable);
		String source = (value != null && value.trim().equals(name)) ? variable
				: "NemoLensConfig.Builder." + builderMethod + "(...)";
		String suggestion = Suggestion.didYouMean(name, this.registry.registeredStrategies());
		try {
			this.registry.get(name);
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException(ex.getMessage() + " It comes from " + source
					+ (suggestion.isEmpty() ? "." : suggestion));
		}
	}

	/**
	 * Refuses an export rank that names no rank of the job, on every rank and whatever the
	 * strategy, naming where the world size came from: the launcher's variables when they give the
	 * call's rank and world size, else the call itself.
	 */
	private void checkExportRank(int exportRank, int rank, int worldSize, RankInfo rankInfo) {
		if (exportRank >= -1 && exportRank < worldSize) {
			return;
		}
		RankInfo launcher = rankInfo;
		if (launcher == null) {
			try {
				launcher = RankInfo.detect(this.environment);
			}
			catch (IllegalArgumentException ex) {
				// The world size then came from the caller alone.
			}
		}
		boolean fromLauncher = launcher != null && launcher.rank() == rank && launcher.worldSize() == worldSize
				&& launcher.sources().containsKey("worldSize");
		EnvironmentValues.checkExportRank(Setting.EXPORT_RANK.javaName() + " (" + Setting.EXPORT_RANK.variable() + ")",
				exportRank, worldSize, fromLauncher
						? "from " + launcher.sources().get("worldSize") + " (" + launcher.launcher() + ")"
						: "given to setupTelemetry");
	}

	/**
	 * The part of a set-up that only a rank with a pipeline runs (one that exports, can be switched,
	 * or records a flight): a class of its own, so that a rank that builds none loads none of it.
	 */
	private static final class PipelineSetup {

		private final Function<String, String> environment;

		private final NemoLensConfig config;

		private final int rank;

		private final int worldSize;

		private final TelemetryOptions options;

		private final Consumer<String> warnings;

		PipelineSetup(Function<String, String> environment, NemoLensConfig config, int rank, int worldSize,
				TelemetryOptions options, Consumer<String> warnings) {
			this.environment = environment;
			this.config = config;
			this.rank = rank;
			this.worldSize = worldSize;
			this.options = options;
			this.warnings = warnings;
		}

		TelemetryHandle build(String runIdSource, SignalDecisions.Decider decider, SignalDecisions decisions,
				boolean switchable, SpanGroups groups, JobTrace jobTrace, RankAgent agent) {
			ReusableExports exports = new ReusableExports(this.options);
			ExportingTelemetryFactory sdks = new ExportingTelemetryFactory(this.config, this.rank, this.worldSize,
					exports, this.environment);
			FlightRecorder recorder = FlightRecorder.start(this.config, this.rank, sdks).orElse(null);
			LivePipeline pipeline = new LivePipeline(this.config, NON_EXPORTING, sdks, exports, recorder);
			TelemetryHandle handle = new TelemetryHandle(this.config, runIdSource, this.worldSize, decider, decisions,
					switchable, pipeline, groups, jobTrace, this.options.notices());
			handle.start(this.options.shutdownHook());
			if (this.config.enabled() && !this.config.controlFile().isEmpty() && agent == null) {
				watchControlFile(handle, decider);
			}
			if (agent != null) {
				startAgent(agent, handle, decider);
			}
			return handle;
		}

		/**
		 * Puts the job-wide control file behind the rank's decision: its strategy settings are decided
		 * by the same strategies as at start-up, against this registry.
		 */
		private void watchControlFile(TelemetryHandle handle, SignalDecisions.Decider decider) {
			LiveDecision live = handle.live();
			JobControl<SignalDecisions> control = new JobControl<>(this.config.controlFile(), handle.worldSize(),
					decider::registered, live::checkControlSpanGroups, live::decide, this.warnings, live::controlChanged,
					handle::dumpRequestedByControlFile);
			live.controlBy(control, new ControlFilePoller(Path.of(this.config.controlFile()),
					this.config.controlInterval(), control, handle::prepareToSwitchOn,
					this.config.controlAllowSharedWrites()));
		}

		/**
		 * Puts an OpAMP server's remote configuration behind the rank's decision, over the control file
		 * when there is one (the server's content wins while it sends one), and starts the agent; the
		 * handle stops it at shutdown.
		 */
		private void startAgent(RankAgent agent, TelemetryHandle handle, SignalDecisions.Decider decider) {
			LiveDecision live = handle.live();
			String label = this.config.controlFile().isEmpty() ? RemoteControl.SOURCE : this.config.controlFile();
			JobControl<SignalDecisions> control = new JobControl<>(label, handle.worldSize(), decider::registered,
					live::checkControlSpanGroups, live::decide, this.warnings, live::controlChanged,
					handle::dumpRequestedByControlFile);
			RemoteControl remote = new RemoteControl(control, this.warnings);
			live.reportedBy(remote);
			RehearsalTimer rehearsal = null;
			if (this.config.controlFile().isEmpty()) {
				live.controlBy(control);
				// No poller rehearses the first switch here: a timer does, at the moment one would.
				rehearsal = RehearsalTimer.start(this.config.opampInterval(), handle::prepareToSwitchOn);
			}
			else {
				live.controlBy(control, new ControlFilePoller(Path.of(this.config.controlFile()),
						this.config.controlInterval(), remote, handle::prepareToSwitchOn,
						this.config.controlAllowSharedWrites()));
			}
			AutoCloseable started = agent.start(
					new RankAgent.Rank(handle, remote, this.options.rankInfo(), this.environment, this.warnings));
			RehearsalTimer timer = rehearsal;
			handle.closeAtShutdown((timer != null) ? () -> {
				timer.close();
				started.close();
			} : started);
		}

	}

	/**
	 * Warnings the caller takes no consumer for, logged redacted. The logger is looked up per
	 * warning: the first lookup starts java.util.logging, which a silent rank with nothing to say
	 * should not pay for. A class rather than a lambda, which every rank would spin at start-up.
	 */
	private static final class LoggedWarnings implements Consumer<String> {

		static final Consumer<String> INSTANCE = new LoggedWarnings();

		@Override
		public void accept(String message) {
			Logger.getLogger(TelemetrySetup.class.getName()).warning(Redaction.redact(message));
		}

	}

}
