package nemo.lens;

import java.net.ConnectException;
import java.util.Collection;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.metrics.InstrumentType;
import io.opentelemetry.sdk.metrics.data.AggregationTemporality;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.metrics.export.MetricExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;

/**
 * In-process stand-ins for a collector that misbehaves, as exporters see it: one that accepts and
 * never answers, and one that refuses. Each counts its export calls, so a test can tell that the
 * fault was really met.
 */
public final class UnresponsiveCollector {

	private UnresponsiveCollector() {
	}

	/**
	 * A span exporter whose exports and flushes never complete. Its shutdown returns at once, as
	 * the OTLP exporters' does, unless {@code shutdownNeverCompletes}.
	 * @param shutdownNeverCompletes whether shutdown never completes either
	 * @return the exporter
	 */
	public static CountingSpanExporter silentSpans(boolean shutdownNeverCompletes) {
		return new CountingSpanExporter(CompletableResultCode::new,
				shutdownNeverCompletes ? CompletableResultCode::new : CompletableResultCode::ofSuccess);
	}

	/**
	 * A span exporter whose every export fails at once with "Connection refused".
	 * @return the exporter
	 */
	public static CountingSpanExporter refusingSpans() {
		return failingSpans(new ConnectException("Connection refused"));
	}

	/**
	 * A span exporter whose every export fails at once with the given error.
	 * @param error what each export fails with
	 * @return the exporter
	 */
	public static CountingSpanExporter failingSpans(Exception error) {
		return new CountingSpanExporter(() -> CompletableResultCode.ofExceptionalFailure(error),
				CompletableResultCode::ofSuccess);
	}

	/**
	 * A metric exporter whose exports, flushes and shutdown never complete.
	 * @return the exporter
	 */
	public static CountingMetricExporter silentMetrics() {
		return new CountingMetricExporter();
	}

	/** A span exporter with a fixed answer, counting its exports. */
	public static final class CountingSpanExporter implements SpanExporter {

		private final Supplier<CompletableResultCode> exportResult;

		private final Supplier<CompletableResultCode> shutdownResult;

		private final AtomicInteger exportCalls = new AtomicInteger();

		private CountingSpanExporter(Supplier<CompletableResultCode> exportResult,
				Supplier<CompletableResultCode> shutdownResult) {
			this.exportResult = exportResult;
			this.shutdownResult = shutdownResult;
		}

		@Override
		public CompletableResultCode export(Collection<SpanData> spans) {
			this.exportCalls.incrementAndGet();
			return this.exportResult.get();
		}

		@Override
		public CompletableResultCode flush() {
			return new CompletableResultCode();
		}

		@Override
		public CompletableResultCode shutdown() {
			return this.shutdownResult.get();
		}

		public int exportCalls() {
			return this.exportCalls.get();
		}

	}

	/** A metric exporter that never answers, counting its exports. */
	public static final class CountingMetricExporter implements MetricExporter {

		private final AtomicInteger exportCalls = new AtomicInteger();

		@Override
		public CompletableResultCode export(Collection<MetricData> metrics) {
			this.exportCalls.incrementAndGet();
			return new CompletableResultCode();
		}

		@Override
		public CompletableResultCode flush() {
			return new CompletableResultCode();
		}

		@Override
		public CompletableResultCode shutdown() {
			return new CompletableResultCode();
		}

		@Override
		public AggregationTemporality getAggregationTemporality(InstrumentType instrumentType) {
			return AggregationTemporality.CUMULATIVE;
		}

		public int exportCalls() {
			return this.exportCalls.get();
		}

	}

}
