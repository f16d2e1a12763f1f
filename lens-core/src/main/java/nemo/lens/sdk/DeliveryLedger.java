package nemo.lens.sdk;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.common.export.MemoryMode;
import io.opentelemetry.sdk.logs.data.LogRecordData;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import io.opentelemetry.sdk.metrics.Aggregation;
import io.opentelemetry.sdk.metrics.InstrumentType;
import io.opentelemetry.sdk.metrics.data.AggregationTemporality;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.metrics.export.MetricExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import nemo.lens.env.Redaction;

/**
 * Counts what an exporting rank produced and what reached the collector, so that a dead or
 * refusing collector costs one warning at its first failure and one summary with counts at
 * shutdown, instead of a message per batch or per span.
 */
final class DeliveryLedger {

	private final LongSupplier spansEnded;

	private final LongAdder spansDelivered = new LongAdder();

	private final LongAdder spansFailed = new LongAdder();

	private final LongAdder metricExports = new LongAdder();

	private final LongAdder metricExportsFailed = new LongAdder();

	private final AtomicBoolean failureReported = new AtomicBoolean();

	/** The threads that export spans: the batch processor's worker, to wake when it is shut down. */
	private final Set<Thread> spanExportThreads = ConcurrentHashMap.newKeySet();

	/** The threads that export log records, as {@link #spanExportThreads} for spans. */
	private final Set<Thread> logExportThreads = ConcurrentHashMap.newKeySet();

	/** Metric exports sent and not answered yet: a stop waits for them rather than cancel them. */
	private final Set<CompletableResultCode> metricExportsInFlight = ConcurrentHashMap.newKeySet();

	private final Consumer<String> warnings;

	/**
	 * @param warnings where the first failure is reported
	 */
	/**
	 * Creates a ledger.
	 * @param spansEnded how many sampled spans have ended, counted where spans are already tracked
	 * so that the hot path pays for one counter only
	 * @param warnings where the warnings go
	 */
	DeliveryLedger(LongSupplier spansEnded, Consumer<String> warnings) {
		this.spansEnded = spansEnded;
		this.warnings = warnings;
	}

	SpanExporter counting(SpanExporter delegate) {
		return new CountingSpanExporter(delegate);
	}

	MetricExporter counting(MetricExporter delegate) {
		return new CountingMetricExporter(delegate);
	}

	LogRecordExporter noting(LogRecordExporter delegate) {
		return new NotingLogRecordExporter(delegate);
	}

	/**
	 * Wakes the batch processor workers that exported spans, once their processor is shut down: a
	 * worker notices its shutdown only when it next wakes, up to the batch delay (5 s by default)
	 * later, and its thread would outlive the stop by that much. Nothing is left for it to send.
	 */
	void wakeSpanWorkers() {
		wake(this.spanExportThreads);
	}

	/** As {@link #wakeSpanWorkers()}, for the log record processor's worker. */
	void wakeLogWorkers() {
		wake(this.logExportThreads);
	}

	private static void wake(Set<Thread> threads) {
		for (Thread thread : threads) {
			if (thread.isAlive() && thread.getName().startsWith("Batch")) {
				thread.interrupt();
			}
		}
		threads.clear();
	}

	private static void note(Set<Thread> threads) {
		Thread current = Thread.currentThread();
		if (!threads.contains(current)) {
			threads.add(current);
		}
	}

	/**
	 * Waits until every metric export sent so far has been answered, at most the timeout: closing
	 * the exporter meanwhile would cancel the request, lose its data points and log an error.
	 * @param timeout the longest wait
	 * @return whether every export was answered in time
	 */
	boolean awaitMetricExports(Duration timeout) {
		List<CompletableResultCode> inFlight = List.copyOf(this.metricExportsInFlight);
		return inFlight.isEmpty()
				|| CompletableResultCode.ofAll(inFlight).join(timeout.toNanos(), TimeUnit.NANOSECONDS).isDone();
	}

	/**
	 * Whether the exporter has answered, delivered or failed, for every sampled span that ended.
	 * @return whether no span is still queued or in flight
	 */
	boolean spansAnswered() {
		return this.spansDelivered.sum() + this.spansFailed.sum() >= this.spansEnded.getAsLong();
	}

	/**
	 * Says what was lost, once, or nothing when everything arrived.
	 * @return the summary, or {@code null}
	 */
	String lossSummary() {
		long ended = this.spansEnded.getAsLong();
		long delivered = this.spansDelivered.sum();
		long failed = this.spansFailed.sum();
		long unsent = Math.max(0, ended - delivered - failed);
		long exports = this.metricExports.sum();
		long exportsFailed = this.metricExportsFailed.sum();
		if (failed + unsent == 0 && exportsFailed == 0) {
			return null;
		}
		return "NeMo Lens: " + (failed + unsent) + " of " + ended + " spans were not delivered (" + failed
				+ " failed to export, " + unsent + " still queued, in flight or dropped when the queue was full); "
				+ exportsFailed + " of " + exports + " metric exports failed";
	}

