package nemo.lens.sample.e2e;

import java.util.concurrent.CountDownLatch;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Scope;
import nemo.lens.NemoLens;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.launch.RankInfo;

/**
 * A plain Java rank that trains a few steps and then hangs in a collective, for
 * {@link MpirunStallIT}: it sets up Lens from its environment and the launcher's rank, runs
 * {@code STEPS} steps ({@code train.step} with {@code dl.step}, around a {@code forward}) of
 * {@code STEP_MILLIS} each, twice as long on the rank named by {@code SLOW_RANK}; then opens the next
 * {@code train.step}, inside it {@code allreduce} on the rank named by {@code STALL_RANK} and
 * {@code barrier} on the others, says so on one line, and waits until it is killed, as a rank whose
 * peer never answers does.
 */
public final class StallRank {

	private StallRank() {
	}

	public static void main(String[] args) throws InterruptedException {
		RankInfo rank = RankInfo.detect();
		TelemetryHandle handle = NemoLens.setupTelemetry(NemoLensConfig.fromEnv(), rank.rank(), rank.worldSize());
		String collective = (rank.rank() == Integer.parseInt(System.getenv("STALL_RANK"))) ? "allreduce" : "barrier";
		int steps = Integer.parseInt(System.getenv().getOrDefault("STEPS", "0"));
		long stepMillis = Long.parseLong(System.getenv().getOrDefault("STEP_MILLIS", "0"))
				* ((rank.rank() == Integer.parseInt(System.getenv().getOrDefault("SLOW_RANK", "-1"))) ? 2 : 1);
		for (int i = 0; i < steps; i++) {
			Span done = handle.tracer().spanBuilder("train.step").setAttribute("dl.step", i).startSpan();
			try (Scope inStep = done.makeCurrent()) {
				Span forward = handle.tracer().spanBuilder("forward").startSpan();
				Thread.sleep(stepMillis);
				forward.end();
			}
			done.end();
		}
		Span step = handle.tracer().spanBuilder("train.step").setAttribute("dl.step", steps).startSpan();
		try (Scope inStep = step.makeCurrent()) {
			handle.tracer().spanBuilder(collective).startSpan();
			System.out.println("rank " + rank.rank() + " in " + collective + " inside " + Span.current());
			new CountDownLatch(1).await();
		}
	}

}
