package nemo.lens.sdk;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdkBuilder;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.logs.LogRecordProcessor;
import io.opentelemetry.sdk.logs.SdkLoggerProvider;
import io.opentelemetry.sdk.logs.data.LogRecordData;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import io.opentelemetry.sdk.metrics.export.MetricReader;
import io.opentelemetry.sdk.metrics.export.PeriodicMetricReader;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import nemo.lens.env.Redaction;

/**
 * The real OpenTelemetry SDK of an exporting rank, and its bounded shutdown.
 * <p>
 * The SDK's autoconfigure module builds it, so every standard {@code OTEL_*} setting (OTLP
 * endpoint, headers, protocol, timeouts, TLS, batching, metric interval, propagators,
 * {@code OTEL_RESOURCE_ATTRIBUTES}) works as users know it; Lens only chooses which signals export
 * where, sets the reference defaults (gRPC, 10 s metric interval) and adds the rank resource.
 */
public final class ExportingTelemetry {

	/**
	 * The boolean attribute that marks a span ended because the rank stopped while it was open: the
	 * SDK's stop ends such spans with it, and a flight recorder's exit dump marks its open spans so.
	 */
	public static final String TRUNCATED_ATTRIBUTE = OpenSpanTracker.TRUNCATED_ATTRIBUTE;

	private static final Logger logger = Logger.getLogger(ExportingTelemetry.class.getName());

	private static final String TRACES = "traces";

	private static final String METRICS = "metrics";

	private static final String LOGS = "logs";

	/**
	 * How long a stop asks again for the spans queued before it while the exporter has not answered
	 * for all of them: the batch processor's worker clears a finished flush within moments, and a
	 * span a full queue dropped is never answered.
	 */
	private static final Duration FLUSH_SETTLE = Duration.ofMillis(200);

	private final OpenTelemetrySdk sdk;

	private final OpenSpanTracker openSpans;

	private final DeliveryLedger ledger;

	private final Consumer<String> warnings;

	/** The span exporters the SDK sends through, unwrapped, for spans recorded before it ran. */
	private final List<SpanExporter> spanExporters;

	/** The log record exporters the SDK sends through, for log records recorded before it ran. */
	private final List<LogRecordExporter> logExporters;

	/** The signals this SDK was built for whose stop has not begun. */
	private final Set<String> running = ConcurrentHashMap.newKeySet();

	/** The signals this SDK was built for whose stop has not ended. */
	private final Set<String> unfinished = ConcurrentHashMap.newKeySet();

	private final AtomicBoolean lossReported = new AtomicBoolean();

	private ExportingTelemetry(OpenTelemetrySdk sdk, OpenSpanTracker openSpans, DeliveryLedger ledger,
			Consumer<String> warnings, List<SpanExporter> spanExporters, List<LogRecordExporter> logExporters,
			boolean traces, boolean metrics, boolean logs) {
		this.sdk = sdk;
		this.openSpans = openSpans;
		this.ledger = ledger;
		this.warnings = warnings;
		this.spanExporters = List.copyOf(spanExporters);
		this.logExporters = List.copyOf(logExporters);
		if (traces) {
			this.running.add(TRACES);
		}
		if (metrics) {
			this.running.add(METRICS);
		}
		if (logs) {
			this.running.add(LOGS);
		}
		this.unfinished.addAll(this.running);
	}

	/**
	 * Returns the {@code service.instance.id} of a rank's telemetry: unique per rank of a run, as
	 * OTLP metrics need.
	 * @param runId the run id
	 * @param rank the global rank
	 * @return {@code {runId}-rank{rank}}
	 */
	public static String serviceInstanceId(String runId, int rank) {
		return runId + "-rank" + rank;
	}

	/**
	 * Starts describing the SDK of an exporting rank.
	 * @param config the resolved settings, run id filled in
	 * @return a builder
	 */
	public static Builder builder(ExportSettings config) {
		return new Builder(config);
	}

	/**
	 * The SDK.
	 * @return the SDK
	 */
	public OpenTelemetrySdk sdk() {
		return this.sdk;
	}

	/**
	 * Sends spans that ended before this SDK ran (a flight recorder's) through the SDK's span
	 * exporters, ahead of its own spans, with their own timestamps and resource, then flushes the
	 * exporters; waits at most the timeout. They pass beside the SDK's queue and its delivery
	 * count, which are about the spans this SDK recorded.
	 * @param spans the finished spans, oldest first
	 * @param timeout the longest wait for the exporters; zero sends without waiting
	 * @return whether every exporter took the spans in time
	 */
	public boolean exportFirst(Collection<SpanData> spans, Duration timeout) {
		return sendFirst(spans, this.spanExporters, (exporter) -> exporter.export(spans), SpanExporter::flush,
				timeout);
	}

