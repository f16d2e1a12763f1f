package nemo.lens.sample.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import org.springframework.util.FileSystemUtils;

/**
 * How a rank JVM runs a packaged Spring Boot application: from the jar extracted by Spring Boot's
 * own {@code -Djarmode=tools extract}, with a class data sharing archive of the classes a silent
 * rank loads while it starts, as Spring Boot's "efficient deployments" advise for a process started
 * many times. A start then costs about half the CPU (4.5 s against 2.5 s for the sample on this
 * machine), which is most of what the end-to-end tests spend; the application's classes, settings
 * and behaviour are those of the jar.
 *
 * <p>
 * Each jar is extracted and its archive made once per test JVM, by one training run of the
 * application as a silent rank (rank 0 of a two-rank torchrun job under {@code single_rank}: it
 * sends nothing anywhere) that exits once its context is refreshed. When either step fails, the
 * rank runs the jar itself ({@code -jar app.jar}) and the reason is printed. The CDS messages of the
 * JVM are turned off, so a rank's log holds what the application wrote and nothing more.
 *
 * <p>
 * The launchers' recipes ({@code RealLaunchersIT}, {@code MpirunStallIT}) take the archive and the
 * extracted jar as a user gives them theirs, in {@code JAVA_OPTS} and {@code APP_JAR}; the jar
 * itself, {@code java -jar app.jar} as the docs write it, is what the demo and {@code DocsIT}'s
 * blocks run.
 */
final class SharedClassArchive {

	/** The packaged applications that ranks start by the dozen; the others run from their jar. */
	private static final List<String> ARCHIVED = List.of("sample.jar", "stack.boot-otel.jar", "stack.otel-starter.jar");

	private static final String NO_CDS_MESSAGES = "-Xlog:cds*=off";

	private static final long STEP_TIMEOUT_SECONDS = 180;

	private static final Map<String, Launch> LAUNCHES = new ConcurrentHashMap<>();

	private SharedClassArchive() {
	}

	/**
	 * How to run {@code jar}: as it is, or for an application ranks start by the dozen, from the
	 * extracted jar with the archive, both made on the first call for that jar.
	 */
	static Launch launch(String jar) {
		boolean archived = ARCHIVED.stream().map(System::getProperty).anyMatch(jar::equals);
		return archived ? LAUNCHES.computeIfAbsent(jar, SharedClassArchive::extractAndTrain) : new Launch(List.of(), jar);
	}

	private static Launch extractAndTrain(String jar) {
		Path packaged = Path.of(jar);
		String name = packaged.getFileName().toString();
		Path directory = packaged.resolveSibling("cds").resolve(name.replaceFirst("\\.jar$", ""));
		Path archive = directory.resolve("app.jsa");
		Path extracted = directory.resolve(name);
		Path log = SampleAppProcess.logDirectory().resolve("cds-training-" + name + ".log");
		try {
			FileSystemUtils.deleteRecursively(directory);
			Files.createDirectories(directory);
			run(List.of(SampleAppProcess.java(), "-Djarmode=tools", "-jar", jar, "extract", "--destination",
					directory.toString()), Map.of(), log);
			List<String> training = new ArrayList<>(List.of(SampleAppProcess.java()));
			training.addAll(SampleAppProcess.JVM_OPTIONS);
			training.addAll(List.of("-XX:ArchiveClassesAtExit=" + archive, NO_CDS_MESSAGES,
					"-Dspring.context.exit=onRefresh", "-jar", extracted.toString(), "--server.port=0"));
			Map<String, String> silentRank = new LinkedHashMap<>(
					Launcher.TORCHRUN.variables("cds-training", 0, 2, 2));
			silentRank.put("NEMO_LENS_EXPORT_STRATEGY", "single_rank");
			run(training, silentRank, log);
			if (!Files.isRegularFile(archive)) {
				throw new IllegalStateException("the training run wrote no archive");
			}
			return new Launch(List.of("-XX:SharedArchiveFile=" + archive, NO_CDS_MESSAGES), extracted.toString());
		}
		catch (IOException | RuntimeException ex) {
			System.out.printf("%s runs from its jar, without a class data sharing archive: %s (see %s)%n", name, ex, log);
			return new Launch(List.of(), jar);
		}
	}

	private static void run(List<String> command, Map<String, String> environment, Path log) throws IOException {
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
		builder.environment().keySet().retainAll(SampleAppProcess.INHERITED);
		builder.environment().putAll(environment);
		Process process = builder.start();
		try {
			if (!process.waitFor(STEP_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
				process.destroyForcibly();
				throw new IllegalStateException(String.join(" ", command) + " did not end within "
						+ STEP_TIMEOUT_SECONDS + " s");
			}
		}
		catch (InterruptedException ex) {
			process.destroyForcibly();
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
		if (process.exitValue() != 0) {
			throw new IllegalStateException(String.join(" ", command) + " exited with " + process.exitValue());
		}
	}

	/**
	 * How to run one application: what a launcher's recipe reads as {@code JAVA_OPTS} and
	 * {@code APP_JAR}.
	 * @param options the JVM options that go before {@code -jar}
	 * @param jar the jar to run
	 */
	record Launch(List<String> options, String jar) {

		/** The options, then {@code -jar} and the jar. */
		List<String> arguments() {
			List<String> arguments = new ArrayList<>(this.options);
			arguments.addAll(List.of("-jar", this.jar));
			return arguments;
		}

	}

}
