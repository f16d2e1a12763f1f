package nemo.lens.sample.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The packaged sample application in a JVM of its own, as a launcher starts one rank: only the
 * variables the test gives it (plus {@code PATH}, {@code HOME} and the locale, so nothing leaks in
 * from the build's own environment), a port on {@code 127.0.0.1} it binds itself (port 0) and
 * reports in its start-up log, standard output and error
 * captured in one file under {@code target/e2e-logs}. It answers plain HTTP GETs, tells its
 * resident memory, and stops the way a scheduler stops a job: SIGTERM, timed. The applications
 * started by the dozen run from their extracted jar with a class data sharing archive
 * ({@link SharedClassArchive}), which halves the CPU a start costs.
 */
public final class SampleAppProcess implements AutoCloseable {

	/** Quick start, small heap: several of these share two cores in CI. */
	static final List<String> JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx256m",
			"-Xshare:auto");

	static final List<String> INHERITED = List.of("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR");

	private static final Duration POLL = Duration.ofMillis(100);

	/** How long {@link #port()} waits for a rank that has not said where it listens yet. */
	private static final Duration PORT_TIMEOUT = Duration.ofMinutes(3);

	/** Spring Boot's web server says where it listens, on every Boot line, at INFO. */
	private static final Pattern STARTED_ON_PORT = Pattern.compile(" started on port (\\d+)");

	private final String name;

	private final Path log;

	private final Process process;

	private final boolean wrapped;

	private volatile RankHttp http;

	private SampleAppProcess(String name, Path log, Process process, boolean wrapped) {
		this.wrapped = wrapped;
		this.name = name;
		this.log = log;
		this.process = process;
	}

	/**
	 * Starts the application and returns at once; {@link #awaitHealthy(Duration)} waits for it.
	 * @param name names the log file, such as {@code single_rank-rank3}
	 * @param environment the whole environment the application sees, beyond {@code PATH} and the like
	 * @param arguments extra application arguments, such as {@code --server.shutdown=immediate}
	 */
	public static SampleAppProcess start(String name, Map<String, String> environment, String... arguments) {
		return start(name, sampleJar(), List.of(), environment, arguments);
	}

	/**
	 * As {@link #start(String, Map, String...)}, for another packaged application, and under a
	 * wrapper command when one is given, such as {@code strace -f -o <file>}: the wrapper then runs
	 * the JVM as its child, and {@link #terminate(Duration)} signals the JVM, not the wrapper.
	 * @param jar the executable jar
	 * @param wrapper the command the JVM runs under, empty for none
	 */
	public static SampleAppProcess start(String name, String jar, List<String> wrapper, Map<String, String> environment,
			String... arguments) {
		return start(name, jar, wrapper, List.of(), environment, arguments);
	}

	/**
	 * As {@link #start(String, String, List, Map, String...)}, with JVM options after
	 * {@link #JVM_OPTIONS}, such as {@code -Dspring.aot.enabled=true}.
	 * @param jvmOptions the further JVM options, empty for none
	 */
	public static SampleAppProcess start(String name, String jar, List<String> wrapper, List<String> jvmOptions,
			Map<String, String> environment, String... arguments) {
		Path log = logDirectory().resolve(name + ".log");
		List<String> command = new ArrayList<>(wrapper);
		command.add(java());
		command.addAll(JVM_OPTIONS);
		command.addAll(jvmOptions);
		// The rank binds a port of its own choosing and says which: a port picked here and closed
		// before the rank binds it can be taken in between on a busy machine.
		command.addAll(SharedClassArchive.launch(jar).arguments());
		command.add("--server.port=0");
		command.addAll(List.of(arguments));
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
		Map<String, String> env = builder.environment();
		env.keySet().retainAll(INHERITED);
		env.putAll(environment);
		try {
			return new SampleAppProcess(name, log, builder.start(), !wrapper.isEmpty());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot start " + command, ex);
		}
	}

	/** The HTTP port on {@code 127.0.0.1}, once the rank has bound it (waiting for that if need be). */
	public int port() {
		return http(System.nanoTime() + PORT_TIMEOUT.toNanos()).port();
	}

	/** The base URL, {@code http://127.0.0.1:<port>}. */
	public String url() {
		return "http://127.0.0.1:" + port();
	}

	public String name() {
		return this.name;
	}

	public long pid() {
		return this.process.pid();
	}

	public Path log() {
		return this.log;
	}

	public boolean isAlive() {
		return this.process.isAlive();
	}

	/** Waits until {@code /actuator/health} answers 200; fails with the log when the process died. */
	public void awaitHealthy(Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		RankHttp http = http(deadline);
		while (System.nanoTime() - deadline < 0) {
			failIfExited();
			try {
				if (http.get("/actuator/health").statusCode() == 200) {
					return;
				}
			}
			catch (UncheckedIOException ex) {
				// Not listening yet.
			}
			sleep(POLL);
		}
		throw new AssertionError(this.name + " was not healthy within " + timeout + "; see " + this.log);
	}

	/** GET on {@code 127.0.0.1}, answered within 10 seconds or failed. */
	public HttpResponse<String> get(String path) {
		return http().get(path);
	}

	/** GET that must answer 200 with a JSON object, returned as a map. */
	public Map<String, Object> getJson(String path) {
		return http().getJson(path);
	}

	/** POST of a JSON body, answered within 10 seconds or failed. */
	public HttpResponse<String> postJson(String path, String json) {
		return http().postJson(path, json);
	}

	private RankHttp http() {
		return http(System.nanoTime() + PORT_TIMEOUT.toNanos());
	}

	/** The client for this rank's port, read from its log once the web server has started. */
	private RankHttp http(long deadline) {
		RankHttp http = this.http;
		while (http == null) {
			failIfExited();
			OptionalInt port = readPort();
			if (port.isPresent()) {
				http = new RankHttp(this.name, port.getAsInt());
				this.http = http;
			}
			else if (System.nanoTime() - deadline >= 0) {
				throw new AssertionError(this.name + " did not report its port in time; see " + this.log);
			}
			else {
				sleep(POLL);
			}
		}
		return http;
	}

	private OptionalInt readPort() {
		if (!Files.exists(this.log)) {
			return OptionalInt.empty();
		}
		Matcher matcher = STARTED_ON_PORT.matcher(logText());
		return matcher.find() ? OptionalInt.of(Integer.parseInt(matcher.group(1))) : OptionalInt.empty();
	}

	private void failIfExited() {
		if (!this.process.isAlive()) {
			throw new AssertionError(this.name + " exited during start-up with " + this.process.exitValue()
					+ "; its log:\n" + logText());
		}
	}

	/** The resident set size from {@code /proc/<pid>/status}, in KiB. */
	public long residentKib() {
		try (Stream<String> lines = Files.lines(Path.of("/proc", Long.toString(pid()), "status"))) {
			String line = lines.filter((l) -> l.startsWith("VmRSS:"))
				.findFirst()
				.orElseThrow(() -> new AssertionError("No VmRSS for " + this.name));
			return Long.parseLong(line.replaceAll("[^0-9]", ""));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Sends SIGTERM and waits for the exit, at most {@code timeout} before killing it.
	 * @return from the signal to the exit
	 */
	public Duration terminate(Duration timeout) {
		long start = System.nanoTime();
		jvm().destroy();
		try {
			if (!this.process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
				this.process.destroyForcibly().waitFor();
				throw new AssertionError(this.name + " did not exit within " + timeout + " of SIGTERM; see " + this.log);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		return Duration.ofNanos(System.nanoTime() - start);
	}

	/** The JVM's own process: the started one, or the wrapper's child when there is a wrapper. */
	private ProcessHandle jvm() {
		if (!this.wrapped) {
			return this.process.toHandle();
		}
		return this.process.toHandle()
			.children()
			.findFirst()
			.orElseThrow(() -> new AssertionError(this.name + " has no JVM under its wrapper; see " + this.log));
	}

	/**
	 * Waits for the process to end by itself, as one that fails to start does.
	 * @return whether it ended within {@code timeout}
	 */
	public boolean awaitExit(Duration timeout) {
		try {
			return this.process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/** The exit code; 143 (128 + SIGTERM) after a clean {@link #terminate(Duration)}. */
	public int exitCode() {
		return this.process.exitValue();
	}

	/** Everything the process wrote so far. */
	public String logText() {
		try {
			return Files.readString(this.log, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The log lines containing {@code text}. */
	public List<String> logLines(String text) {
		return logText().lines().filter((line) -> line.contains(text)).toList();
	}

	/** Waits until a log line contains {@code text}; returns whether one did in time. */
	public boolean awaitLogLine(String text, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (logLines(text).isEmpty()) {
			if (System.nanoTime() - deadline >= 0 || !isAlive()) {
				return !logLines(text).isEmpty();
			}
			sleep(POLL);
		}
		return true;
	}

	/** Kills the process if a test left it running. */
	@Override
	public void close() {
		// A killed wrapper would leave its JVM running, detached: kill the JVM first.
		this.process.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
		if (this.process.isAlive()) {
			this.process.destroyForcibly();
		}
	}

	@Override
	public String toString() {
		RankHttp http = this.http;
		return this.name + "[pid " + pid() + ", port " + ((http != null) ? http.port() : "not yet known") + "]";
	}

	/** The {@code java} command of the JVM that runs the tests, which every process they start runs on. */
	public static String java() {
		return Path.of(System.getProperty("java.home"), "bin", "java").toString();
	}

	static String sampleJar() {
		return packagedJar("sample.jar");
	}

	/** The executable jar a failsafe system property names, such as {@code sample.jar}. */
	static String packagedJar(String property) {
		String jar = System.getProperty(property);
		if (jar == null || !Files.isRegularFile(Path.of(jar))) {
			throw new IllegalStateException("System property " + property + " must name a packaged application; "
					+ "run the end-to-end tests through mvn verify. It is: " + jar);
		}
		return jar;
	}

	/** {@code target/e2e-logs}, where each process's log (and a test's own records) go. */
	static Path logDirectory() {
		Path directory = Path.of(sampleJar()).getParent().resolve("e2e-logs");
		try {
			return Files.createDirectories(directory);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static void sleep(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
