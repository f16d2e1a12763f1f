package nemo.lens.benchmarks.fleet.rank;

import io.opentelemetry.api.OpenTelemetry;
import nemo.lens.NemoLens;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.benchmarks.fleet.workload.FleetWorkload;
import nemo.lens.launch.RankInfo;

/**
 * One plain Java rank of the fleet benchmark, as a training script's JVM would be.
 * <p>
 * {@code lens} (the default) sets telemetry up through {@link NemoLens} from {@code NEMO_LENS_*}
 * and the launcher's variables, as a user's program does, and reports each live switch;
 * {@code noop} runs the same {@link FleetWorkload} on the OpenTelemetry no-op API: the same
 * program without Lens, the floor a silent rank is held to.
 * <p>
 * {@code LOCAL_RANK}, when set, is the local rank: the harness sets it to pack the ranks of one
 * machine into nodes of 8, which is also what {@code first_rank_per_node} reads first.
 */
public final class FleetRank {

	private FleetRank() {
	}

	/**
	 * Runs the rank until the process is ended.
	 * @param args {@code lens} or {@code noop}
	 */
	public static void main(String[] args) {
		boolean lens = args.length == 0 || !args[0].equals("noop");
		RankInfo info = RankInfo.detect();
		Integer localRank = FleetWorkload.localRankVariable();
		if (localRank == null && info.localRank().isPresent()) {
			localRank = info.localRank().getAsInt();
		}
		OpenTelemetry telemetry = OpenTelemetry.noop();
		boolean exporting = false;
		if (lens) {
			TelemetryHandle handle = NemoLens.setupTelemetry(NemoLensConfig.fromEnv(), info.rank(), info.worldSize(),
					TelemetryOptions.builder().rankInfo(info).localRank(localRank).build());
			Integer local = localRank;
			handle.onSwitch(() -> FleetWorkload.report(FleetWorkload.SWITCHED, info.rank(), local, handle.isExporting()));
			telemetry = handle.openTelemetry();
			exporting = handle.isExporting();
		}
		FleetWorkload.report(FleetWorkload.READY, info.rank(), localRank, exporting);
		FleetWorkload.run(telemetry);
	}

}
