package nemo.lens.benchmarks.fleet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Where a launcher placed one rank: its node and its local rank there, the rank
 * {@code first_rank_per_node} lets export when it is 0. The harness reads it on its own, not from
 * the rank's word, to check the rank's decision against it.
 *
 * @param node the node's index in the job, from 0
 * @param localRank the rank's index on its node, from 0
 */
public record RankPlace(int node, int localRank) {

	/**
	 * Reads an {@code srun} task's place from the variables Slurm started it with
	 * ({@code SLURM_NODEID}, {@code SLURM_LOCALID} in {@code /proc/<pid>/environ}): the task runs
	 * on this machine under {@code slurmstepd}, whichever of the test cluster's nodes it is on.
	 * @param pid the task's process
	 * @return its place, or {@code null} when the process is gone or Slurm did not set them
	 */
	static RankPlace ofSlurmTask(long pid) {
		Map<String, String> environment = new HashMap<>();
		try {
			byte[] bytes = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "environ"));
			for (String entry : new String(bytes, StandardCharsets.UTF_8).split("\0")) {
				int equals = entry.indexOf('=');
				if (equals > 0) {
					environment.put(entry.substring(0, equals), entry.substring(equals + 1));
				}
			}
			return new RankPlace(Integer.parseInt(environment.get("SLURM_NODEID")),
					Integer.parseInt(environment.get("SLURM_LOCALID")));
		}
		catch (IOException | RuntimeException ex) {
			return null;
		}
	}

}