	private void recordFailure(String signal, CompletableResultCode result) {
		if (this.failureReported.compareAndSet(false, true)) {
			Throwable cause = result.getFailureThrowable();
			this.warnings.accept("NeMo Lens could not export " + signal + " ("
					+ ((cause != null) ? Redaction.redact(cause.toString()) : "rejected")
					+ "); later failures are counted and reported once at shutdown");
		}
	}

	private final class CountingSpanExporter implements SpanExporter {

		private final SpanExporter delegate;

		CountingSpanExporter(SpanExporter delegate) {
			this.delegate = delegate;
		}

		@Override
		public CompletableResultCode export(Collection<SpanData> spans) {
			note(DeliveryLedger.this.spanExportThreads);
			int count = spans.size();
			CompletableResultCode result = this.delegate.export(spans);
			result.whenComplete(() -> {
				if (result.isSuccess()) {
					DeliveryLedger.this.spansDelivered.add(count);
				}
				else {
					DeliveryLedger.this.spansFailed.add(count);
					recordFailure("spans", result);
				}
			});
			return result;
		}

		@Override
		public CompletableResultCode flush() {
			return this.delegate.flush();
		}

		@Override
		public CompletableResultCode shutdown() {
			// Called on the worker as its processor shuts down: noted also where it never exported
			// (a pipeline switched on and off again with no span), so that its thread ends with the stop.
			note(DeliveryLedger.this.spanExportThreads);
			return this.delegate.shutdown();
		}

		@Override
		public String toString() {
			return "Counting(" + this.delegate + ")";
		}

	}

	private final class CountingMetricExporter implements MetricExporter {

		private final MetricExporter delegate;

		CountingMetricExporter(MetricExporter delegate) {
			this.delegate = delegate;
		}

		@Override
		public CompletableResultCode export(Collection<MetricData> metrics) {
			DeliveryLedger.this.metricExports.increment();
			CompletableResultCode result = this.delegate.export(metrics);
			DeliveryLedger.this.metricExportsInFlight.add(result);
			result.whenComplete(() -> {
				DeliveryLedger.this.metricExportsInFlight.remove(result);
				if (!result.isSuccess()) {
					DeliveryLedger.this.metricExportsFailed.increment();
					recordFailure("metrics", result);
				}
			});
			return result;
		}

		@Override
		public AggregationTemporality getAggregationTemporality(InstrumentType instrumentType) {
			return this.delegate.getAggregationTemporality(instrumentType);
		}

		@Override
		public Aggregation getDefaultAggregation(InstrumentType instrumentType) {
			return this.delegate.getDefaultAggregation(instrumentType);
		}

		@Override
		public MemoryMode getMemoryMode() {
			return this.delegate.getMemoryMode();
		}

		@Override
		public CompletableResultCode flush() {
			return this.delegate.flush();
		}

		/**
		 * Closes the exporter once the exports under way are answered. The SDK's periodic reader
		 * closes its exporter right after its last collection, and where a scheduled export was
		 * still in flight then, that last collection is skipped and the export under way
		 * cancelled by the close ({@code Canceled}): waiting here lets it finish. The wait is
		 * bounded by the exporter's own timeout, and the stop that asks for it runs on a thread
		 * of its own, within the drain or shutdown timeout.
		 */
		@Override
		public CompletableResultCode shutdown() {
			List<CompletableResultCode> inFlight = List.copyOf(DeliveryLedger.this.metricExportsInFlight);
			if (inFlight.isEmpty()) {
				return this.delegate.shutdown();
			}
			CompletableResultCode closed = new CompletableResultCode();
			CompletableResultCode.ofAll(inFlight).whenComplete(() -> {
				CompletableResultCode shutdown = this.delegate.shutdown();
				shutdown.whenComplete(() -> {
					if (shutdown.isSuccess()) {
						closed.succeed();
					}
					else {
						closed.fail();
					}
				});
			});
			return closed;
		}

		@Override
		public String toString() {
			return "Counting(" + this.delegate + ")";
		}

	}

	private final class NotingLogRecordExporter implements LogRecordExporter {

		private final LogRecordExporter delegate;

		NotingLogRecordExporter(LogRecordExporter delegate) {
			this.delegate = delegate;
		}

		@Override
		public CompletableResultCode export(Collection<LogRecordData> logs) {
			note(DeliveryLedger.this.logExportThreads);
			return this.delegate.export(logs);
		}

		@Override
		public CompletableResultCode flush() {
			return this.delegate.flush();
		}

		@Override
		public CompletableResultCode shutdown() {
			// As for spans: the worker that never exported ends with the stop too.
			note(DeliveryLedger.this.logExportThreads);
			return this.delegate.shutdown();
		}

		@Override
		public String toString() {
			return this.delegate.toString();
		}

	}

}
