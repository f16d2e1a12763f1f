package nemo.lens.sdk;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SpanProcessor;

/**
 * Remembers the spans that have started and not ended, so that shutdown can end them, marked
 * {@value #TRUNCATED_ATTRIBUTE}, instead of losing long-lived spans at exit (as NeMo Lens 0.2.0 does).
 */
final class OpenSpanTracker implements SpanProcessor {

	static final String TRUNCATED_ATTRIBUTE = "nemo.span.truncated";

	private final Set<ReadWriteSpan> openSpans = ConcurrentHashMap.newKeySet();

	@Override
	public void onStart(Context parentContext, ReadWriteSpan span) {
		this.openSpans.add(span);
	}

	@Override
	public boolean isStartRequired() {
		return true;
	}

	@Override
	public void onEnd(ReadableSpan span) {
		this.openSpans.remove(span);
	}

	@Override
	public boolean isEndRequired() {
		return true;
	}

	/**
	 * Ends every span still open, marked truncated.
	 * @return how many spans were ended
	 */
	int endOpenSpans() {
		int ended = 0;
		for (ReadWriteSpan span : this.openSpans) {
			if (this.openSpans.remove(span) && !span.hasEnded()) {
				span.setAttribute(TRUNCATED_ATTRIBUTE, true);
				span.end();
				ended++;
			}
		}
		return ended;
	}

}
