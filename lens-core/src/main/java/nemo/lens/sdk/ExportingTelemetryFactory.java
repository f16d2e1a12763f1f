package nemo.lens.sdk;

import java.util.Objects;
import java.util.function.Function;

import io.opentelemetry.sdk.logs.LogRecordProcessor;
import io.opentelemetry.sdk.trace.SpanProcessor;

/**
 * Builds every SDK one rank runs, at start-up and at each later switch: the exporting SDK for the
 * signals the rank exports, the SDK it builds and closes to prepare for its first switch, and the
 * SDK its flight recorder records with. It holds what those share (the settings, the rank, the
 * caller's exporters and the environment), so that a switch needs nothing from the start-up code.
 */
public final class ExportingTelemetryFactory {

	private final ExportSettings settings;

	private final int rank;

	private final int worldSize;

	private final ExportOverrides options;

	private final Function<String, String> environment;

	/**
	 * Creates the factory of one rank.
	 * @param settings the settings; which signals each SDK serves is given per build
	 * @param rank the global rank
	 * @param worldSize the number of ranks
	 * @param options the caller's exporters, reader, resource attributes and {@code otel.*} properties
	 * @param environment looks up environment variables; returns {@code null} when unset
	 */
	public ExportingTelemetryFactory(ExportSettings settings, int rank, int worldSize, ExportOverrides options,
			Function<String, String> environment) {
		this.settings = Objects.requireNonNull(settings, "settings must not be null");
		this.rank = rank;
		this.worldSize = worldSize;
		this.options = Objects.requireNonNull(options, "options must not be null");
		this.environment = Objects.requireNonNull(environment, "environment must not be null");
	}

	/**
	 * Builds and starts the SDK for some signals; no processor, reader or thread for the others.
	 * @param traces whether it exports traces
	 * @param metrics whether it exports metrics
	 * @param logs whether it exports logs
	 * @param whileRunning whether the rank is switched on while it runs: its first span is then
	 * exported at once, since it is what the operator waits for
	 * @return the running SDK
	 */
	public ExportingTelemetry build(boolean traces, boolean metrics, boolean logs, boolean whileRunning) {
		return builder(traces, metrics, logs).flushFirstSpan(whileRunning).build();
	}

	/**
	 * Builds the SDK for some signals to be shut down at once, unused: a rank preparing for its first
	 * switch loads what a JVM's first SDK loads before an operator waits for it.
	 * @param traces whether it serves traces
	 * @param logs whether it serves logs
	 * @return the running SDK, to shut down
	 */
	public ExportingTelemetry prepare(boolean traces, boolean logs) {
		return builder(traces, false, logs).preparing(true).build();
	}

	/**
	 * Builds the SDK a silent rank records with: the exporting SDK's resource and sampler, the
	 * recorders as its processors, no exporter or thread.
	 * @param spans where finished spans go
	 * @param logRecords where emitted log records go, or {@code null} to record none
	 * @return the running SDK
	 */
	public RecordingTelemetry buildRecording(SpanProcessor spans, LogRecordProcessor logRecords) {
		return ExportingTelemetry.builder(this.settings)
			.rank(this.rank, this.worldSize)
			.options(this.options)
			.environment(this.environment)
			.buildRecording(spans, logRecords);
	}

	private ExportingTelemetry.Builder builder(boolean traces, boolean metrics, boolean logs) {
		return ExportingTelemetry.builder(new SignalSubset(this.settings, traces, metrics, logs))
			.rank(this.rank, this.worldSize)
			.options(this.options)
			.environment(this.environment);
	}

	/** The settings with only some signals enabled. */
	private record SignalSubset(ExportSettings settings, boolean traces, boolean metrics,
			boolean logs) implements ExportSettings {

		@Override
		public String serviceName() {
			return this.settings.serviceName();
		}

		@Override
		public String exporter() {
			return this.settings.exporter();
		}

		@Override
		public String runId() {
			return this.settings.runId();
		}

		@Override
		public String user() {
			return this.settings.user();
		}

		@Override
		public boolean tracesEnabled() {
			return this.traces && this.settings.tracesEnabled();
		}

		@Override
		public boolean metricsEnabled() {
			return this.metrics && this.settings.metricsEnabled();
		}

		@Override
		public boolean logsEnabled() {
			return this.logs && this.settings.logsEnabled();
		}

		@Override
		public boolean samplerEnabled() {
			return this.settings.samplerEnabled();
		}

		@Override
		public double exportSampleRate() {
			return this.settings.exportSampleRate();
		}

	}

}
