package nemo.lens.sdk;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.logs.data.LogRecordData;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import io.opentelemetry.sdk.metrics.export.MetricReader;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;

/**
 * A caller's exporters, lent to each SDK a rank builds while it is switched on and off: an SDK
 * shut down at a switch exports what it held through them but leaves them open for the next one,
 * and they are shut down once, with the rank. A caller's metric reader can serve one SDK only (the SDK shuts it
 * down), so it is lent to the first.
 */
public final class ReusableExports implements ExportOverrides {

	private final ExportOverrides caller;

	private final SpanExporter spanExporter;

	private final LogRecordExporter logRecordExporter;

	private volatile boolean readerLent;

	/**
	 * Wraps a caller's overrides.
	 * @param caller the caller's overrides
	 */
	public ReusableExports(ExportOverrides caller) {
		this.caller = caller;
		this.spanExporter = (caller.spanExporter() != null) ? new KeptSpanExporter(caller.spanExporter()) : null;
		this.logRecordExporter = (caller.logRecordExporter() != null)
				? new KeptLogRecordExporter(caller.logRecordExporter()) : null;
	}

	@Override
	public SpanExporter spanExporter() {
		return this.spanExporter;
	}

	@Override
	public LogRecordExporter logRecordExporter() {
		return this.logRecordExporter;
	}

	@Override
	public synchronized MetricReader metricReader() {
		if (this.readerLent) {
			return null;
		}
		this.readerLent = true;
		return this.caller.metricReader();
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

	/**
	 * Shuts the caller's exporters down, once the last SDK that used them has.
	 * @param timeout the longest wait
	 * @return whether they shut down in time
	 */
	public boolean shutdown(Duration timeout) {
		CompletableResultCode spans = (this.caller.spanExporter() != null) ? this.caller.spanExporter().shutdown()
				: CompletableResultCode.ofSuccess();
		CompletableResultCode logs = (this.caller.logRecordExporter() != null)
				? this.caller.logRecordExporter().shutdown() : CompletableResultCode.ofSuccess();
		return CompletableResultCode.ofAll(List.of(spans, logs))
			.join(timeout.toNanos(), TimeUnit.NANOSECONDS)
			.isSuccess();
	}

	/** A span exporter that one SDK's shutdown leaves open. */
	private record KeptSpanExporter(SpanExporter delegate) implements SpanExporter {

		@Override
		public CompletableResultCode export(Collection<SpanData> spans) {
			return this.delegate.export(spans);
		}

		@Override
		public CompletableResultCode flush() {
			return this.delegate.flush();
		}

		@Override
		public CompletableResultCode shutdown() {
			// The SDK has exported what it held before it shuts its exporter down.
			return CompletableResultCode.ofSuccess();
		}

		@Override
		public String toString() {
			return this.delegate.toString();
		}

	}

	/** A log exporter that one SDK's shutdown leaves open. */
	private record KeptLogRecordExporter(LogRecordExporter delegate) implements LogRecordExporter {

		@Override
		public CompletableResultCode export(Collection<LogRecordData> logs) {
			return this.delegate.export(logs);
		}

		@Override
		public CompletableResultCode flush() {
			return this.delegate.flush();
		}

		@Override
		public CompletableResultCode shutdown() {
			// The SDK has exported what it held before it shuts its exporter down.
			return CompletableResultCode.ofSuccess();
		}

		@Override
		public String toString() {
			return this.delegate.toString();
		}

	}

}
