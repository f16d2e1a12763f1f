package nemo.lens.opamp;

import java.time.Duration;
import java.util.Map;

import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import nemo.lens.launch.RankInfo;
import nemo.lens.live.RankAgent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A rank describes itself to the OpAMP server with the rank attributes its telemetry carries,
 * under the names {@code nemo.lens.attribute-names} picks: {@code dl.*} by default, the
 * {@code nv.dl.*} names, or both; its other attributes keep their names.
 */
class AgentDescriptionTests {

	private static final Map<String, String> ENVIRONMENT = Map.of("NEMO_LENS_RANK", "1", "NEMO_LENS_WORLD_SIZE",
			"2", "NEMO_LENS_LOCAL_RANK", "1", "HOSTNAME", "node-3");

	private TelemetryHandle handle;

	@AfterEach
	void shutDown() {
		if (this.handle != null) {
			this.handle.shutdown(Duration.ofSeconds(2));
		}
	}

	private AgentDescription describe(String attributeNames) {
		NemoLensConfig config = NemoLensConfig.builder()
			.enabled(true)
			.exporter("none")
			.runId("run-9")
			.attributeNames(attributeNames)
			.build();
		this.handle = new TelemetrySetup(new ExportStrategyRegistry(), ENVIRONMENT::get).setup(config, 1, 2,
				TelemetryOptions.builder().shutdownHook(false).build());
		return AgentDescription.of(new RankAgent.Rank(this.handle, null, RankInfo.detect(ENVIRONMENT),
				ENVIRONMENT::get, (warning) -> {
				}));
	}

	@Test
	void byDefaultTheDescriptionCarriesTheDlNames() {
		assertThat(describe(null).nonIdentifying()).containsEntry("dl.rank", 1L)
			.containsEntry("dl.world_size", 2L)
			.containsEntry("dl.local_rank", 1L)
			.containsEntry("nemo.run.id", "run-9")
			.doesNotContainKeys("nv.dl.rank", "nv.dl.world_size", "nv.dl.local_rank");
	}

	@Test
	void nvPutsTheNvDlNamesInPlaceOfTheDlNames() {
		AgentDescription description = describe("nv");
		assertThat(description.nonIdentifying()).containsEntry("nv.dl.rank", 1L)
			.containsEntry("nv.dl.world_size", 2L)
			.containsEntry("nv.dl.local_rank", 1L)
			.containsEntry("nemo.run.id", "run-9")
			.containsEntry("host.name", "node-3")
			.doesNotContainKeys("dl.rank", "dl.world_size", "dl.local_rank");
		assertThat(description.identifying()).containsEntry("service.instance.id", "run-9-rank1");
	}

	@Test
	void bothPutsEachRankAttributeUnderBothNames() {
		assertThat(describe("both").nonIdentifying()).containsEntry("dl.rank", 1L)
			.containsEntry("nv.dl.rank", 1L)
			.containsEntry("dl.world_size", 2L)
			.containsEntry("nv.dl.world_size", 2L)
			.containsEntry("dl.local_rank", 1L)
			.containsEntry("nv.dl.local_rank", 1L)
			.doesNotContainKey("nv.nemo.run.id");
	}

}
