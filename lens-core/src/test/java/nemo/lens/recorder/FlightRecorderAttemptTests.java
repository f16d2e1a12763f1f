package nemo.lens.recorder;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A restarted job's dumps are told apart: the attempt ({@code TORCHELASTIC_RESTART_COUNT},
 * {@code SLURM_RESTART_COUNT}, else 0) is in the file name from the first restart on, at the top
 * of the dump's JSON ({@code "attempt": 1}) and on its resource; with {@code attribute-names}
 * {@code nv} or {@code both} the resource carries NeMo Lens's job id, the same across restarts,
 * and run id, one per attempt.
 */
class FlightRecorderAttemptTests {

	@TempDir
	Path directory;

	private final List<TelemetryHandle> handles = new ArrayList<>();

	@AfterEach
	void shutdown() {
		this.handles.forEach(TelemetryHandle::shutdown);
	}

	private TelemetryHandle silentRank(Map<String, String> env, String attributeNames) {
		NemoLensConfig config = NemoLensConfig.builder()
			.enabled(true)
			.exporter("none")
			.runId("job-42")
			.attributeNames(attributeNames)
			.flightRecorderEnabled(true)
			.flightRecorderDirectory(this.directory.toString())
			.build();
		TelemetryHandle handle = new TelemetrySetup(new ExportStrategyRegistry(env::get), env::get).setup(config, 1, 4,
				TelemetryOptions.builder().shutdownHook(false).build());
		this.handles.add(handle);
		return handle;
	}

	private DumpFile dumpOf(Map<String, String> env) {
		return dumpOf(env, "dl");
	}

	private DumpFile dumpOf(Map<String, String> env, String attributeNames) {
		return DumpFile.read(silentRank(env, attributeNames).dumpFlightRecorder().orElseThrow());
	}

	@Test
	void aFirstAttemptsDumpKeepsTheNameItAlwaysHadAndSaysAttemptZero() {
		TelemetryHandle rank = silentRank(Map.of(), "dl");
		Path file = rank.dumpFlightRecorder().orElseThrow();
		assertThat(file.getFileName().toString()).matches("job-42-rank-1-\\d{8}T\\d{6}\\.\\d{3}Z\\.json");
		DumpFile dump = DumpFile.read(file);
		assertThat(dump.request().path("attempt").isInt()).isTrue();
		assertThat(dump.request().path("attempt").asInt()).isZero();
		assertThat(dump.resourceAttribute("nemo.run.attempt")).isEqualTo("0");
	}

	@Test
	void aRestartedRanksDumpNamesItsAttemptInItsFileNameItsJsonAndItsResource() {
		TelemetryHandle rank = silentRank(Map.of("TORCHELASTIC_RESTART_COUNT", "1"), "dl");
		Path file = rank.dumpFlightRecorder().orElseThrow();
		assertThat(file.getFileName().toString()).matches("job-42-attempt-1-rank-1-\\d{8}T\\d{6}\\.\\d{3}Z\\.json");
		DumpFile dump = DumpFile.read(file);
		assertThat(dump.request().path("attempt").asInt()).isEqualTo(1);
		assertThat(dump.resourceAttribute("nemo.run.attempt")).isEqualTo("1");
	}

	@Test
	void slurmsRestartCountIsTheAttemptToo() {
		assertThat(dumpOf(Map.of("SLURM_RESTART_COUNT", "2")).request().path("attempt").asInt()).isEqualTo(2);
	}

	@Test
	void theDumpStaysOtlpJsonThatTheReportReads() throws Exception {
		Path file = silentRank(Map.of("TORCHELASTIC_RESTART_COUNT", "3"), "dl").dumpFlightRecorder().orElseThrow();
		RankDump read = RankDump.read(file);
		assertThat(read.rank()).isEqualTo(1);
		assertThat(read.runId()).isEqualTo("job-42");
	}

	@Test
	void underNvNamesTheJobIdIsTheSameAcrossAttemptsAndTheRunIdIsNot() {
		DumpFile first = dumpOf(Map.of(), "nv");
		DumpFile second = dumpOf(Map.of("TORCHELASTIC_RESTART_COUNT", "1"), "both");
		assertThat(first.resourceAttribute("nv.dl.job.uuid")).isNotNull()
			.isEqualTo(second.resourceAttribute("nv.dl.job.uuid"));
		assertThat(first.resourceAttribute("nv.dl.run.uuid")).isNotNull()
			.isNotEqualTo(second.resourceAttribute("nv.dl.run.uuid"));
	}

	@Test
	void underDlNamesTheResourceCarriesNoNvIds() {
		DumpFile dump = dumpOf(Map.of());
		assertThat(dump.resourceAttribute("nv.dl.job.uuid")).isNull();
		assertThat(dump.resourceAttribute("nv.dl.run.uuid")).isNull();
	}

}
