package nemo.lens.actuate;

import java.util.List;
import java.util.function.Supplier;

import nemo.lens.ExportStrategyRegistry;
import nemo.lens.TelemetryHandle;
import nemo.lens.launch.RankInfo;

import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;

/**
 * Adds this rank's decision, as the {@code lens} endpoint shows it, under {@code lens} in the
 * {@code info} endpoint.
 */
public class LensInfoContributor implements InfoContributor {

	private final TelemetryHandle handle;

	private final RankInfo rankInfo;

	private final ExportStrategyRegistry registry;

	private final Supplier<List<LensDescriptor.DoorSummary>> doors;

	/**
	 * Creates the contributor.
	 * @param handle what was decided
	 * @param rankInfo who this process is in its job
	 * @param registry the strategies of this context
	 * @param doors the telemetry doors of the application and their states
	 */
	public LensInfoContributor(TelemetryHandle handle, RankInfo rankInfo, ExportStrategyRegistry registry,
			Supplier<List<LensDescriptor.DoorSummary>> doors) {
		this.handle = handle;
		this.rankInfo = rankInfo;
		this.registry = registry;
		this.doors = doors;
	}

	@Override
	public void contribute(Info.Builder builder) {
		builder.withDetail("lens", LensDescriptor.of(this.handle, this.rankInfo, this.registry, this.doors.get()));
	}

}
