package nemo.lens.sample.e2e;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarFile;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The packaged sample as Spring AOT runs it: processed at build time ({@code spring-boot:process-aot}
 * in its pom, with no launcher variables, so as rank 0 of 1), started here with
 * {@code -Dspring.aot.enabled=true} as the two ranks of a torchrun job. Each rank still finds its
 * rank and decides at run time: under {@code single_rank} the last rank exports its spans and the
 * other sends nothing on any signal. A switch that AOT fixed at build time, changed at run time,
 * stops the start with a message naming it.
 */
class AotSampleTwoRanksIT {

	/** What process-aot generates for the application, and the AOT start runs. */
	private static final String AOT_INITIALIZER = "BOOT-INF/classes/nemo/lens/sample/"
			+ "SampleApplication__ApplicationContextInitializer.class";

	private static final List<String> AOT = List.of("-Dspring.aot.enabled=true");

	private static final int WORLD_SIZE = 2;

	private static final int EXPORTING_RANK = WORLD_SIZE - 1;

	private static final int WORK_CALLS = 3;

	/** Two JVMs starting at once on two busy cores: room for a slow CI. */
	private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

	private static final Duration ARRIVAL_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

	/**
	 * The build may skip AOT processing ({@code -Dspring-boot.aot.skip=true}, as on a line where
	 * only other tests run): then there is nothing to test here, and the skip says so.
	 */
	@BeforeEach
	void theSampleJarIsAotProcessed() throws IOException {
		try (JarFile jar = new JarFile(SampleAppProcess.sampleJar())) {
			assumeTrue(jar.getEntry(AOT_INITIALIZER) != null,
					"the sample jar was built without spring-boot:process-aot (-Dspring-boot.aot.skip=true?)");
		}
	}

	@Test
	void aotProcessedRanksDecideAtRunTimeAndOnlyTheExportingRankSendsSpans() {
		String jobId = "e2e-aot-" + ProcessHandle.current().pid();
		try (OtlpReceiver receiver = OtlpReceiver.start(); RankGroup ranks = startRanks(jobId, receiver)) {
			ranks.awaitHealthy(START_TIMEOUT);
			for (SampleAppProcess rank : ranks.ranks()) {
				assertThat(rank.logLines("Starting AOT-processed SampleApplication")).as(rank.name()).isNotEmpty();
			}
			for (int rank = 0; rank < WORLD_SIZE; rank++) {
				assertThat(ranks.rank(rank).getJson("/actuator/lens")).as("rank %d's /actuator/lens", rank)
					.containsEntry("enabled", true)
					.containsEntry("exporting", rank == EXPORTING_RANK)
					.containsEntry("exportStrategy", "single_rank")
					.containsEntry("rank", rank)
					.containsEntry("worldSize", WORLD_SIZE)
					.containsEntry("launcher", Launcher.TORCHRUN.detectedAs())
					.containsEntry("serviceInstanceId", Launcher.TORCHRUN.runId(jobId) + "-rank" + rank);
			}
			for (int call = 0; call < WORK_CALLS; call++) {
				for (SampleAppProcess rank : ranks.ranks()) {
					assertThat(rank.getJson("/work")).containsEntry("exporting", rank == ranks.rank(EXPORTING_RANK));
				}
			}
			long served = ((Number) ranks.rank(EXPORTING_RANK).getJson("/work/served").get("spans")).longValue();
			receiver.awaitSpans((spans) -> spans.size() >= served, ARRIVAL_TIMEOUT);
			assertOnlyTheExportingRankSent(receiver, jobId, served);

			// Each rank flushes at SIGTERM and the receiver records a request before it answers:
			// once both exited, whatever either would ever send is here.
			ranks.terminate(STOP_TIMEOUT);
			assertOnlyTheExportingRankSent(receiver, jobId, served);
			assertThat(receiver.failures()).isEmpty();
		}
	}

	@Test
	void disablingLensAtRunTimeStopsTheAotProcessedStartNamingTheProperty() {
		Map<String, String> environment = new LinkedHashMap<>(Launcher.TORCHRUN.variables("e2e-aot-off", 0, 1, 1));
		environment.put("NEMO_LENS_ENABLED", "false");
		try (SampleAppProcess rank = SampleAppProcess.start("aot-disabled-at-run-time", SampleAppProcess.sampleJar(),
				List.of(), AOT, environment)) {
			assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> rank.awaitHealthy(START_TIMEOUT))
				.withMessageContaining("exited during start-up")
				.withMessageContaining("nemo.lens.enabled=false was set at run time, but the application was "
						+ "AOT-processed with nemo.lens.enabled=true")
				.withMessageContaining("Rebuild with the values you run with");
		}
	}

	@Test
	void switchingAnnotationsOffAtRunTimeStopsTheAotProcessedStartNamingTheProperty() {
		Map<String, String> environment = new LinkedHashMap<>(Launcher.TORCHRUN.variables("e2e-aot-ann", 0, 1, 1));
		environment.put("NEMO_LENS_ANNOTATIONS_ENABLED", "false");
		try (SampleAppProcess rank = SampleAppProcess.start("aot-annotations-off-at-run-time",
				SampleAppProcess.sampleJar(), List.of(), AOT, environment)) {
			assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> rank.awaitHealthy(START_TIMEOUT))
				.withMessageContaining("exited during start-up")
				.withMessageContaining("nemo.lens.annotations.enabled=false was set at run time, but the application "
						+ "was AOT-processed with nemo.lens.annotations.enabled=true");
		}
	}

	private static RankGroup startRanks(String jobId, OtlpReceiver receiver) {
		List<SampleAppProcess> started = new ArrayList<>();
		try {
			for (int rank = 0; rank < WORLD_SIZE; rank++) {
				Map<String, String> environment = new LinkedHashMap<>(
						Launcher.TORCHRUN.variables(jobId, rank, WORLD_SIZE, WORLD_SIZE));
				environment.putAll(receiver.otelEnvironment());
				environment.put("NEMO_LENS_EXPORTER", "otlp");
				environment.put("NEMO_LENS_EXPORT_STRATEGY", "single_rank");
				started.add(SampleAppProcess.start("aot-rank" + rank, SampleAppProcess.sampleJar(), List.of(), AOT,
						environment));
			}
			return RankGroup.of(started);
		}
		catch (RuntimeException ex) {
			started.forEach(SampleAppProcess::close);
			throw ex;
		}
	}

	private static void assertOnlyTheExportingRankSent(OtlpReceiver receiver, String jobId, long served) {
		assertThat(receiver.ranksWithSpans()).as("ranks that sent spans").containsExactly((long) EXPORTING_RANK);
		assertThat(receiver.serviceInstanceIds()).as("service.instance.id of everything received, any signal")
			.isEqualTo(Set.of(Launcher.TORCHRUN.runId(jobId) + "-rank" + EXPORTING_RANK));
		assertThat(receiver.spans()).as("spans the exporting rank made").hasSize((int) served);
	}

}