	/**
	 * Sends log records emitted before this SDK ran (a flight recorder's) through the SDK's log
	 * record exporters, ahead of its own, as {@link #exportFirst} does for spans.
	 * @param records the log records, oldest first
	 * @param timeout the longest wait for the exporters; zero sends without waiting
	 * @return whether every exporter took the records in time
	 */
	public boolean exportLogsFirst(Collection<LogRecordData> records, Duration timeout) {
		return sendFirst(records, this.logExporters, (exporter) -> exporter.export(records),
				LogRecordExporter::flush, timeout);
	}

	private static <E> boolean sendFirst(Collection<?> items, List<E> exporters,
			Function<E, CompletableResultCode> export, Function<E, CompletableResultCode> flush, Duration timeout) {
		if (items.isEmpty() || exporters.isEmpty()) {
			return true;
		}
		List<CompletableResultCode> results = new ArrayList<>();
		for (E exporter : exporters) {
			try {
				results.add(export.apply(exporter));
				results.add(flush.apply(exporter));
			}
			catch (RuntimeException ex) {
				results.add(CompletableResultCode.ofExceptionalFailure(ex));
			}
		}
		if (timeout.isZero()) {
			return true;
		}
		return CompletableResultCode.ofAll(results).join(timeout.toNanos(), TimeUnit.NANOSECONDS).isSuccess();
	}

	/**
	 * Whether a span started on this SDK has not ended yet.
	 * @return whether a span is open
	 */
	public boolean hasOpenSpans() {
		return this.openSpans.hasOpenSpans();
	}

	/**
	 * Whether the spans that end on this SDK leave the rank: it has a span exporter (not with the
	 * exporter {@code none} and no exporter of the caller's).
	 * @return whether spans are exported
	 */
	public boolean exportsSpans() {
		return !this.spanExporters.isEmpty();
	}

	/**
	 * The sampled spans started on this SDK and not ended yet, in no particular order: the step an
	 * exporting rank is in, for its flight recorder's dumps.
	 * @return the open spans
	 */
	public List<ReadableSpan> openSpans() {
		return this.openSpans.openSpans();
	}

	/**
	 * Stops exporting traces: ends the spans still open (marked truncated), sends what the batch
	 * processor holds, and closes the tracer provider and its exporters, within the timeout. The
	 * other signals of this SDK go on. Calls after the first return at once.
	 * @param timeout the longest wait
	 * @return whether everything was sent and closed in time
	 */
	public boolean stopTraces(Duration timeout) {
		return finish(TRACES, beginTraces(timeout), timeout, false);
	}

	/**
	 * Stops exporting metrics: waits for an export under way to be answered (closing its exporter
	 * would cancel it), then the readers export their last collection and close, within the
	 * timeout. The other signals of this SDK go on. Calls after the first return at once.
	 * @param timeout the longest wait
	 * @return whether everything was sent and closed in time
	 */
	public boolean stopMetrics(Duration timeout) {
		return finish(METRICS, beginMetrics(timeout), timeout, false);
	}

	/**
	 * Stops exporting logs: sends what the batch processor holds and closes the logger provider and
	 * its exporters, within the timeout. The other signals of this SDK go on. Calls after the first
	 * return at once.
	 * @param timeout the longest wait
	 * @return whether everything was sent and closed in time
	 */
	public boolean stopLogs(Duration timeout) {
		return finish(LOGS, beginLogs(timeout), timeout, false);
	}

	/**
	 * Stops every signal still running, together, within the timeout: the spans still open are ended
	 * (marked truncated). What was lost is reported before it returns. Calls after the first return
	 * at once.
	 * @param timeout the longest time to wait
	 * @return {@code true} when everything was flushed and shut down in time
	 */
	public boolean shutdown(Duration timeout) {
		CompletableResultCode all = CompletableResultCode
			.ofAll(List.of(beginTraces(timeout), beginMetrics(timeout), beginLogs(timeout)));
		return finish("telemetry", all, timeout, true);
	}

	/**
	 * Whether every signal this SDK was built for has stopped.
	 * @return whether stopped
	 */
	public boolean isStopped() {
		return this.unfinished.isEmpty();
	}

