package nemo.lens;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ExportStrategyRegistryConcurrencyTests {

	private static final int THREADS = 8;

	private static final int ROUNDS = 1_000;

	private static final Set<String> DOCUMENTED_MESSAGES_START = Set.of("Strategy '", "Unknown export_strategy '");

	@Test
	void manyThreadsRegisteringUnregisteringAndReadingLoseNoUpdate() throws Exception {
		ExportStrategyRegistry registry = new ExportStrategyRegistry((name) -> null);
		ExecutorService pool = Executors.newFixedThreadPool(THREADS);
		CountDownLatch start = new CountDownLatch(1);
		List<Future<Integer>> results = new ArrayList<>();
		for (int t = 0; t < THREADS; t++) {
			int thread = t;
			results.add(pool.submit(() -> {
				start.await();
				int documentedFailures = 0;
				for (int i = 0; i < ROUNDS; i++) {
					String own = "t" + thread + "_" + i;
					String shared = "shared_" + (i % 16);
					registry.register(own, (c, r, w) -> true);
					assertThat(registry.get(own)).isNotNull();
					assertThat(registry.registeredStrategies()).contains("single_rank", "sampled");
					try {
						registry.register(shared, (c, r, w) -> true);
						registry.unregister(shared);
					}
					catch (IllegalArgumentException ex) {
						assertThat(DOCUMENTED_MESSAGES_START).anyMatch(ex.getMessage()::startsWith);
						documentedFailures++;
					}
					if (i % 2 == 0) {
						registry.unregister(own);
					}
				}
				return documentedFailures;
			}));
		}
		start.countDown();
		for (Future<Integer> result : results) {
			result.get(60, TimeUnit.SECONDS);
		}
		pool.shutdown();

		List<String> names = registry.registeredStrategies();
		for (int t = 0; t < THREADS; t++) {
			for (int i = 0; i < ROUNDS; i++) {
				String own = "t" + t + "_" + i;
				assertThat(names.contains(own)).as(own).isEqualTo(i % 2 == 1);
			}
		}
		assertThat(names).contains("all_ranks", "first_rank_per_node", "sampled", "single_rank")
			.noneMatch((name) -> name.startsWith("shared_"))
			.hasSize(4 + THREADS * ROUNDS / 2);
	}

}
