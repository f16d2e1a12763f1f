package nemo.lens.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The facts about the machine that a reader of the figures needs.
 */
final class Machine {

	private Machine() {
	}

	static String describe() {
		Runtime runtime = Runtime.getRuntime();
		return String.format(Locale.ROOT, "%d cores, Java %s (%s), %s %s", runtime.availableProcessors(),
				System.getProperty("java.runtime.version"), System.getProperty("java.vm.name"),
				System.getProperty("os.name"), System.getProperty("os.arch"));
	}

	/**
	 * The 1-minute load average, which tells whether something else ran on the machine.
	 * @return the load average, or {@code n/a} off Linux
	 */
	static String loadAverage() {
		try {
			return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
		}
		catch (IOException | RuntimeException ex) {
			return "n/a";
		}
	}

}
