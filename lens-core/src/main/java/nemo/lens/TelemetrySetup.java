package nemo.lens;

import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.logging.Logger;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.baggage.propagation.W3CBaggagePropagator;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.context.propagation.TextMapPropagator;
import nemo.lens.recorder.DumpWriter;
import nemo.lens.recorder.LogRing;
import nemo.lens.recorder.SpanRing;
import nemo.lens.sdk.ExportingTelemetry;
import nemo.lens.sdk.RecordingTelemetry;
import nemo.lens.sdk.ReusableExports;
import nemo.lens.sdk.ExporterName;
import nemo.lens.sdk.ExporterSettingsCheck;
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
 * ({@code TRACEPARENT}) are checked on every rank too.
 */
public final class TelemetrySetup {

	/** The strategy name a handle reports when the strategy was passed to the call. */
	public static final String PER_CALL_STRATEGY = "per_call";

	/**
	 * Non-exporting ranks get no-op tracing and metrics that still propagate W3C trace context and
	 * baggage: span creation costs the same as {@link OpenTelemetry#noop()}, and a silent rank that
	 * sits between two exporting services does not break their traces.
	 */
	private static final OpenTelemetry NON_EXPORTING = OpenTelemetry.propagating(ContextPropagators
		.create(TextMapPropagator.composite(W3CTraceContextPropagator.getInstance(), W3CBaggagePropagator.getInstance())));

	private static final Logger logger = Logger.getLogger(TelemetrySetup.class.getName());

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
	 * exporter is unknown, or a strategy fails on its input
	 */
	public TelemetryHandle setup(NemoLensConfig config, int rank, int worldSize, TelemetryOptions options) {
		Objects.requireNonNull(config, "config must not be null");
		Objects.requireNonNull(options, "options must not be null");
		RunId runId = RunId.resolve(config, options.rankInfo(), rank, worldSize, this.environment,
				(options.warnings() != null) ? options.warnings() : logger::warning);
		NemoLensConfig resolved = config.runId().isEmpty() ? config.toBuilder().runId(runId.value()).build() : config;
		SignalDecisions decisions = SignalDecisions.decide(resolved, rank, worldSize, this.registry,
				options.exportStrategy());
		ExporterName.named(resolved.exporter());
		SpanGroups groups = spanGroups(resolved, options);
		JobTrace jobTrace = resolved.jobTrace()
				? JobTrace.resolve(this.environment, resolved.serviceName(), resolved.runId()) : null;
		if (resolved.enabled()) {
			// On every rank: a silent one may be the one switched on later, and must fail as early.
			ExporterSettingsCheck.check(this.environment, options.otelProperties());
		}
		ReusableExports exports = new ReusableExports(options);
		// Built for the exported signals only: no processor, reader or thread for the rest.
		AtomicBoolean started = new AtomicBoolean();
		Function<Set<Signal>, ExportingTelemetry.Builder> sdkBuilder = (signals) -> ExportingTelemetry
			.builder(resolved.toBuilder()
				.tracesEnabled(signals.contains(Signal.TRACES))
				.metricsEnabled(signals.contains(Signal.METRICS))
				.logsEnabled(signals.contains(Signal.LOGS))
				.build())
			.rank(rank, worldSize)
			.options(exports)
			.environment(this.environment);
		// Built by a switch while the rank runs: its first spans are what the operator waits for.
		Function<Set<Signal>, ExportingTelemetry> sdkFor = (signals) -> sdkBuilder.apply(signals)
			.flushFirstSpan(started.get())
			.build();
		Function<Set<Signal>, ExportingTelemetry> preparedFor = (signals) -> sdkBuilder.apply(signals)
			.preparing(true)
			.build();
		FlightRecorder recorder = FlightRecorder.isOn(resolved) ? flightRecorder(resolved, rank, worldSize, exports)
				: null;
		AtomicReference<TelemetryHandle> built = new AtomicReference<>();
		LivePipeline pipeline = new LivePipeline(resolved, NON_EXPORTING, sdkFor, preparedFor, exports, () -> {
			if (options.shutdownHook() && built.get() != null) {
				built.get().shutDownAtExit();
			}
		}, recorder);
		TelemetryHandle handle = new TelemetryHandle(resolved, runId.source(), rank, worldSize,
				options.exportStrategy() != null, decisions, pipeline, groups, jobTrace,
				(settings) -> SignalDecisions.decide(settings, rank, worldSize, this.registry, options.exportStrategy()),
				options.notices());
		built.set(handle);
		pipeline.apply(decisions.exporting(), resolved.shutdownTimeout());
		started.set(true);
		if (recorder != null) {
			if (!resolved.flightRecorderDirectory().isEmpty()) {
				handle.dumpOnUncaughtExceptions();
			}
			if (resolved.flightRecorderDumpOnExit() && options.shutdownHook()) {
				// A silent rank has no SDK to flush, but its recorder is dumped by the hook.
				handle.shutDownAtExit();
			}
		}
		if (resolved.enabled() && !resolved.controlFile().isEmpty()) {
			watchControlFile(handle, resolved, rank, worldSize, options);
		}
		return handle;
	}

	/**
	 * The flight recorder of a rank: a ring, and an SDK with the exporting SDK's resource and
	 * sampler that records into it.
	 */
	private FlightRecorder flightRecorder(NemoLensConfig config, int rank, int worldSize, ReusableExports exports) {
		SpanRing ring = new SpanRing(config.flightRecorderSpans());
		LogRing logs = (config.logsEnabled() && config.flightRecorderLogs() > 0)
				? new LogRing(config.flightRecorderLogs()) : null;
		RecordingTelemetry recording = ExportingTelemetry.builder(config)
			.rank(rank, worldSize)
			.options(exports)
			.environment(this.environment)
			.buildRecording(ring, logs);
		DumpWriter writer = config.flightRecorderDirectory().isEmpty() ? null
				: new DumpWriter(Path.of(config.flightRecorderDirectory()), config.runId(), rank);
		return new FlightRecorder(ring, logs, recording, writer, Clock.systemUTC());
	}

	/**
	 * Puts the job-wide control file behind the rank's decision: its strategy settings are decided
	 * by the same strategies as at start-up, against this registry.
	 */
	private void watchControlFile(TelemetryHandle handle, NemoLensConfig config, int rank, int worldSize,
			TelemetryOptions options) {
		Consumer<String> warnings = (options.warnings() != null) ? options.warnings() : logger::warning;
		Set<String> extraGroups = new LinkedHashSet<>(config.extraSpanGroups());
		extraGroups.addAll(options.extraSpanGroups());
		JobControl control = new JobControl(config.controlFile(), config, rank,
				() -> Set.copyOf(this.registry.registeredStrategies()), (spec) -> SpanGroups.of(spec, extraGroups),
				handle.live()::decide, warnings, handle.live()::controlChanged, handle::dumpRequestedByControlFile);
		handle.live().controlBy(control, new ControlFilePoller(Path.of(config.controlFile()),
				config.controlInterval(), control, handle::prepareToSwitchOn));
	}

	/** Checked on every rank, so that a bad spec fails the whole job at start, not only its exporters. */
	private static SpanGroups spanGroups(NemoLensConfig config, TelemetryOptions options) {
		try {
			Set<String> extraGroups = new LinkedHashSet<>(config.extraSpanGroups());
			extraGroups.addAll(options.extraSpanGroups());
			return SpanGroups.of(config.spanGroups(), extraGroups);
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException("Invalid span groups (nemo.lens.span-groups, NEMO_LENS_SPAN_GROUPS) '"
					+ config.spanGroups() + "': " + ex.getMessage(), ex);
		}
	}

}
