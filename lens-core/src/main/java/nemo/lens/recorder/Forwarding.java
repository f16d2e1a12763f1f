package nemo.lens.recorder;

import java.time.Duration;
import java.util.List;

import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SpanProcessor;
import nemo.lens.sdk.ExportingTelemetry;

/**
 * The recording SDK's span processor: a span that ends goes into the ring while the rank does not
 * export traces, and to the exporting SDK while it does (a span started before the switch-on). The
 * one more volatile read it costs a recorded span is what keeps a span open at a switch-on from
 * being stranded in the ring.
 */
final class Forwarding implements SpanProcessor {

	private final SpanRing ring;

	private volatile ExportingTelemetry target;

	Forwarding(SpanRing ring) {
		this.ring = ring;
	}

	void forwardTo(ExportingTelemetry target) {
		this.target = target;
	}

	/** The SDK spans end into now, the one the rank exports traces with; {@code null} while silent. */
	ExportingTelemetry target() {
		return this.target;
	}

	@Override
	public void onStart(Context parentContext, ReadWriteSpan span) {
	}

	@Override
	public boolean isStartRequired() {
		return false;
	}

	@Override
	public void onEnd(ReadableSpan span) {
		ExportingTelemetry current = this.target;
		if (current == null) {
			this.ring.onEnd(span);
			return;
		}
		if (span.getSpanContext().isSampled()) {
			current.exportFirst(List.of(span.toSpanData()), Duration.ZERO);
		}
	}

	@Override
	public boolean isEndRequired() {
		return true;
	}

	@Override
	public CompletableResultCode shutdown() {
		return this.ring.shutdown();
	}

	@Override
	public CompletableResultCode forceFlush() {
		return this.ring.forceFlush();
	}

}
