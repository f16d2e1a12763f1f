package nemo.lens.autoconfigure.recorder;

import java.util.Locale;
import java.util.function.BooleanSupplier;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.handler.TracingObservationHandler;

/**
 * Names a server request's span by its method and path as it starts, on a recording rank:
 * Micrometer's tracing handler names it only when the observation stops (by its route,
 * {@code http post /train/{job}}), so while open it is {@code <unspecified span name>}, which says
 * nothing in a stall dump of a hung request. The name given here ({@code http post /train/7}) is
 * the one the span has while open; the tracing handler gives it Boot's when the request ends, so
 * finished and exported spans are named as always. Registered last among the observation
 * handlers, after the tracing handler has started the span.
 */
final class OpenServerSpanNames implements ObservationHandler<Observation.Context> {

	private final ServerRequests requests;

	private final BooleanSupplier recording;

	/**
	 * @param requests reads a server request's method and path
	 * @param recording whether the rank's flight recorder is on
	 */
	OpenServerSpanNames(ServerRequests requests, BooleanSupplier recording) {
		this.requests = requests;
		this.recording = recording;
	}

	@Override
	public boolean supportsContext(Observation.Context context) {
		return this.requests.of(context) != null && this.recording.getAsBoolean();
	}

	@Override
	public void onStart(Observation.Context context) {
		ServerRequests.Request request = this.requests.of(context);
		TracingObservationHandler.TracingContext tracing = context.get(TracingObservationHandler.TracingContext.class);
		Span span = (tracing != null) ? tracing.getSpan() : null;
		if (request != null && span != null) {
			span.name("http " + request.method().toLowerCase(Locale.ROOT) + " " + request.path());
		}
	}

}