	private CompletableResultCode beginTraces(Duration timeout) {
		if (!this.running.contains(TRACES)) {
			return CompletableResultCode.ofSuccess();
		}
		int truncated = this.openSpans.endOpenSpans();
		if (truncated > 0) {
			logger.log(Level.FINE, "NeMo Lens ended {0} span(s) still open as traces stopped, marked truncated",
					truncated);
		}
		SdkTracerProvider traces = this.sdk.getSdkTracerProvider();
		return begin(TRACES, () -> {
			flushQueuedSpans(traces, timeout);
			return wakeAfter(traces.shutdown(), this.ledger::wakeSpanWorkers, traces::forceFlush);
		});
	}

	/**
	 * Sends every span queued before the batch processor shuts down, within the timeout. A flush
	 * asked for while another is under way (the first span's) is handed that one's result, which
	 * does not cover the spans queued since; and the processor clears a finished flush only after
	 * completing it, so a flush asked for in between is handed a result already complete, and so
	 * is its shutdown's. Hence: wait for the flush under way, then ask again until the exporter has
	 * answered for every span that ended, for a short while at most, as a span that a full queue
	 * dropped is never answered (nor is any where the SDK has no span exporter).
	 */
	private void flushQueuedSpans(SdkTracerProvider traces, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		traces.forceFlush().join(timeout.toNanos(), TimeUnit.NANOSECONDS);
		boolean answers = !this.spanExporters.isEmpty();
		long settled = Math.min(deadline, System.nanoTime() + FLUSH_SETTLE.toNanos());
		do {
			traces.forceFlush().join(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
		}
		while (answers && !this.ledger.spansAnswered() && System.nanoTime() < settled && pausedBeforeAnotherFlush());
	}

	/** Lets the processor's worker clear the flush it just finished; {@code false} when interrupted. */
	private static boolean pausedBeforeAnotherFlush() {
		try {
			Thread.sleep(1);
			return true;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	private CompletableResultCode beginMetrics(Duration timeout) {
		return begin(METRICS, () -> {
			this.ledger.awaitMetricExports(timeout);
			return this.sdk.getSdkMeterProvider().shutdown();
		});
	}

	private CompletableResultCode beginLogs(Duration timeout) {
		SdkLoggerProvider logs = this.sdk.getSdkLoggerProvider();
		return begin(LOGS, () -> wakeAfter(logs.shutdown(), this.ledger::wakeLogWorkers, logs::forceFlush));
	}

	/**
	 * Wakes the processor's worker once it is shut down, so that its thread ends with the stop
	 * rather than up to the batch delay later: the workers the ledger knows are interrupted, and a
	 * flush asked of the shut-down processor wakes one that never exported, which then sees that it
	 * is shut down and ends.
	 */
	private static CompletableResultCode wakeAfter(CompletableResultCode shutdown, Runnable wake,
			Supplier<CompletableResultCode> flush) {
		shutdown.whenComplete(() -> {
			wake.run();
			flush.get();
		});
		return shutdown;
	}

	/**
	 * Runs one signal's stop on a daemon thread: some parts (the periodic metric reader) block the
	 * calling thread until their exporter answers, and a dead collector must not hold up the caller
	 * beyond the timeout.
	 */
	private CompletableResultCode begin(String signal, Supplier<CompletableResultCode> stop) {
		if (!this.running.remove(signal)) {
			return CompletableResultCode.ofSuccess();
		}
		CompletableResultCode result = new CompletableResultCode();
		Thread stopping = new Thread(() -> {
			try {
				CompletableResultCode stopped = stop.get();
				stopped.whenComplete(() -> {
					this.unfinished.remove(signal);
					if (stopped.isSuccess()) {
						result.succeed();
					}
					else {
						result.fail();
					}
				});
			}
			catch (RuntimeException ex) {
				this.unfinished.remove(signal);
				result.failExceptionally(ex);
			}
		}, "nemo-lens-shutdown");
		stopping.setDaemon(true);
		stopping.start();
		return result;
	}

	/**
	 * Waits for a stop until the deadline, on the caller's thread, and says what did not finish; once
	 * the SDK has stopped (or, at a shutdown, at any rate), what was lost is reported, once.
	 */
	private boolean finish(String what, CompletableResultCode stop, Duration timeout, boolean last) {
		boolean completed = stop.join(timeout.toNanos(), TimeUnit.NANOSECONDS).isSuccess();
		if (!completed) {
			this.warnings.accept("NeMo Lens " + what + " did not finish shutting down within " + timeout.toMillis()
					+ " ms; " + what + " not yet sent was dropped");
		}
		if ((last || this.unfinished.isEmpty()) && this.lossReported.compareAndSet(false, true)) {
			String loss = this.ledger.lossSummary();
			if (loss != null) {
				this.warnings.accept(loss);
			}
		}
		return completed;
	}

	/**
	 * Describes the SDK of one exporting rank.
	 */
	public static final class Builder {

		private static final ExportOverrides NO_OVERRIDES = new ExportOverrides() {
		};

		private final ExportSettings config;

		private int rank;

		private int worldSize = 1;

		private ExportOverrides options = NO_OVERRIDES;

		private Function<String, String> environment = System::getenv;

		private PrintStream console = System.out;

		private boolean flushFirstSpan;

		private boolean preparing;

		private boolean recorded;

		private Builder(ExportSettings config) {
			this.config = Objects.requireNonNull(config, "config must not be null");
		}

		/**
		 * Sets the rank and world size.
		 * @param rank the global rank
		 * @param worldSize the number of ranks
		 * @return this builder
		 */
		public Builder rank(int rank, int worldSize) {
			this.rank = rank;
			this.worldSize = worldSize;
			return this;
		}

		/**
		 * Sets the caller's options: local rank, resource attributes, exporter and reader
		 * overrides, and {@code otel.*} properties.
		 * @param options the options
		 * @return this builder
		 */
		public Builder options(ExportOverrides options) {
			this.options = Objects.requireNonNull(options, "options must not be null");
			return this;
		}

		/**
		 * Sets how environment variables (Slurm, {@code DEPLOYMENT_ENV}) are looked up.
		 * @param environment the lookup; returns {@code null} when unset
		 * @return this builder
		 */
		public Builder environment(Function<String, String> environment) {
			this.environment = Objects.requireNonNull(environment, "environment must not be null");
			return this;
		}

		/**
		 * Sets where the {@code console} exporter writes.
		 * @param console the stream
		 * @return this builder
		 */
		public Builder console(PrintStream console) {
			this.console = Objects.requireNonNull(console, "console must not be null");
			return this;
		}

		/**
		 * Sets whether the SDK is built only to be shut down at once, unused, as a rank preparing for
		 * its first switch builds one: its batch processors then wake at the shutdown rather than
		 * after the batch delay, so their threads end with it.
		 * @param preparing whether the SDK is built to be shut down unused
		 * @return this builder
		 */
		public Builder preparing(boolean preparing) {
			this.preparing = preparing;
			return this;
		}

		/**
		 * Sets whether a flight recorder reads this SDK's open spans: its spans are then sampled even
		 * where none can leave (the exporter {@code none}), so that a stall dump shows the step the
		 * rank is in; with no span leaving, none is counted as lost.
		 * @param recorded whether a flight recorder reads the open spans
		 * @return this builder
		 */
		public Builder recorded(boolean recorded) {
			this.recorded = recorded;
			return this;
		}

		/**
		 * Sets whether the SDK exports as soon as its first span has ended, rather than after the
		 * batch delay: for a rank switched on while it runs.
		 * @param flushFirstSpan whether to flush at the first span
		 * @return this builder
		 */
		public Builder flushFirstSpan(boolean flushFirstSpan) {
			this.flushFirstSpan = flushFirstSpan;
			return this;
		}

		/**
		 * Builds and starts the SDK.
		 * @return the running SDK
		 * @throws IllegalArgumentException when the exporter name is unknown
		 */
		public ExportingTelemetry build() {
			ExporterName exporter = ExporterName.named(this.config.exporter());
			OpenSpanTracker openSpans = new OpenSpanTracker();
			Consumer<String> warnings = (this.options.warnings() != null) ? this.options.warnings()
					: (message) -> logger.log(Level.WARNING, Redaction.redact(message));
			List<SpanExporter> spanExporters = new CopyOnWriteArrayList<>();
			List<LogRecordExporter> logExporters = new CopyOnWriteArrayList<>();
			// Asked once per SDK: each answer is this SDK's own exporter (a copy made at first use).
			SpanExporter givenSpans = this.options.spanExporter();
			LogRecordExporter givenLogs = this.options.logRecordExporter();
			// Spans sampled only for a flight recorder's books, with nowhere to go, are no loss.
			DeliveryLedger ledger = new DeliveryLedger(
					spansLeave(exporter, givenSpans != null) ? openSpans::endedSampledSpans : () -> 0L, warnings);
			AutoConfiguredOpenTelemetrySdkBuilder sdk = autoConfigured(
					() -> signalProperties(exporter, givenSpans != null, givenLogs != null), null)
				.addSpanExporterCustomizer((configured, properties) -> {
					spanExporters.add(configured);
					return ledger.counting(configured);
				})
				.addLogRecordExporterCustomizer((configured, properties) -> {
					logExporters.add(configured);
					return ledger.noting(configured);
				})
				.addMetricExporterCustomizer((configured, properties) -> ledger.counting(configured));
			AtomicReference<OpenTelemetrySdk> built = new AtomicReference<>();
			if (this.config.tracesEnabled()) {
				configureTraces(sdk, exporter, givenSpans, openSpans, ledger, spanExporters);
				if (this.flushFirstSpan) {
					FirstSpanFlush flush = new FirstSpanFlush(
							() -> (built.get() != null) ? built.get().getSdkTracerProvider() : null);
					sdk.addTracerProviderCustomizer((traces, properties) -> traces.addSpanProcessor(flush));
				}
			}
			if (this.config.metricsEnabled()) {
				configureMetrics(sdk, exporter, ledger);
			}
			LogRecordExporter logs = (givenLogs != null) ? givenLogs
					: (exporter == ExporterName.CONSOLE) ? new ConsoleLogRecordExporter(this.console) : null;
			if (this.config.logsEnabled() && logs != null) {
				logExporters.add(logs);
				sdk.addLoggerProviderCustomizer((provider, properties) -> provider
					.addLogRecordProcessor(BatchProcessors.logRecords(ledger.noting(logs), properties)));
			}
			OpenTelemetrySdk running = sdk.build().getOpenTelemetrySdk();
			built.set(running);
			return new ExportingTelemetry(running, openSpans, ledger, warnings, spanExporters, logExporters,
					this.config.tracesEnabled(), this.config.metricsEnabled(), this.config.logsEnabled());
		}

		/**
		 * Builds the SDK a silent rank records its spans and log records with: the resource and the
		 * sampler this builder's exporting SDK would have, the books on its open spans and the span
		 * recorder as its span processors, and the log recorder as its logger provider's; no exporter, queue or thread.
		 * @param recorder where finished spans go
		 * @param logRecorder where emitted log records go, or {@code null} to record none
		 * @return the running SDK
		 */
		public RecordingTelemetry buildRecording(SpanProcessor recorder, LogRecordProcessor logRecorder) {
			AtomicReference<Resource> resource = new AtomicReference<>(Resource.empty());
			OpenSpanTracker openSpans = new OpenSpanTracker();
			AutoConfiguredOpenTelemetrySdkBuilder sdk = autoConfigured(this::recordingProperties, resource::set)
				.addTracerProviderCustomizer(
						(traces, properties) -> traces.addSpanProcessor(openSpans).addSpanProcessor(recorder));
			if (logRecorder != null) {
				sdk.addLoggerProviderCustomizer((logs, properties) -> logs.addLogRecordProcessor(logRecorder));
			}
			return new RecordingTelemetry(sdk.build().getOpenTelemetrySdk(), resource.get(), openSpans);
		}

		/**
		 * The SDK's autoconfiguration as both SDKs of a rank share it: the reference defaults, the
		 * rank resource and the sampler; which signals export where is {@code signals}' to say.
		 */
		private AutoConfiguredOpenTelemetrySdkBuilder autoConfigured(Supplier<Map<String, String>> signals,
				Consumer<Resource> resource) {
			AutoConfiguredOpenTelemetrySdkBuilder sdk = AutoConfiguredOpenTelemetrySdk.builder()
				.disableShutdownHook()
				.addPropertiesSupplier(Builder::referenceDefaults)
				.addPropertiesCustomizer((properties) -> signals.get())
				.addResourceCustomizer((detected, properties) -> {
					Resource merged = detected.merge(LensResource.schedulerResource(this.environment))
						.merge(LensResource.rankResource(this.config, this.rank, this.worldSize,
								this.options.localRank(), this.environment, !this.options.applicationStack()))
						.merge(Resource.create(this.options.resourceAttributes()));
					if (resource != null) {
						resource.accept(merged);
					}
					return merged;
				});
			if (this.config.samplerEnabled()) {
				RankAwareSampler sampler = new RankAwareSampler(this.rank, this.config.exportSampleRate());
				sdk.addSamplerCustomizer((configured, properties) -> sampler);
			}
			return sdk;
		}

		/** A recording SDK exports nothing by any signal, whatever {@code OTEL_*_EXPORTER} says. */
		private Map<String, String> recordingProperties() {
			Map<String, String> properties = new HashMap<>(this.options.otelProperties());
			properties.put("otel.traces.exporter", "none");
			properties.put("otel.metrics.exporter", "none");
			properties.put("otel.logs.exporter", "none");
			return properties;
		}

		private void configureTraces(AutoConfiguredOpenTelemetrySdkBuilder sdk, ExporterName exporter,
				SpanExporter given, OpenSpanTracker openSpans, DeliveryLedger ledger, List<SpanExporter> spanExporters) {
			SpanExporter own = (given != null) ? given
					: (exporter == ExporterName.CONSOLE) ? new ConsoleSpanExporter(this.console) : null;
			if (own != null) {
				spanExporters.add(own);
			}
			sdk.addTracerProviderCustomizer((traces, properties) -> {
				traces.addSpanProcessor(openSpans);
				if (own != null) {
					traces.addSpanProcessor(BatchProcessors.spans(ledger.counting(own), properties));
				}
				return traces;
			});
		}

		private void configureMetrics(AutoConfiguredOpenTelemetrySdkBuilder sdk, ExporterName exporter,
				DeliveryLedger ledger) {
			MetricReader reader = this.options.metricReader();
			if (reader != null) {
				sdk.addMeterProviderCustomizer((metrics, properties) -> metrics.registerMetricReader(reader));
			}
			else if (exporter == ExporterName.CONSOLE) {
				sdk.addMeterProviderCustomizer((metrics, properties) -> metrics
					.registerMetricReader(PeriodicMetricReader.builder(ledger.counting(new ConsoleMetricExporter(this.console)))
						.setInterval(properties.getDuration("otel.metric.export.interval"))
						.build()));
			}
		}

		/**
		 * Whether a signal's OTLP exporter has somewhere to send: always, as in the Python library
		 * (the SDK's default endpoint); beside an application's own stack, only where an endpoint
		 * was configured, so that no stream goes to an endpoint nobody named.
		 */
		private boolean otlpEndpoint(String signal) {
			return !this.options.applicationStack()
					|| OtlpEndpoints.configured(signal, this.options.otelProperties(), this.environment);
		}

		/** NeMo Lens' defaults where the Java SDK's differ; the process environment overrides them. */
		private static Map<String, String> referenceDefaults() {
			return Map.of("otel.exporter.otlp.protocol", "grpc", "otel.metric.export.interval", "10000");
		}

		/**
		 * Which signals the SDK's own exporters carry: only OTLP ones that the caller did not
		 * replace; everything else is added by the customizers above. Forced, so that a stray
		 * {@code OTEL_TRACES_EXPORTER} cannot make a rank export what Lens was told not to.
		 */
		private Map<String, String> signalProperties(ExporterName exporter, boolean givenSpans, boolean givenLogs) {
			boolean otlp = exporter == ExporterName.OTLP;
			Map<String, String> properties = new HashMap<>(this.options.otelProperties());
			properties.put("otel.traces.exporter", otlpTraces(exporter, givenSpans) ? "otlp" : "none");
			properties.put("otel.metrics.exporter", (otlp && this.config.metricsEnabled()
					&& this.options.metricReader() == null && otlpEndpoint(METRICS)) ? "otlp" : "none");
			properties.put("otel.logs.exporter",
					(otlp && this.config.logsEnabled() && !givenLogs && otlpEndpoint(LOGS)) ? "otlp" : "none");
			// Nothing recorded where nothing can export, unless a flight recorder reads the open spans.
			if (!spansLeave(exporter, givenSpans) && !this.recorded) {
				properties.put("otel.traces.sampler", "always_off");
			}
			if (this.preparing) {
				properties.put("otel.bsp.schedule.delay", "1");
				properties.put("otel.blrp.schedule.delay", "1");
			}
			return properties;
		}

		private boolean otlpTraces(ExporterName exporter, boolean givenSpans) {
			return exporter == ExporterName.OTLP && this.config.tracesEnabled() && !givenSpans
					&& otlpEndpoint(TRACES);
		}

		/** Whether the spans that end on the SDK have an exporter to leave by. */
		private boolean spansLeave(ExporterName exporter, boolean givenSpans) {
			return this.config.tracesEnabled()
					&& (otlpTraces(exporter, givenSpans) || givenSpans || exporter == ExporterName.CONSOLE);
		}

	}

}
