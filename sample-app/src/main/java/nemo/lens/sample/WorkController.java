package nemo.lens.sample;

import java.util.Map;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import nemo.lens.TelemetryHandle;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * A unit of traced work: a parent span with two children. On a silent rank the spans are no-ops
 * and cost next to nothing; on an exporting rank they leave through the configured exporter.
 */
@RestController
class WorkController {

	private final TelemetryHandle telemetry;

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
		}
		return Map.of("rank", this.telemetry.rank(), "worldSize", this.telemetry.worldSize(), "exporting",
				this.telemetry.isExporting(), "traceId", work.getSpanContext().getTraceId(), "spans", 3, "checksum",
				checksum);
	}

}
