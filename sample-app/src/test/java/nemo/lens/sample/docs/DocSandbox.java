package nemo.lens.sample.docs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import com.fasterxml.jackson.core.JsonFactory;
import com.github.f4b6a3.uuid.UuidCreator;
import com.squareup.wire.Message;
import io.opentelemetry.opamp.client.OpampClient;
import nemo.lens.opamp.OpampRankAgent;
import nemo.lens.recorder.DumpReport;
import nemo.lens.sample.e2e.RankZeroDump;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where a page's runnable shell blocks run, in the page's order: a folder that holds what the
 * pages name. {@code app.jar} is the packaged sample, {@code lib/} a plain Java class path (lens-core
 * and jackson-core, as built), {@code opamp/} lens-opamp and the jars it brings that a Boot jar of
 * the sample lacks (for {@code -Dloader.path=opamp}), {@code $HOME} a folder with {@code jobs/123456/}, and
 * {@code /scratch/job-42/dumps}, {@code /shared/job-42/dumps} and {@code /shared/$SLURM_JOB_ID/dumps}
 * (job 123456) hold a flight recorder dump of rank 0 of 2; the pages' {@code /scratch/} and
 * {@code /shared/} name folders here. Lines starting {@code mvn} are the build that made the jars
 * under test, and are not run again; {@code lens-report/target/lens-report.jar} is the report jar this
 * build made. A block that leaves a process running writes its id to a {@code .pid} file here; the
 * sandbox ends what is still running of those when it is closed, so a failed block leaves nothing
 * behind.
 */
final class DocSandbox implements AutoCloseable {

	private static final String JOB = "123456";

	private final Path root;

	private final Path sampleJar;

	private final Instant created = Instant.now();

	private DocSandbox(Path root, Path sampleJar) {
		this.root = root;
		this.sampleJar = sampleJar;
	}

	static DocSandbox create(Path root, Path sampleJar) throws IOException {
		Files.createDirectories(root.resolve("home/jobs/" + JOB));
		Files.createSymbolicLink(root.resolve("app.jar"), sampleJar);
		copyJars(Files.createDirectories(root.resolve("lib")), DumpReport.class, JsonFactory.class);
		copyJars(Files.createDirectories(root.resolve("opamp")), OpampRankAgent.class, OpampClient.class,
				Message.class, UuidCreator.class);
		for (String dumps : List.of("scratch/job-42/dumps", "shared/job-42/dumps", "shared/" + JOB + "/dumps")) {
			RankZeroDump.writeTo(Files.createDirectories(root.resolve(dumps)));
		}
		return new DocSandbox(root, sampleJar);
	}

	private static void copyJars(Path folder, Class<?>... types) throws IOException {
		for (Class<?> type : types) {
			Path jar = Path.of(type.getProtectionDomain().getCodeSource().getLocation().getPath());
			assertThat(jar.toString()).as("the jar of %s", type).endsWith(".jar");
			Files.copy(jar, folder.resolve(jar.getFileName()));
		}
	}

	/**
	 * Runs a block with bash, {@code -e}: every command must succeed.
	 * @return what it printed, standard output and error
	 */
	String run(DocBlock block) throws Exception {
		StringBuilder script = new StringBuilder("set -eo pipefail\n");
		for (String line : block.text().split("\n")) {
			if (!line.startsWith("mvn ")) {
				script.append(line.replace("/scratch/", this.root.resolve("scratch") + "/")
					.replace("/shared/", this.root.resolve("shared") + "/")
					.replace("sample-app/target/sample-app.jar", this.sampleJar.toString())
					.replace("lens-report/target/lens-report.jar", System.getProperty("report.jar"))).append('\n');
			}
		}
		ProcessBuilder bash = new ProcessBuilder("bash", "-c", script.toString()).directory(this.root.toFile())
			.redirectErrorStream(true);
		bash.environment().put("HOME", this.root.resolve("home").toString());
		bash.environment().put("SLURM_JOB_ID", JOB);
		Process process = bash.start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(process.waitFor(5, TimeUnit.MINUTES)).as(block.toString()).isTrue();
		assertThat(process.exitValue()).as("%s exited; it printed:%n%s", block, output).isZero();
		return output;
	}

	/** The control files the blocks so far left behind, for the control-file reader to check. */
	List<Path> controlFiles() throws IOException {
		try (Stream<Path> files = Files.walk(this.root)) {
			return files.filter((file) -> file.getFileName().toString().equals("lens.properties")).toList();
		}
	}

	/**
	 * Ends the processes the blocks left running, by their {@code .pid} files; only those started
	 * since this sandbox was made, so that an id the system gave again names nothing else.
	 */
	@Override
	public void close() throws IOException {
		List<Path> pidFiles;
		try (Stream<Path> files = Files.list(this.root)) {
			pidFiles = files.filter((file) -> file.getFileName().toString().endsWith(".pid")).toList();
		}
		for (Path pidFile : pidFiles) {
			ProcessHandle.of(Long.parseLong(Files.readString(pidFile).strip()))
				.filter((process) -> process.info().startInstant().map(this.created::isBefore).orElse(false))
				.ifPresent(ProcessHandle::destroyForcibly);
		}
	}

}
