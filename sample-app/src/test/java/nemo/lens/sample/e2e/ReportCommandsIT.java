package nemo.lens.sample.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The flight recorder's report with one command a user has (issue 58): {@code java -jar
 * lens-report.jar DIR}, the jar this build makes, and, from a Spring Boot application's own
 * executable jar, Spring Boot's {@code PropertiesLauncher} with {@code -Dloader.main}, with nothing
 * extracted. Each runs as its own JVM on a folder that holds rank 0's dump of a job of 2.
 */
class ReportCommandsIT {

	/** What the report says of that folder: rank 0's span, and rank 1 missing. */
	private static final List<String> REPORT = List.of("Flight recorder dumps: 1 rank(s)", "train.step",
			"Missing ranks: 1");

	/** An option in the report's source: {@code "--behind"}. */
	private static final Pattern OPTION = Pattern.compile("\"(--[a-z][a-z-]*)\"");

	@TempDir
	Path dumps;

	@BeforeEach
	void dumpRankZero() {
		RankZeroDump.writeTo(this.dumps);
	}

	@Test
	void theReportJarRunsWithJavaDashJar() throws Exception {
		assertThat(run("-jar", System.getProperty("report.jar"), this.dumps.toString())).contains(REPORT);
	}

	@Test
	void aBootApplicationsJarRunsTheReportThroughPropertiesLauncherWithNothingExtracted() throws Exception {
		assertThat(run("-cp", System.getProperty("sample.jar"), "-Dloader.main=nemo.lens.recorder.DumpReport",
				"org.springframework.boot.loader.launch.PropertiesLauncher", this.dumps.toString()))
			.contains(REPORT);
	}

	@Test
	void theReportJarsHelpNamesEveryOptionTheReportReads() throws Exception {
		Set<String> options = optionsInTheReportsSource();
		assertThat(options).contains("--help", "--behind");
		assertThat(run("-jar", System.getProperty("report.jar"), "--help")).contains(options);
	}

	/** Every {@code "--option"} literal of the report's classes, which are what reads its arguments. */
	private static Set<String> optionsInTheReportsSource() throws IOException {
		Path recorder = Path.of("..", "lens-core", "src", "main", "java", "nemo", "lens", "recorder");
		Set<String> options = new TreeSet<>();
		try (Stream<Path> files = Files.list(recorder)) {
			for (Path file : files.filter((file) -> file.getFileName().toString().startsWith("DumpReport")).toList()) {
				Matcher option = OPTION.matcher(Files.readString(file));
				while (option.find()) {
					options.add(option.group(1));
				}
			}
		}
		return options;
	}

	/** Runs {@code java} with the arguments; it must exit with 0. */
	private static String run(String... arguments) throws Exception {
		List<String> command = new ArrayList<>(List.of(SampleAppProcess.java()));
		command.addAll(List.of(arguments));
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(process.waitFor(2, TimeUnit.MINUTES)).as("%s ended", command).isTrue();
		assertThat(process.exitValue()).as("%s exited; it printed:%n%s", command, output).isZero();
		return output;
	}

}
