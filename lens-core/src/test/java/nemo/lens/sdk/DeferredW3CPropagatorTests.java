package nemo.lens.sdk;

import java.util.HashMap;
import java.util.Map;

import io.opentelemetry.api.baggage.Baggage;
import io.opentelemetry.api.baggage.propagation.W3CBaggagePropagator;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapPropagator;
import nemo.lens.MapGetter;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DeferredW3CPropagatorTests {

	private static final TextMapPropagator W3C = TextMapPropagator.composite(W3CTraceContextPropagator.getInstance(),
			W3CBaggagePropagator.getInstance());


	@Test
	void namesTheFieldsOfTheW3CPropagatorsWithoutLinkingThem() {
		assertThat(DeferredW3CPropagator.getInstance().fields()).containsExactlyElementsOf(W3C.fields());
	}

	@Test
	void injectsWhatTheW3CPropagatorsInject() {
		Context context = Context.root()
			.with(Span.wrap(SpanContext.create("0af7651916cd43dd8448eb211c80319c", "b7ad6b7169203331",
					TraceFlags.getSampled(), TraceState.builder().put("vendor", "x").build())))
			.with(Baggage.builder().put("job", "train-7").build());
		Map<String, String> deferred = new HashMap<>();
		Map<String, String> direct = new HashMap<>();
		DeferredW3CPropagator.getInstance().inject(context, deferred, Map::put);
		W3C.inject(context, direct, Map::put);
		assertThat(deferred).isEqualTo(direct).containsKeys("traceparent", "tracestate", "baggage");
	}

	@Test
	void extractsWhatTheW3CPropagatorsExtract() {
		Map<String, String> carrier = Map.of("traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
				"baggage", "job=train-7");
		Context extracted = DeferredW3CPropagator.getInstance().extract(Context.root(), carrier, MapGetter.INSTANCE);
		assertThat(Span.fromContext(extracted).getSpanContext())
			.isEqualTo(Span.fromContext(W3C.extract(Context.root(), carrier, MapGetter.INSTANCE)).getSpanContext());
		assertThat(Span.fromContext(extracted).getSpanContext().getTraceId()).isEqualTo("0af7651916cd43dd8448eb211c80319c");
		assertThat(Baggage.fromContext(extracted).getEntryValue("job")).isEqualTo("train-7");
	}

}
