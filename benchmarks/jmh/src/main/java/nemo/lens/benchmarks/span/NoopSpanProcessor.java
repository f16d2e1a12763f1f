package nemo.lens.benchmarks.span;

import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SpanProcessor;

/**
 * A span processor that takes every span as it ends and does nothing with it: the SDK records each
 * span (ids, sampler, attributes, end time) and hands it over, as it would to a recorder, so that
 * the set-up measures the SDK's own span and no exporter, queue or copy.
 */
final class NoopSpanProcessor implements SpanProcessor {

	@Override
	public void onStart(Context parentContext, ReadWriteSpan span) {
	}

	@Override
	public boolean isStartRequired() {
		return false;
	}

	@Override
	public void onEnd(ReadableSpan span) {
	}

	@Override
	public boolean isEndRequired() {
		return true;
	}

}
