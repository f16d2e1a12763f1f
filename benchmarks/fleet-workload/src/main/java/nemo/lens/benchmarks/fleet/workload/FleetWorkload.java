package nemo.lens.benchmarks.fleet.workload;

import java.time.Instant;
import java.util.concurrent.locks.LockSupport;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;

/**
 * What every rank of the fleet benchmark does, whatever sets its telemetry up: it works in steps,
 * one span and one counter increment per step ({@code FLEET_STEP_MS}, 200 ms by default), forever,
 * until its launcher ends it; and it speaks to the harness on standard output, one line per event,
 * so that the harness waits on events rather than sleeps.
 */
public final class FleetWorkload {

	/** The line printed once telemetry is set up. */
	public static final String READY = "FLEET_READY";

	/** The line printed when a live switch changed the decision. */
	public static final String SWITCHED = "FLEET_SWITCHED";

	private FleetWorkload() {
	}

	/**
	 * Runs the steps on a fixed rate, not a fixed delay, so that every rank sends the same spans per
	 * second; never returns.
	 * @param telemetry the rank's OpenTelemetry: Lens's, or the no-op API's
	 */
	public static void run(OpenTelemetry telemetry) {
		long stepNanos = Long.parseLong(System.getenv().getOrDefault("FLEET_STEP_MS", "200")) * 1_000_000L;
		Tracer tracer = telemetry.getTracer("fleet-rank");
		LongCounter steps = telemetry.getMeter("fleet-rank").counterBuilder("fleet.steps").build();
		long next = System.nanoTime();
		for (long step = 0;; step++) {
			Span span = tracer.spanBuilder("step").setAttribute("step", step).startSpan();
			steps.add(1);
			span.end();
			next += stepNanos;
			long wait = next - System.nanoTime();
			if (wait > 0) {
				LockSupport.parkNanos(wait);
			}
		}
	}

	/**
	 * Prints one event line: {@code FLEET_READY rank=3 local=3 exporting=false pid=123 at=<ns since
	 * the epoch>}; the harness compares {@code at} of a switch with the start times of the spans it
	 * received.
	 */
	public static void report(String event, int rank, Integer localRank, boolean exporting) {
		Instant now = Instant.now();
		// One println per line: mpirun forwards each rank's lines whole.
		System.out.println(event + " rank=" + rank + " local=" + localRank + " exporting=" + exporting + " pid="
				+ ProcessHandle.current().pid() + " at=" + (now.getEpochSecond() * 1_000_000_000L + now.getNano()));
		System.out.flush();
	}

	/** {@code LOCAL_RANK}, which the harness sets to pack one machine's ranks into nodes; {@code null} when unset. */
	public static Integer localRankVariable() {
		String value = System.getenv("LOCAL_RANK");
		return (value != null) ? Integer.valueOf(value) : null;
	}

}
