package nemo.lens.optional;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@link AutoConfigurationsByClass} in a JVM of its own whose class path is this test's
 * minus the jars of some libraries: a class hidden by a class loader is still loadable by the
 * class that names it, a jar that is not there is not.
 */
final class ForkedJvm {

	private static final long TIMEOUT_SECONDS = 120;

	private ForkedJvm() {
	}

	/** This test's class path, as surefire gives it (its own {@code java.class.path} is a manifest jar). */
	static List<Path> testClassPath() {
		String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
		return Arrays.stream(classPath.split(File.pathSeparator)).filter((entry) -> !entry.isEmpty()).map(Path::of).toList();
	}

	/** The entries of this test's class path that are jars of the given artifacts. */
	static List<Path> jarsOf(Collection<ArtifactPattern> artifacts) {
		return testClassPath().stream().filter((entry) -> artifacts.stream().anyMatch((pattern) -> pattern.matches(entry))).toList();
	}

	/**
	 * Starts the auto-configurations without the given artifacts' jars.
	 * @param removed the artifacts taken away
	 * @param missingClasses classes the fork must not find
	 * @return what the fork printed, and how it ended
	 */
	static Result run(Collection<ArtifactPattern> removed, Collection<String> missingClasses)
			throws IOException, InterruptedException {
		List<Path> kept = new ArrayList<>(testClassPath());
		kept.removeAll(jarsOf(removed));
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto", "-cp",
				String.join(File.pathSeparator, kept.stream().map(Path::toString).toList()),
				AutoConfigurationsByClass.class.getName()));
		command.addAll(missingClasses);
		Path log = Files.createTempFile("lens-fork", ".log");
		try {
			Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
			boolean ended = process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
			if (!ended) {
				process.destroyForcibly().waitFor();
			}
			String output = Files.readString(log, StandardCharsets.UTF_8);
			if (!ended) {
				throw new IllegalStateException("The forked JVM did not end within " + TIMEOUT_SECONDS + " s:\n" + output);
			}
			return new Result(process.exitValue(), output);
		}
		finally {
			Files.deleteIfExists(log);
		}
	}

	/**
	 * How a forked JVM ended.
	 *
	 * @param exitCode its exit code
	 * @param output what it printed, standard error included
	 */
	record Result(int exitCode, String output) {

		/** The context's bean names, from the fork's {@value AutoConfigurationsByClass#BEANS} line. */
		List<String> beans() {
			return output().lines()
				.filter((line) -> line.startsWith(AutoConfigurationsByClass.BEANS))
				.findFirst()
				.map((line) -> List.of(line.substring(AutoConfigurationsByClass.BEANS.length()).split(",")))
				.orElse(List.of());
		}

	}

}
