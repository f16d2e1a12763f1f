package nemo.lens.sample.e2e;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;

/**
 * One rank's tracing, in-process, for the receiver's own tests: a real SDK with the rank resource
 * Lens would give it, exporting each span as it ends through the exporter under test.
 */
final class TracingRank implements AutoCloseable {

	private final OpenTelemetrySdk sdk;

	private final ResultKeepingExporter exporter;

	TracingRank(long rank, SpanExporter exporter) {
		this.exporter = new ResultKeepingExporter(exporter);
		this.sdk = OpenTelemetrySdk.builder()
			.setTracerProvider(SdkTracerProvider.builder()
				.setResource(resource(rank))
				.addSpanProcessor(SimpleSpanProcessor.create(this.exporter))
				.build())
			.build();
	}

	/** The attributes Lens puts on a rank's resource, as far as the receiver's tests look. */
	static Resource resource(long rank) {
		return Resource.create(Attributes.builder()
			.put("service.name", "lens-e2e")
			.put("dl.rank", rank)
			.put("dl.world_size", 4L)
			.put("service.instance.id", "run-rank" + rank)
			.build());
	}

	Tracer tracer() {
		return this.sdk.getTracer("lens-test");
	}

	/** Waits for the exports since the last call and tells whether every one of them succeeded. */
	boolean exportsSucceeded() {
		List<CompletableResultCode> results = this.exporter.takeResults();
		return CompletableResultCode.ofAll(results).join(5, TimeUnit.SECONDS).isSuccess();
	}

	@Override
	public void close() {
		this.sdk.close();
	}

	/**
	 * Keeps each export's result: the simple processor forgets a result once it completed, so its
	 * flush would call an export that already failed a success.
	 */
	private static final class ResultKeepingExporter implements SpanExporter {

		private final SpanExporter delegate;

		private final List<CompletableResultCode> results = new CopyOnWriteArrayList<>();

		ResultKeepingExporter(SpanExporter delegate) {
			this.delegate = delegate;
		}

		@Override
		public CompletableResultCode export(Collection<SpanData> spans) {
			CompletableResultCode result = this.delegate.export(spans);
			this.results.add(result);
			return result;
		}

		@Override
		public CompletableResultCode flush() {
			return this.delegate.flush();
		}

		@Override
		public CompletableResultCode shutdown() {
			return this.delegate.shutdown();
		}

		synchronized List<CompletableResultCode> takeResults() {
			List<CompletableResultCode> taken = List.copyOf(this.results);
			this.results.removeAll(taken);
			return taken;
		}

	}

}
