package nemo.lens;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.trace.Tracer;
import nemo.lens.sdk.ExportingTelemetry;
import nemo.lens.sdk.LensVersion;
import nemo.lens.spans.JobTrace;
import nemo.lens.spans.LensSpanBuilder;
import nemo.lens.spans.LensSpans;
import nemo.lens.spans.SpanGroups;

/**
 * What {@code setupTelemetry} decided for this process, and the telemetry to use: on an exporting
 * rank the real SDK, elsewhere no-op telemetry. Close it at exit; shutting down twice is harmless.
 */
public final class TelemetryHandle implements AutoCloseable {

	/** The instrumentation scope name of the handle's tracer and meter. */
	public static final String SCOPE_NAME = "nemo.lens";

	/** How long {@link #shutdown()} waits at most unless the config says otherwise. */
	public static final Duration DEFAULT_SHUTDOWN_TIMEOUT = NemoLensConfig.DEFAULT_SHUTDOWN_TIMEOUT;

	private final NemoLensConfig config;

	private final String runIdSource;

	private final int rank;

	private final int worldSize;

	private final String exportStrategy;

	private final SignalDecisions signals;

	private final OpenTelemetry openTelemetry;

	private final ExportingTelemetry exporting;

	private final Tracer tracer;

	private final LensSpans spans;

	/** Built on first use: most jobs only trace, and a no-op meter costs start-up class loading. */
	private volatile Meter meter;

	private final AtomicBoolean shutDown = new AtomicBoolean();

	private volatile ShutdownHook shutdownHook;

	TelemetryHandle(NemoLensConfig config, String runIdSource, int rank, int worldSize, String exportStrategy,
			SignalDecisions signals, OpenTelemetry openTelemetry, ExportingTelemetry exporting, SpanGroups spanGroups,
			JobTrace jobTrace) {
		this.config = config;
		this.runIdSource = runIdSource;
		this.rank = rank;
		this.worldSize = worldSize;
		this.exportStrategy = exportStrategy;
		this.signals = signals;
		this.openTelemetry = openTelemetry;
		this.exporting = exporting;
		this.tracer = openTelemetry.getTracer(SCOPE_NAME, LensVersion.current());
		this.spans = new LensSpans(this.tracer, signals.isExporting(Signal.TRACES), spanGroups, jobTrace, rank);
	}

	/**
	 * Whether this process exports at least one signal: true only when real SDK providers were
	 * built.
	 * @return whether exporting
	 */
	public boolean isExporting() {
		return this.exporting != null;
	}

	/**
	 * Whether this process exports a signal: telemetry and the signal are enabled, and the
	 * signal's strategy ({@link #exportStrategy(Signal)}) selected this rank.
	 * @param signal the signal
	 * @return whether the signal is exported
	 */
	public boolean isExporting(Signal signal) {
		return this.signals.isExporting(signal);
	}

	/**
	 * The name of the strategy that decided a signal: the signal's own
	 * ({@code nemo.lens.metrics.export-strategy}), else {@link #exportStrategy()}.
	 * @param signal the signal
	 * @return the strategy name
	 */
	public String exportStrategy(Signal signal) {
		return this.signals.strategy(signal);
	}

	/**
	 * A tracer with scope {@value #SCOPE_NAME}; a no-op one where traces are not exported.
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
			meter = this.openTelemetry.meterBuilder(SCOPE_NAME).setInstrumentationVersion(LensVersion.current()).build();
			this.meter = meter;
		}
		return meter;
	}

	/**
	 * The telemetry to hand to instrumentation: the SDK where every enabled signal is exported,
	 * propagation-only no-op telemetry on a silent rank, and in between the SDK's provider for
	 * each exported signal with no-op ones for the rest.
	 * @return the OpenTelemetry instance
	 */
	public OpenTelemetry openTelemetry() {
		return this.openTelemetry;
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
	 * The name of the strategy that decided: the config's, or {@value TelemetrySetup#PER_CALL_STRATEGY}
	 * for a strategy passed to the call.
	 * @return the strategy name
	 */
	public String exportStrategy() {
		return this.exportStrategy;
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
	 * Later calls return at once.
	 * @param timeout the longest time to wait
	 */
	public void shutdown(Duration timeout) {
		if (this.shutDown.compareAndSet(false, true) && this.exporting != null) {
			ShutdownHook hook = this.shutdownHook;
			if (hook != null) {
				hook.remove();
			}
			this.exporting.shutdown(timeout);
		}
	}

	/**
	 * Runs {@link #shutdown()} at JVM exit unless it ran before; only an exporting rank has
	 * anything to deliver, so a silent one registers nothing.
	 */
	void shutDownAtExit() {
		if (this.exporting != null) {
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
				+ this.exportStrategy + "', exporting=" + isExporting() + ", signals=" + this.signals.exporting()
				+ ", enabled=" + this.config.enabled() + "}";
	}

}
