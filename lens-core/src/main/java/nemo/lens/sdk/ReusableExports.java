package nemo.lens.sdk;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.common.export.MemoryMode;
import io.opentelemetry.sdk.logs.data.LogRecordData;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import io.opentelemetry.sdk.metrics.Aggregation;
import io.opentelemetry.sdk.metrics.InstrumentType;
import io.opentelemetry.sdk.metrics.data.AggregationTemporality;
import io.opentelemetry.sdk.metrics.export.CollectionRegistration;
import io.opentelemetry.sdk.metrics.export.MetricReader;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;

/**
 * A caller's exporters and metric reader, given to each SDK a rank builds while it is switched on
 * and off. Each SDK gets a copy of an exporter that can be copied (OpenTelemetry's OTLP exporters,
 * or a {@link CopyableExporter}) and closes it when it stops, so that a switch-off leaves no client,
 * thread or connection behind; an exporter that cannot be copied is lent, left open by the SDK and
 * shut down once, with the rank. The caller's metric reader serves every SDK in turn: it is
 * registered with each and closed only with the rank.
 */
public final class ReusableExports implements ExportOverrides {

	private final ExportOverrides caller;

	private final MetricReader metricReader;

	/**
	 * Wraps a caller's overrides.
	 * @param caller the caller's overrides
	 */
	public ReusableExports(ExportOverrides caller) {
		this.caller = caller;
		this.metricReader = (caller.metricReader() != null) ? new KeptMetricReader(caller.metricReader()) : null;
	}

	/** A new exporter for one SDK: it exports through a copy of the caller's, made at first use. */
	@Override
	public SpanExporter spanExporter() {
		SpanExporter lent = this.caller.spanExporter();
		return (lent != null) ? new PipelineSpanExporter(lent) : null;
	}

	/** A new exporter for one SDK: it exports through a copy of the caller's, made at first use. */
	@Override
	public LogRecordExporter logRecordExporter() {
		LogRecordExporter lent = this.caller.logRecordExporter();
		return (lent != null) ? new PipelineLogRecordExporter(lent) : null;
	}

	@Override
	public MetricReader metricReader() {
		return this.metricReader;
	}

	@Override
	public Attributes resourceAttributes() {
		return this.caller.resourceAttributes();
	}

	@Override
	public Integer localRank() {
		return this.caller.localRank();
	}

	@Override
	public Map<String, String> otelProperties() {
		return this.caller.otelProperties();
	}

	@Override
	public Consumer<String> warnings() {
		return this.caller.warnings();
	}

	@Override
	public boolean applicationStack() {
		return this.caller.applicationStack();
	}

	/**
	 * Shuts the caller's exporters and reader down, once the last SDK that used them has.
	 * @param timeout the longest wait
	 * @return whether they shut down in time
	 */
	public boolean shutdown(Duration timeout) {
		CompletableResultCode closed = new CompletableResultCode();
		// On a daemon thread: a reader's shutdown (the SDK's periodic one) blocks its caller until its
		// exporter answers, and a dead collector must not hold up the rank's exit beyond the timeout.
		Thread closing = new Thread(() -> {
			CompletableResultCode spans = (this.caller.spanExporter() != null) ? this.caller.spanExporter().shutdown()
					: CompletableResultCode.ofSuccess();
			CompletableResultCode logs = (this.caller.logRecordExporter() != null)
					? this.caller.logRecordExporter().shutdown() : CompletableResultCode.ofSuccess();
			CompletableResultCode reader = (this.caller.metricReader() != null)
					? this.caller.metricReader().shutdown() : CompletableResultCode.ofSuccess();
			CompletableResultCode all = CompletableResultCode.ofAll(List.of(spans, logs, reader));
			all.whenComplete(() -> {
				if (all.isSuccess()) {
					closed.succeed();
				}
				else {
					closed.fail();
				}
			});
		}, "nemo-lens-shutdown");
		closing.setDaemon(true);
		closing.start();
		return closed.join(timeout.toNanos(), TimeUnit.NANOSECONDS).isSuccess();
	}

	/**
	 * The exporter one SDK sends through: a copy of the caller's, made at its first use and closed
	 * with the SDK; or, where the caller's cannot be copied, the caller's itself, which the SDK
	 * leaves open for the next.
	 *
	 * @param <E> the exporter type
	 */
	private static final class PipelineCopy<E> {

		private final E lent;

		private final Class<E> type;

		private final Function<E, CompletableResultCode> shutdown;

		private E copy;

		private boolean copied;

		PipelineCopy(E lent, Class<E> type, Function<E, CompletableResultCode> shutdown) {
			this.lent = lent;
			this.type = type;
			this.shutdown = shutdown;
		}

		synchronized E target() {
			if (!this.copied) {
				this.copied = true;
				this.copy = ExporterCopies.copyOf(this.lent, this.type);
			}
			return (this.copy != null) ? this.copy : this.lent;
		}

		synchronized CompletableResultCode close() {
			this.copied = true;
			// The SDK has exported what it held; the caller's own exporter stays open for the next.
			return (this.copy != null) ? this.shutdown.apply(this.copy) : CompletableResultCode.ofSuccess();
		}

		@Override
		public String toString() {
			return this.lent.toString();
		}

	}

	/** The span exporter of one SDK (see {@link PipelineCopy}). */
	private record PipelineSpanExporter(PipelineCopy<SpanExporter> exporter) implements SpanExporter {

		PipelineSpanExporter(SpanExporter lent) {
			this(new PipelineCopy<>(lent, SpanExporter.class, SpanExporter::shutdown));
		}

		@Override
		public CompletableResultCode export(Collection<SpanData> spans) {
			return this.exporter.target().export(spans);
		}

		@Override
		public CompletableResultCode flush() {
			return this.exporter.target().flush();
		}

		@Override
		public CompletableResultCode shutdown() {
			return this.exporter.close();
		}

		@Override
		public String toString() {
			return this.exporter.toString();
		}

	}

	/** The log record exporter of one SDK (see {@link PipelineCopy}). */
	private record PipelineLogRecordExporter(PipelineCopy<LogRecordExporter> exporter) implements LogRecordExporter {

		PipelineLogRecordExporter(LogRecordExporter lent) {
			this(new PipelineCopy<>(lent, LogRecordExporter.class, LogRecordExporter::shutdown));
		}

		@Override
		public CompletableResultCode export(Collection<LogRecordData> logs) {
			return this.exporter.target().export(logs);
		}

		@Override
		public CompletableResultCode flush() {
			return this.exporter.target().flush();
		}

		@Override
		public CompletableResultCode shutdown() {
			return this.exporter.close();
		}

		@Override
		public String toString() {
			return this.exporter.toString();
		}

	}

	/**
	 * The caller's metric reader, registered with each SDK in turn: an SDK that stops has it collect
	 * and export once more, and leaves it open for the next.
	 */
	private record KeptMetricReader(MetricReader delegate) implements MetricReader {

		@Override
		public void register(CollectionRegistration registration) {
			this.delegate.register(registration);
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
		public CompletableResultCode forceFlush() {
			return this.delegate.forceFlush();
		}

		@Override
		public CompletableResultCode shutdown() {
			// The last collection of the SDK that stops; the reader serves the next SDK.
			return this.delegate.forceFlush();
		}

		@Override
		public String toString() {
			return this.delegate.toString();
		}

	}

}
