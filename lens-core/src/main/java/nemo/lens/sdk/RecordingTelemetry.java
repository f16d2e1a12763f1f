package nemo.lens.sdk;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.opentelemetry.api.trace.TracerProvider;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.ReadableSpan;

/**
 * The SDK a silent rank records its spans with when the flight recorder is on: the tracer
 * provider, resource and sampler of the SDK it would export with, and a recorder in place of the
 * exporter. Built by {@link ExportingTelemetry.Builder#buildRecording}. It keeps the books on the
 * spans started and not yet ended, as an exporting SDK does, so that a dump shows the step a rank
 * is in.
 */
public final class RecordingTelemetry {

	private final OpenTelemetrySdk sdk;

	private final Resource resource;

	private final OpenSpanTracker openSpans;

	RecordingTelemetry(OpenTelemetrySdk sdk, Resource resource, OpenSpanTracker openSpans) {
		this.sdk = sdk;
		this.resource = resource;
		this.openSpans = openSpans;
	}

	/**
	 * The SDK: its tracer provider records; its meter and logger providers are never handed out.
	 * @return the SDK
	 */
	public OpenTelemetrySdk sdk() {
		return this.sdk;
	}

	/**
	 * The tracer provider that records.
	 * @return the tracer provider
	 */
	public TracerProvider tracerProvider() {
		return this.sdk.getTracerProvider();
	}

	/**
	 * The resource of the recorded spans: the rank's, as its exporting SDK would carry it.
	 * @return the resource
	 */
	public Resource resource() {
		return this.resource;
	}

	/**
	 * The sampled spans started on this SDK and not ended yet, in no particular order.
	 * @return the open spans
	 */
	public List<ReadableSpan> openSpans() {
		return this.openSpans.openSpans();
	}

	/**
	 * How many spans were not tracked as open, as the open-span table had no room for them.
	 * @return the count
	 */
	public long untrackedSpans() {
		return this.openSpans.untrackedSpans();
	}

	/**
	 * Stops recording; nothing is exported, so this returns at once.
	 * @param timeout the longest wait
	 */
	public void shutdown(Duration timeout) {
		this.sdk.shutdown().join(timeout.toNanos(), TimeUnit.NANOSECONDS);
	}

}
