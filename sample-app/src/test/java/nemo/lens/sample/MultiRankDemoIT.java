package nemo.lens.sample;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

import nemo.lens.sample.e2e.SampleAppProcess;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs the README's demo on the packaged application with two ranks, as separate JVM processes, as
 * a mixed job: traces from the last rank ({@code single_rank}), metrics from the first rank of the
 * node ({@code first_rank_per_node}).
 */
class MultiRankDemoIT {

	@Test
	void demoOfAMixedJobShowsWhoSendsWhat() throws Exception {
		Process demo = new ProcessBuilder(List.of(SampleAppProcess.java(), "-jar", System.getProperty("sample.jar"),
				"demo", "--ranks", "2", "--metrics-strategy", "first_rank_per_node"))
			.redirectErrorStream(true)
			.start();
		String output = new String(demo.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(demo.waitFor(3, TimeUnit.MINUTES)).isTrue();
		assertThat(demo.exitValue()).as(output).isZero();
		assertThat(output)
			.containsPattern("\\| 0 \\| 0 \\| torchrun \\| silent \\(single_rank\\) \\| exporting \\(first_rank_per_node\\) \\| 0 \\| [1-9]\\d* \\| \\d+ ms \\|")
			.containsPattern("\\| 1 \\| 1 \\| torchrun \\| exporting \\(single_rank\\) \\| silent \\(first_rank_per_node\\) \\| 3 \\| 0 \\| \\d+ ms \\|");
	}

}
