package nemo.lens.benchmarks.fleet.rank;

import java.time.Instant;
import java.util.concurrent.locks.LockSupport;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import nemo.lens.NemoLens;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.launch.RankInfo;

/**
 * One rank of the fleet benchmark, as a plain Java training loop would be: it works in steps, one
 * span and one counter increment per step, forever, until its launcher ends it.
 * <p>
 * {@code lens} (the default) sets telemetry up through {@link NemoLens} from {@code NEMO_LENS_*}
 * and the launcher's variables, as a user's program does; {@code noop} runs the same loop on the
 * OpenTelemetry no-op API: the same program without Lens, the floor a silent rank is held to.
 * <p>
 * It speaks to the harness on standard output, one line per event, so that the harness waits on
 * events rather than sleeps: {@value #READY} once set up (rank, local rank, decision, pid) and
 * {@value #SWITCHED} whenever a live switch changed what it exports, with the wall-clock time of
 * the change, against which the receiver's span start times are compared.
 * <p>
 * {@code LOCAL_RANK}, when set, is the local rank: the harness sets it to pack the ranks of one
 * machine into nodes of 8, which is also what {@code first_rank_per_node} reads first.
 */
public final class FleetRank {

	/** The line printed once telemetry is set up. */
	public static final String READY = "FLEET_READY";

	/** The line printed when a live switch changed the decision. */
	public static final String SWITCHED = "FLEET_SWITCHED";

	private FleetRank() {
	}

	/**
	 * Runs the rank until the process is ended.
	 * @param args {@code lens} or {@code noop}; the step period is {@code FLEET_STEP_MS} (200 ms)
	 */
	public static void main(String[] args) {
		boolean lens = args.length == 0 || !args[0].equals("noop");
		long stepNanos = Long.parseLong(System.getenv().getOrDefault("FLEET_STEP_MS", "200")) * 1_000_000L;
		RankInfo info = RankInfo.detect();
		String localRankVariable = System.getenv("LOCAL_RANK");
		Integer localRank = (localRankVariable != null) ? Integer.valueOf(localRankVariable)
				: (info.localRank().isPresent() ? info.localRank().getAsInt() : null);
		OpenTelemetry telemetry;
		boolean exporting;
		if (lens) {
			TelemetryHandle handle = NemoLens.setupTelemetry(NemoLensConfig.fromEnv(), info.rank(), info.worldSize(),
					TelemetryOptions.builder().rankInfo(info).localRank(localRank).build());
			handle.onSwitch(() -> report(SWITCHED, info.rank(), localRank, handle.isExporting()));
			telemetry = handle.openTelemetry();
			exporting = handle.isExporting();
		}
		else {
			telemetry = OpenTelemetry.noop();
			exporting = false;
		}
		Tracer tracer = telemetry.getTracer("fleet-rank");
		LongCounter steps = telemetry.getMeter("fleet-rank").counterBuilder("fleet.steps").build();
		report(READY, info.rank(), localRank, exporting);
		// Steps on a fixed rate, not a fixed delay: every rank sends the same spans per second.
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

	private static void report(String event, int rank, Integer localRank, boolean exporting) {
		// One println per line: mpirun forwards each rank's lines whole.
		System.out.println(event + " rank=" + rank + " local=" + localRank + " exporting=" + exporting + " pid="
				+ ProcessHandle.current().pid() + " at=" + currentEpochNanos());
		System.out.flush();
	}

	private static long currentEpochNanos() {
		Instant now = Instant.now();
		return now.getEpochSecond() * 1_000_000_000L + now.getNano();
	}

}
