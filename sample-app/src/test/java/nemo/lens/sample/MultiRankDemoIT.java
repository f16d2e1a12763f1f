package nemo.lens.sample;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs the README's demo on the packaged application with two ranks, as separate JVM processes.
 */
class MultiRankDemoIT {

	@Test
	void demoStartsTwoRanksAndShowsWhichExports() throws Exception {
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		Process demo = new ProcessBuilder(List.of(java, "-jar", System.getProperty("sample.jar"), "demo", "--ranks",
				"2", "--strategy", "single_rank"))
			.redirectErrorStream(true)
			.start();
		String output = new String(demo.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(demo.waitFor(3, TimeUnit.MINUTES)).isTrue();
		assertThat(demo.exitValue()).as(output).isZero();
		assertThat(output).containsPattern("\\| 0 \\| 0 \\| torchrun \\| single_rank \\| false \\| 0 \\| \\d+ ms \\|")
			.containsPattern("\\| 1 \\| 1 \\| torchrun \\| single_rank \\| true \\| 3 \\| \\d+ ms \\|");
	}

}
