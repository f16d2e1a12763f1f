package nemo.lens.sdk;

import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.logs.LogRecordProcessor;
import io.opentelemetry.sdk.trace.SpanProcessor;

/**
 * Builds every SDK one rank runs, at start-up and at each later switch: the exporting SDK for the
 * signals the rank exports, the SDK it rehearses its first switch with, and the
 * SDK its flight recorder records with. It holds what those share (the settings, the rank, the
 * caller's exporters and the environment), so that a switch needs nothing from the start-up code.
 */
public final class ExportingTelemetryFactory {

	private static final Logger logger = Logger.getLogger(ExportingTelemetryFactory.class.getName());

	private static final String REHEARSAL = "nemo-lens-rehearsal";

	private final ExportSettings settings;

	private final int rank;

	private final int worldSize;

	private final ExportOverrides options;

	private final Function<String, String> environment;

	/** Whether a flight recorder was built: it reads the open spans of every SDK built after it. */
	private volatile boolean recorded;

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
	 * Rehearses the first switch of a rank that exports nothing yet, so that an operator's switch
	 * later costs what building a few objects costs rather than what a JVM's first SDK and first
	 * export cost (class loading, the OTLP encoding, the HTTP client's first connection). With the
	 * OTLP exporter, the SDK is built for the enabled signals as a switch builds it, records one
	 * span, log record and counter point, and exports them on shutdown over OTLP/HTTP to a
	 * {@link RehearsalReceiver} inside this process, with no header of the rank's (its credentials
	 * stay unsent) and the caller's own exporters and reader left out: nothing reaches the
	 * collector. With another exporter, or where no port can be opened, the SDK is built and shut
	 * down unused, which loads the SDK alone.
	 * @param traces whether the rank may export traces
	 * @param metrics whether it may export metrics
	 * @param logs whether it may export logs
	 * @param timeout how long the rehearsal's shutdown may take
	 * @return whether the export path was rehearsed (not only the SDK built)
	 */
	public boolean rehearse(boolean traces, boolean metrics, boolean logs, Duration timeout) {
		if (ExporterName.named(this.settings.exporter()) == ExporterName.OTLP) {
			try (RehearsalReceiver receiver = RehearsalReceiver.start()) {
				ExportingTelemetry rehearsal = builder(traces, metrics, logs)
					.options(new RehearsalOverrides(this.options, receiver.endpoint()))
					.preparing(true)
					.flushFirstSpan(true)
					.build();
				recordOneOfEach(rehearsal.sdk());
				rehearsal.shutdown(timeout);
				return receiver.requests() > 0;
			}
			catch (IOException ex) {
				// No loopback port (a sandbox): the SDK alone is loaded, as below.
			}
		}
		// Traces and logs only: their batch processors send nothing when nothing was recorded, but a
		// metric reader sends at shutdown what the SDK's own processors observe about themselves.
		if (traces || logs) {
			builder(traces, false, logs).preparing(true).build().shutdown(timeout);
		}
		return false;
	}

	private static void recordOneOfEach(OpenTelemetrySdk sdk) {
		sdk.getTracer(REHEARSAL).spanBuilder(REHEARSAL).startSpan().end();
		sdk.getMeter(REHEARSAL).counterBuilder(REHEARSAL).build().add(1);
		sdk.getLogsBridge().get(REHEARSAL).logRecordBuilder().setBody(REHEARSAL).emit();
	}

	/**
	 * Builds the SDK a silent rank records with: the exporting SDK's resource and sampler, the
	 * recorders as its processors, no exporter or thread.
	 * @param spans where finished spans go
	 * @param logRecords where emitted log records go, or {@code null} to record none
	 * @return the running SDK
	 */
	public RecordingTelemetry buildRecording(SpanProcessor spans, LogRecordProcessor logRecords) {
		this.recorded = true;
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
			.environment(this.environment)
			.recorded(this.recorded);
	}

	/**
	 * The caller's options as a rehearsal sees them: its resource attributes and local rank, none of
	 * its exporters or reader, and every OTLP signal sent over HTTP to the rehearsal's receiver
	 * without the configured headers.
	 */
	private record RehearsalOverrides(ExportOverrides options, String endpoint) implements ExportOverrides {

		@Override
		public Attributes resourceAttributes() {
			return this.options.resourceAttributes();
		}

		@Override
		public Integer localRank() {
			return this.options.localRank();
		}

		/**
		 * A rehearsal's troubles only make the first switch dearer: nothing of the rank's is lost,
		 * so they are no warning of the rank's.
		 */
		@Override
		public Consumer<String> warnings() {
			return (message) -> logger.log(Level.FINE, "While rehearsing the first switch: {0}", message);
		}

		@Override
		public boolean applicationStack() {
			return this.options.applicationStack();
		}

		@Override
		public Map<String, String> otelProperties() {
			Map<String, String> properties = new HashMap<>(this.options.otelProperties());
			properties.put("otel.exporter.otlp.endpoint", this.endpoint);
			properties.put("otel.exporter.otlp.protocol", "http/protobuf");
			properties.put("otel.exporter.otlp.headers", "");
			for (String signal : new String[] { "traces", "metrics", "logs" }) {
				String prefix = "otel.exporter.otlp." + signal + ".";
				properties.put(prefix + "endpoint", this.endpoint + "/v1/" + signal);
				properties.put(prefix + "protocol", "http/protobuf");
				properties.put(prefix + "headers", "");
			}
			return properties;
		}

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
		public String attributeNames() {
			return this.settings.attributeNames();
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
