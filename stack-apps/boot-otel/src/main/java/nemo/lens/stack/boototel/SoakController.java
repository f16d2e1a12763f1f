package nemo.lens.stack.boototel;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /soak?maxMillis=300}: one span per call, made through the application's
 * {@link OpenTelemetry} bean (Lens's handle) with a tracer taken once at start-up, as an application
 * takes it, and held open for a random 0 to {@code maxMillis} ms, so that a switch of the rank meets
 * open spans. The span is a root of its own ({@code setNoParent()}): a caller that sends an unsampled
 * {@code traceparent} gets exactly this one span per call, and no server span, when the rank exports.
 *
 * <p>
 * Just before it ends the span, the endpoint sets its last attribute, {@value #HELD_NANOS}: the time
 * from the start to that attribute, measured on the clock the SDK measures a span's duration with,
 * so that a span that arrives whole lasts at least that long. It answers the span's ids, whether the
 * span was recording when it started ({@code recording}) and just before it ended
 * ({@code recordingAtEnd}: false when something else ended it meanwhile), and how long it was held.
 */
@RestController
class SoakController {

	/** The name of the span every call makes. */
	static final String SPAN = "stack.soak";

	/** The span's last attribute, set just before it ends. */
	static final String HELD_NANOS = "soak.held_nanos";

	private final Tracer tracer;

	SoakController(OpenTelemetry openTelemetry) {
		this.tracer = openTelemetry.getTracer("stack.soak");
	}

	@GetMapping("/soak")
	Map<String, Object> soak(@RequestParam(defaultValue = "300") long maxMillis) throws InterruptedException {
		Span span = this.tracer.spanBuilder(SPAN).setNoParent().startSpan();
		long started = System.nanoTime();
		boolean recording = span.isRecording();
		long hold = ThreadLocalRandom.current().nextLong(Math.max(0, maxMillis) + 1);
		span.setAttribute("soak.hold_millis", hold);
		Thread.sleep(hold);
		boolean recordingAtEnd = span.isRecording();
		span.setAttribute(HELD_NANOS, System.nanoTime() - started);
		span.end();
		Map<String, Object> answer = new LinkedHashMap<>();
		answer.put("traceId", span.getSpanContext().getTraceId());
		answer.put("spanId", span.getSpanContext().getSpanId());
		answer.put("recording", recording);
		answer.put("recordingAtEnd", recordingAtEnd);
		answer.put("holdMillis", hold);
		return answer;
	}

}
