package nemo.lens.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Another JVM started by the harness: the same {@code java}, and for a class of the harness its own
 * class path, so that a figure measured in a process of its own (a span's CPU time, the report at
 * 1,024 ranks, a rank) runs the code and the Java the rest of the run measures.
 */
public final class HarnessJvm {

	private HarnessJvm() {
	}

	/**
	 * The {@code java} command of the JVM that runs the harness.
	 * @return its path
	 */
	public static String java() {
		return Path.of(System.getProperty("java.home"), "bin", "java").toString();
	}

	/**
	 * Runs a main class of the harness in a JVM of its own, on the harness's class path.
	 * @param options the JVM's options
	 * @param mainClass the class whose {@code main} runs
	 * @param arguments its arguments
	 * @param timeout how long it may take
	 * @return what it printed, standard error included
	 * @throws IllegalStateException when it takes longer, or ends with a status other than 0: the
	 * message holds its output
	 * @throws IOException when it cannot be started or read
	 * @throws InterruptedException when interrupted while it runs
	 */
	public static String run(List<String> options, Class<?> mainClass, List<String> arguments, Duration timeout)
			throws IOException, InterruptedException {
		List<String> command = new ArrayList<>();
		command.add(java());
		command.addAll(options);
		command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass.getName()));
		command.addAll(arguments);
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
			process.destroyForcibly();
			throw new IllegalStateException(mainClass.getSimpleName() + " " + String.join(" ", arguments)
					+ " still running after " + timeout + ":\n" + output);
		}
		if (process.exitValue() != 0) {
			throw new IllegalStateException(mainClass.getSimpleName() + " " + String.join(" ", arguments)
					+ " ended with " + process.exitValue() + ":\n" + output);
		}
		return output;
	}

}
