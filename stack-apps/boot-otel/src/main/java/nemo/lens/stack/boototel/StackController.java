package nemo.lens.stack.boototel;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.opentelemetry.api.GlobalOpenTelemetry;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestClient;

/**
 * Work the way a Boot application does it, through Micrometer only: {@code GET /work} makes an
 * observation (a span) and counts a Micrometer counter; {@code GET /relay?next=<url>} calls the
 * next rank with a {@link RestClient} from Boot's builder, so the W3C {@code traceparent} header
 * goes along. Both answer the trace id this process saw, so a test can follow a request.
 * {@code GET /library} makes a span the way a library does that is handed no {@code OpenTelemetry}
 * and looks it up in {@link GlobalOpenTelemetry}.
 */
@RestController
class StackController {

	/** Registered at start-up, so every Micrometer push carries it and a test can count pushes. */
	static final String WORK_COUNTER = "stack.work.calls";

	/** The span {@code GET /library} makes through {@link GlobalOpenTelemetry}. */
	static final String LIBRARY_SPAN = "library.call";

	private final ObservationRegistry observations;

	private final Tracer tracer;

	private final Counter workCalls;

	private final RestClient next;

	StackController(ObservationRegistry observations, Tracer tracer, MeterRegistry meters,
			RestClient.Builder restClients) {
		this.observations = observations;
		this.tracer = tracer;
		this.workCalls = Counter.builder(WORK_COUNTER).register(meters);
		this.next = restClients.build();
	}

	@GetMapping("/work")
	Map<String, Object> work() {
		Observation.createNotStarted("stack.work", this.observations).observe(() -> this.workCalls.increment());
		return Map.of("traceId", traceId());
	}

	@GetMapping("/library")
	Map<String, Object> library() {
		io.opentelemetry.api.trace.Span span = GlobalOpenTelemetry.getTracer("stack.library")
			.spanBuilder(LIBRARY_SPAN)
			.startSpan();
		boolean recording = span.isRecording();
		span.end();
		return Map.of("recording", recording);
	}

	@GetMapping("/relay")
	Map<String, Object> relay(@RequestParam String next) {
		// As given, not as a URI template: an encoded query of its own stays encoded once.
		String downstream = this.next.get().uri(URI.create(next)).retrieve().body(String.class);
		Map<String, Object> answer = new LinkedHashMap<>();
		answer.put("traceId", traceId());
		answer.put("next", downstream);
		return answer;
	}

	private String traceId() {
		Span span = this.tracer.currentSpan();
		return (span != null) ? span.context().traceId() : "";
	}

}
