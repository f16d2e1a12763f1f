package nemo.lens.sample;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;

import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.trace.Span;
import jakarta.annotation.PreDestroy;
import nemo.lens.TelemetryHandle;
import nemo.lens.spans.SpanGroups;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * A unit of traced work: a parent span with two children, made with the span helpers of the
 * handle. On a silent rank the spans are no-ops and cost next to nothing; on an exporting rank they
 * leave through the configured exporter. The parent is in the {@code job} span group, so the span
 * count below holds while that group is enabled (the default).
 *
 * <p>
 * It counts the {@code /work} calls it served ({@code GET /work/served}, and the counter
 * {@code sample.work.calls}) and logs the final count and the spans they made when the context
 * closes, after the web server stopped taking requests.
 * That is the application's own count, which a client cannot know exactly: a request it gave up
 * on, or one its HTTP client sent again after a dropped connection, may still have been served.
 */
@RestController
class WorkController {

	private static final Log logger = LogFactory.getLog(WorkController.class);

	private static final int SPANS_PER_CALL = 3;

	private final TelemetryHandle telemetry;

	private final AtomicLong served = new AtomicLong();

	private final LongCounter calls;

	WorkController(TelemetryHandle telemetry) {
		this.telemetry = telemetry;
		this.calls = telemetry.meter().counterBuilder("sample.work.calls").setDescription("/work calls served").build();
	}

	@GetMapping("/work")
	Map<String, Object> work() {
		long[] checksum = new long[1];
		String[] traceId = { Span.getInvalid().getSpanContext().getTraceId() };
		try {
			// A job-level span (group "job", in the default preset) around two ungated helper spans:
			// NEMO_LENS_SPAN_GROUPS or the lens endpoint can switch the outer one off at run time.
			this.telemetry.span("work").group(SpanGroups.JOB).attribute("sample.call", this.served.get() + 1).run(() -> {
				traceId[0] = Span.current().getSpanContext().getTraceId();
				long[] batch = this.telemetry.span("load-batch").call(this::loadBatch);
				this.telemetry.span("compute").run(() -> {
					checksum[0] = LongStream.of(batch).sum();
					Span.current().setAttribute("checksum", checksum[0]);
				});
			});
		}
		finally {
			this.served.incrementAndGet();
			this.calls.add(1);
		}
		return Map.of("rank", this.telemetry.rank(), "worldSize", this.telemetry.worldSize(), "exporting",
				this.telemetry.isExporting(), "traceId", traceId[0], "spans", SPANS_PER_CALL, "checksum", checksum[0]);
	}

	private long[] loadBatch() {
		long[] batch = new long[1024];
		for (int i = 0; i < batch.length; i++) {
			batch[i] = (long) i * this.telemetry.rank();
		}
		return batch;
	}

	/** How many {@code /work} calls this process served so far, and the spans they made. */
	@GetMapping("/work/served")
	Map<String, Object> served() {
		long calls = this.served.get();
		return Map.of("calls", calls, "spans", calls * SPANS_PER_CALL);
	}

	/** How many {@code /work} calls this process served so far. */
	long calls() {
		return this.served.get();
	}

	@PreDestroy
	void logServed() {
		long calls = this.served.get();
		logger.info("Served " + calls + " /work calls, " + (calls * SPANS_PER_CALL) + " spans");
	}

}
