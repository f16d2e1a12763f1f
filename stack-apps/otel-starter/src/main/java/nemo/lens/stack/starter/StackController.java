package nemo.lens.stack.starter;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestClient;

/**
 * Work the way an application on the OpenTelemetry starter does it: {@code GET /work} makes a span
 * of its own inside the starter's server span, logs a line through Logback (which the starter's
 * appender ships) and counts a Micrometer counter; {@code GET /relay?next=<url>} calls another rank
 * with a {@link RestClient} from Boot's builder, which the starter instruments, so the W3C
 * {@code traceparent} header goes along. Both answer the trace id this process saw, so a test can
 * follow a request. {@code GET /library} makes a span the way a library does that is handed no
 * {@code OpenTelemetry} and looks it up in {@link GlobalOpenTelemetry}.
 */
@RestController
class StackController {

	/** Registered at start-up, so every Micrometer push carries it and a test can count pushes. */
	static final String WORK_COUNTER = "stack.work.calls";

	private static final Logger logger = LoggerFactory.getLogger(StackController.class);

	private final Tracer tracer;

	private final Counter workCalls;

	private final RestClient relay;

	StackController(OpenTelemetry openTelemetry, MeterRegistry meters, RestClient.Builder restClients) {
		this.tracer = openTelemetry.getTracer("nemo.lens.stack.starter");
		this.workCalls = Counter.builder(WORK_COUNTER).register(meters);
		this.relay = restClients.build();
	}

	@GetMapping("/work")
	Map<String, Object> work() {
		Span span = this.tracer.spanBuilder("stack.work").startSpan();
		try (Scope scope = span.makeCurrent()) {
			this.workCalls.increment();
			logger.info("stack work done");
		}
		finally {
			span.end();
		}
		return Map.of("traceId", traceId());
	}

	@GetMapping("/library")
	Map<String, Object> library() {
		Span span = GlobalOpenTelemetry.getTracer("stack.library").spanBuilder("library.call").startSpan();
		boolean recording = span.isRecording();
		span.end();
		return Map.of("recording", recording);
	}

	@GetMapping("/relay")
	Map<String, Object> relay(@RequestParam String next) {
		// As given, not as a URI template: an encoded query of its own stays encoded once.
		String downstream = this.relay.get().uri(URI.create(next)).retrieve().body(String.class);
		Map<String, Object> answer = new LinkedHashMap<>();
		answer.put("traceId", traceId());
		answer.put("next", downstream);
		return answer;
	}

	private static String traceId() {
		return Span.current().getSpanContext().getTraceId();
	}

}
