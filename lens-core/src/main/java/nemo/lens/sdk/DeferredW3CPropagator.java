package nemo.lens.sdk;

import java.util.Collection;
import java.util.List;

import io.opentelemetry.api.baggage.propagation.W3CBaggagePropagator;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.context.propagation.TextMapSetter;

/**
 * W3C trace context and baggage propagation for a rank that exports nothing, linked at its first
 * inject or extract.
 * <p>
 * A silent rank still carries trace context between the services around it, but most ranks of a
 * training job never propagate anything; linking the W3C propagators at set-up loads a dozen
 * classes and starts {@code java.util.logging} for their loggers, start-up work every silent rank
 * would pay for nothing. The fields are known without linking them.
 */
public final class DeferredW3CPropagator implements TextMapPropagator {

	private static final DeferredW3CPropagator INSTANCE = new DeferredW3CPropagator();

	/** The fields of {@link W3CTraceContextPropagator} and {@link W3CBaggagePropagator}, in that order. */
	private static final List<String> FIELDS = List.of("traceparent", "tracestate", "baggage");

	private DeferredW3CPropagator() {
	}

	/**
	 * The propagator.
	 * @return the one instance
	 */
	public static TextMapPropagator getInstance() {
		return INSTANCE;
	}

	@Override
	public Collection<String> fields() {
		return FIELDS;
	}

	@Override
	public <C> void inject(Context context, C carrier, TextMapSetter<C> setter) {
		Linked.COMPOSITE.inject(context, carrier, setter);
	}

	@Override
	public <C> Context extract(Context context, C carrier, TextMapGetter<C> getter) {
		return Linked.COMPOSITE.extract(context, carrier, getter);
	}

	@Override
	public String toString() {
		return "DeferredW3CPropagator{" + Linked.COMPOSITE + "}";
	}

	/** Holds the W3C propagators: initialised by the JVM at the first inject, extract or toString. */
	private static final class Linked {

		static final TextMapPropagator COMPOSITE = TextMapPropagator.composite(W3CTraceContextPropagator.getInstance(),
				W3CBaggagePropagator.getInstance());

	}

}
