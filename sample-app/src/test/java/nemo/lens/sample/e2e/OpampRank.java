package nemo.lens.sample.e2e;

import io.opentelemetry.api.trace.Tracer;
import nemo.lens.NemoLens;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.launch.RankInfo;

/**
 * A plain Java rank on lens-core and lens-opamp, as a training script's JVM would be: its rank from
 * the launcher's variables, its settings (an OpAMP server among them) from {@code NEMO_LENS_*}; it
 * prints {@code READY} and then ends a span every 100 ms until it is ended.
 */
public final class OpampRank {

	private OpampRank() {
	}

	public static void main(String[] args) throws InterruptedException {
		RankInfo rank = RankInfo.detect();
		TelemetryHandle handle = NemoLens.setupTelemetry(NemoLensConfig.fromEnv(), rank.rank(), rank.worldSize(),
				TelemetryOptions.builder().rankInfo(rank).build());
		System.out.println("READY rank=" + rank.rank() + " exporting=" + handle.isExporting());
		System.out.flush();
		Tracer tracer = handle.tracer();
		for (long step = 0;; step++) {
			tracer.spanBuilder("step").setAttribute("step", step).startSpan().end();
			Thread.sleep(100);
		}
	}

}
