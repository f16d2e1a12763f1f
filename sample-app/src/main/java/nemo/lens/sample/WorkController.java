package nemo.lens.sample;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import nemo.lens.TelemetryHandle;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * A unit of traced work: a parent span with two children. On a silent rank the spans are no-ops
 * and cost next to nothing; on an exporting rank they leave through the configured exporter.
 *
 * <p>
 * It counts the {@code /work} calls it served ({@code GET /work/served}) and logs the final count
 * and the spans they made when the context closes, after the web server stopped taking requests.
 * That is the application's own count, which a client cannot know exactly: a request it gave up
 * on, or one its HTTP client sent again after a dropped connection, may still have been served.
 */
@RestController
class WorkController implements DisposableBean {

	private static final Log logger = LogFactory.getLog(WorkController.class);

	private static final int SPANS_PER_CALL = 3;

	private final TelemetryHandle telemetry;

	private final AtomicLong served = new AtomicLong();

	WorkController(TelemetryHandle telemetry) {
		this.telemetry = telemetry;
	}

	@GetMapping("/work")
	Map<String, Object> work() {
		Tracer tracer = this.telemetry.tracer();
		Span work = tracer.spanBuilder("work").startSpan();
		long checksum;
		try (Scope scope = work.makeCurrent()) {
			Span load = tracer.spanBuilder("load-batch").startSpan();
			long[] batch = new long[1024];
			for (int i = 0; i < batch.length; i++) {
				batch[i] = (long) i * this.telemetry.rank();
			}
			load.end();
			Span compute = tracer.spanBuilder("compute").startSpan();
			checksum = 0;
			for (long value : batch) {
				checksum += value;
			}
			compute.setAttribute("checksum", checksum);
			compute.end();
		}
		finally {
			work.end();
			this.served.incrementAndGet();
		}
		return Map.of("rank", this.telemetry.rank(), "worldSize", this.telemetry.worldSize(), "exporting",
				this.telemetry.isExporting(), "traceId", work.getSpanContext().getTraceId(), "spans", SPANS_PER_CALL,
				"checksum", checksum);
	}

	/** How many {@code /work} calls this process served so far, and the spans they made. */
	@GetMapping("/work/served")
	Map<String, Object> served() {
		long calls = this.served.get();
		return Map.of("calls", calls, "spans", calls * SPANS_PER_CALL);
	}

	@Override
	public void destroy() {
		long calls = this.served.get();
		logger.info("Served " + calls + " /work calls, " + (calls * SPANS_PER_CALL) + " spans");
	}

}
