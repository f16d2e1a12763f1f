package nemo.lens.benchmarks.decision;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import nemo.lens.ExportStrategy;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.strategies.ExportStrategies;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * What deciding costs: every rank of a {@value #WORLD_SIZE}-rank world decides, one after another,
 * with each built-in strategy. A real process decides once, so the score (ns per decision) is its
 * whole cost; the same number read in milliseconds is what deciding for the whole world costs.
 * Once inlined, the trivial strategies ({@code all_ranks}, {@code single_rank}) cost a fraction of
 * a nanosecond: the loop then measures little more than itself.
 * <p>
 * {@code first_rank_per_node} reads its environment: once under torchrun ({@code LOCAL_RANK} set,
 * the reference's path) and once under {@code srun} (no {@code LOCAL_RANK}, so it detects the
 * launcher and reads {@code SLURM_LOCALID}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class DecisionBenchmark {

	/** The number of ranks that decide per invocation. */
	public static final int WORLD_SIZE = 1_000_000;

	/** The rate of {@code sampled}. */
	public static final double SAMPLE_RATE = 0.1;

	/** The {@code case} parameter of {@code first_rank_per_node} under {@code srun}. */
	public static final String FIRST_RANK_PER_NODE_SRUN = "first_rank_per_node@srun";

	private static final Map<String, String> TORCHRUN = Map.of("TORCHELASTIC_RUN_ID", "bench", "RANK", "5",
			"WORLD_SIZE", "8", "LOCAL_RANK", "1", "LOCAL_WORLD_SIZE", "4", "GROUP_RANK", "1");

	private static final Map<String, String> SRUN = Map.of("SLURM_JOB_ID", "42", "SLURM_PROCID", "5",
			"SLURM_STEP_NUM_TASKS", "8", "SLURM_LOCALID", "1", "SLURM_NODEID", "1", "SLURM_STEP_TASKS_PER_NODE",
			"4(x2)");

	@Param({ ExportStrategies.SINGLE_RANK, ExportStrategies.ALL_RANKS, ExportStrategies.SAMPLED,
			ExportStrategies.FIRST_RANK_PER_NODE, FIRST_RANK_PER_NODE_SRUN })
	public String strategy;

	private ExportStrategy decider;

	private NemoLensConfig config;

	@Setup(Level.Trial)
	public void setUp() {
		Map<String, String> environment = FIRST_RANK_PER_NODE_SRUN.equals(this.strategy) ? SRUN : TORCHRUN;
		String name = FIRST_RANK_PER_NODE_SRUN.equals(this.strategy) ? ExportStrategies.FIRST_RANK_PER_NODE
				: this.strategy;
		this.decider = new ExportStrategyRegistry(environment::get).get(name);
		this.config = NemoLensConfig.builder().enabled(true).exportStrategy(name).exportSampleRate(SAMPLE_RATE).build();
	}

	/**
	 * Every rank decides; each decision goes to the blackhole, so that the JIT cannot drop the
	 * decisions of a trivial strategy as unused.
	 * @param blackhole JMH's sink
	 */
	@Benchmark
	@OperationsPerInvocation(WORLD_SIZE)
	public void decideWholeWorld(Blackhole blackhole) {
		for (int rank = 0; rank < WORLD_SIZE; rank++) {
			blackhole.consume(this.decider.shouldExport(this.config, rank, WORLD_SIZE));
		}
	}

}
