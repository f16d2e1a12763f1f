package nemo.lens.sample.e2e;

import java.util.concurrent.CountDownLatch;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Scope;
import nemo.lens.NemoLens;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.launch.RankInfo;

/**
 * A plain Java rank that hangs in a collective, for {@link MpirunStallIT}: it sets up Lens from
 * its environment and the launcher's rank, opens {@code train.step}, inside it {@code allreduce}
 * on the rank named by {@code STALL_RANK} and {@code barrier} on the others, says so on one line,
 * and waits until it is killed, as a rank whose peer never answers does.
 */
public final class StallRank {

	private StallRank() {
	}

	public static void main(String[] args) throws InterruptedException {
		RankInfo rank = RankInfo.detect();
		TelemetryHandle handle = NemoLens.setupTelemetry(NemoLensConfig.fromEnv(), rank.rank(), rank.worldSize());
		String collective = (rank.rank() == Integer.parseInt(System.getenv("STALL_RANK"))) ? "allreduce" : "barrier";
		Span step = handle.tracer().spanBuilder("train.step").startSpan();
		try (Scope inStep = step.makeCurrent()) {
			handle.tracer().spanBuilder(collective).startSpan();
			System.out.println("rank " + rank.rank() + " in " + collective + " inside " + Span.current());
			new CountDownLatch(1).await();
		}
	}

}
