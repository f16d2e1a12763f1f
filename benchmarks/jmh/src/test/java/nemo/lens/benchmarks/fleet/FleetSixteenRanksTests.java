package nemo.lens.benchmarks.fleet;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;

import nemo.lens.benchmarks.fleet.FleetJob.RankLine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Sixteen plain Java ranks under Open MPI's {@code mpirun --oversubscribe}, as nodes of 8, under
 * {@code first_rank_per_node}: every rank decides right (ranks 0 and 8 export, and only they reach
 * the receiver), one write of the control file switches all sixteen on, and its removal switches
 * the fourteen others back off. Completeness only, counted on the receiver and on the ranks' own
 * lines; no figure is asserted, and every wait is on an event.
 * <p>
 * Skipped with the reason when {@code mpirun} is not installed ({@code .ci/launchers/setup}
 * installs it).
 */
class FleetSixteenRanksTests {

	private static final int RANKS = 16;

	private static final Set<Integer> FIRST_OF_NODE = Set.of(0, 8);

	/** Sixteen JVMs starting at once on two busy cores. */
	private static final Duration READY_TIMEOUT = Duration.ofMinutes(3);

	private static final Duration SWITCH_TIMEOUT = Duration.ofMinutes(2);

	@TempDir
	Path temp;

	@Test
	void sixteenRanksDecideAndOneControlFileWriteSwitchesThemAllOnAndBack() throws InterruptedException {
		Optional<String> unavailable = FleetLauncher.MPIRUN.unavailable();
		assumeTrue(unavailable.isEmpty(), () -> "Skipped: " + unavailable.get());
		Path benchmarks = Path.of(System.getProperty("benchmarks.dir", ".."));
		ControlFile control = new ControlFile(this.temp.resolve("control.properties"));
		List<Integer> others = IntStream.range(0, RANKS).filter((rank) -> !FIRST_OF_NODE.contains(rank)).boxed().toList();
		try (FleetReceiver receiver = FleetReceiver.start()) {
			Map<String, String> env = FleetBenchmark.lensEnvironment(receiver, control.path(), "fleet-test");
			env.put("NEMO_LENS_EXPORT_STRATEGY", "first_rank_per_node");
			// Short batches, so that spans reach the receiver within a fraction of a second.
			env.put("OTEL_BSP_SCHEDULE_DELAY", "200");
			try (FleetJob job = FleetJob.start(FleetLauncher.MPIRUN, RANKS, RankKind.PLAIN.command(benchmarks, true, receiver.endpoint()), env,
					Path.of("target/fleet-test/mpirun.log"))) {
				Map<Integer, RankLine> ready = job.awaitReady(READY_TIMEOUT);
				assertThat(ready.keySet()).as("ranks that said they are ready").hasSize(RANKS);
				assertThat(ready.values().stream().filter(RankLine::exporting).map(RankLine::rank))
					.as("ranks that decided to export").containsExactlyInAnyOrderElementsOf(FIRST_OF_NODE);
				assertThat(receiver.await(() -> FIRST_OF_NODE.stream()
					.allMatch((rank) -> receiver.lastSpanArrival(rank) >= 0), SWITCH_TIMEOUT))
					.as("spans from ranks 0 and 8").isTrue();
				assertThat(receiver.snapshot().keySet()).as("ranks the receiver heard from before the switch")
					.containsExactlyInAnyOrderElementsOf(FIRST_OF_NODE);

				long written = control.write("export-strategy=all_ranks");
				assertThat(receiver.await(() -> ready.keySet()
					.stream()
					.allMatch((rank) -> receiver.firstSpanArrivalAfter(rank, written) >= 0), SWITCH_TIMEOUT))
					.as("a span from every rank after one control-file write; from %s", receiver.snapshot().keySet())
					.isTrue();

				long removed = control.remove();
				Map<Integer, RankLine> off = job.awaitSwitched(others, false, removed, SWITCH_TIMEOUT);
				assertThat(off.keySet()).as("ranks that switched back off").containsExactlyInAnyOrderElementsOf(others);
				long lastOff = off.values().stream().mapToLong(RankLine::atEpochNanos).max().orElseThrow();
				// Ranks 0 and 8 go on: a span of theirs that started after every other rank was off has
				// arrived, so whatever the others sent before it has had its chance to arrive too.
				assertThat(receiver.await(() -> FIRST_OF_NODE.stream()
					.allMatch((rank) -> receiver.snapshot().get(rank).latestSpanStart() > lastOff), SWITCH_TIMEOUT))
					.as("spans from ranks 0 and 8 after the switch off").isTrue();
				Map<Integer, FleetReceiver.RankLoad> received = receiver.snapshot();
				for (int rank : others) {
					assertThat(received.get(rank).latestSpanStart()).as("latest span start of rank %d, off at %d", rank,
							off.get(rank).atEpochNanos())
						.isLessThanOrEqualTo(off.get(rank).atEpochNanos());
				}
				assertThat(received.keySet()).as("every span names its rank").doesNotContain(-1);
			}
		}
	}

}
