package nemo.lens.sdk;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SpanProcessor;

/**
 * Asks the tracer provider to export as soon as its first span has ended, then steps aside: a rank
 * switched on while it runs shows its first spans at once rather than after the batch delay, which
 * an operator opening a stalled rank is waiting for. The flush is asynchronous; the span's own
 * thread does not wait for it.
 */
final class FirstSpanFlush implements SpanProcessor {

	private final Supplier<SdkTracerProvider> provider;

	private final AtomicBoolean flushed = new AtomicBoolean();

	FirstSpanFlush(Supplier<SdkTracerProvider> provider) {
		this.provider = provider;
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
		if (!this.flushed.get()) {
			SdkTracerProvider tracers = this.provider.get();
			if (tracers != null && this.flushed.compareAndSet(false, true)) {
				tracers.forceFlush();
			}
		}
	}

	@Override
	public boolean isEndRequired() {
		return !this.flushed.get();
	}

}
