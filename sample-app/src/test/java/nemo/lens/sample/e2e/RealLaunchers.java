package nemo.lens.sample.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;

/**
 * Whether the real launchers run on this machine: Open MPI's {@code mpirun}, MPICH's
 * {@code mpiexec.hydra}, and a Slurm cluster with two nodes that take work. They come from
 * {@code .ci/launchers/setup} (as root); where one is missing a test that needs it is skipped,
 * with the reason, never passed.
 */
final class RealLaunchers {

	private static final String SETUP = "run .ci/launchers/setup as root to install and start it";

	private RealLaunchers() {
	}

	/** Skips the calling test unless {@code mpirun} is Open MPI's. */
	static void assumeOpenMpi() {
		assume(missing("Open MPI", List.of("mpirun", "--version"), "Open MPI"));
	}

	/** Skips the calling test unless MPICH's Hydra {@code mpiexec.hydra} runs. */
	static void assumeHydra() {
		assume(missing("MPICH Hydra", List.of("mpiexec.hydra", "--version"), "HYDRA"));
	}

	/** Skips the calling test unless Slurm runs with its two nodes n1 and n2 up. */
	static void assumeTwoNodeSlurm() {
		Optional<String> missing = missing("Slurm", List.of("sinfo", "-h", "-N", "-o", "%N %t"), "n2");
		if (missing.isEmpty()) {
			String nodes = run(List.of("sinfo", "-h", "-N", "-o", "%N %t"));
			if (nodes.lines().filter((line) -> line.matches("n[12] (idle|mix|alloc|comp)\\*?")).count() < 2) {
				missing = Optional.of("Slurm's nodes n1 and n2 are not both up (sinfo: " + nodes.strip() + "); " + SETUP);
			}
		}
		assume(missing);
	}

	private static void assume(Optional<String> missing) {
		// Also on the console, where a CI log shows it next to the skipped count.
		missing.ifPresent((reason) -> System.out.println("Skipped: " + reason));
		Assumptions.assumeTrue(missing.isEmpty(), () -> missing.get());
	}

	private static Optional<String> missing(String what, List<String> command, String expected) {
		String output = run(command);
		if (output.contains(expected)) {
			return Optional.empty();
		}
		return Optional.of(what + " is not available here (" + String.join(" ", command) + ": "
				+ output.strip().lines().findFirst().orElse("no output") + "); " + SETUP);
	}

	/** Runs a short command; its output, or why it could not run. */
	static String run(List<String> command) {
		try {
			Path output = Files.createTempFile("launcher", ".out");
			try {
				Process process = new ProcessBuilder(new ArrayList<>(command)).redirectErrorStream(true)
					.redirectOutput(output.toFile())
					.start();
				if (!process.waitFor(30, TimeUnit.SECONDS)) {
					process.destroyForcibly();
					return "did not answer within 30 s";
				}
				return Files.readString(output, StandardCharsets.UTF_8);
			}
			finally {
				Files.deleteIfExists(output);
			}
		}
		catch (IOException ex) {
			return ex.getMessage();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return "interrupted";
		}
	}

}
