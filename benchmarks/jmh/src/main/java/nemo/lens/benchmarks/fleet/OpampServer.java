package nemo.lens.benchmarks.fleet;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The OpAMP server of the fleet's OpAMP part: {@code @elastic/mockopampserver} from npm, a Node.js
 * process of its own that nobody here wrote, started by {@code benchmarks/fleet-opamp/opamp-server.js},
 * which also counts the OpAMP requests the server is asked and sets its remote configuration (see
 * the script). Installed with npm under {@code benchmarks/target/fleet/mockopampserver} on the first
 * run, as {@code OpampIT} installs it for its own test.
 */
public final class OpampServer implements AutoCloseable {

	/** The server's published version the driver script was written against (it reads two private fields). */
	public static final String PACKAGE = "@elastic/mockopampserver@0.5.0";

	private static final Pattern OPAMP = Pattern.compile("^OPAMP (\\S+)$");

	private static final Pattern CONTROL = Pattern.compile("^CONTROL (\\d+)$");

	private static final Pattern STAT = Pattern.compile("\"(\\w+)\":(\\d+)");

	private static final HttpClient http = HttpClient.newHttpClient();

	private final Process process;

	private final String endpoint;

	private final URI control;

	private OpampServer(Process process, String endpoint, int controlPort) {
		this.process = process;
		this.endpoint = endpoint;
		this.control = URI.create("http://127.0.0.1:" + controlPort);
	}

	/**
	 * Why the server cannot run here: {@code node} or {@code npm} missing.
	 * @return the reason, or empty when it can
	 */
	public static Optional<String> unavailable() {
		for (String tool : new String[] { "node", "npm" }) {
			String version = FleetLauncher.run(List.of(tool, "--version"));
			if (!version.strip().matches("v?\\d+\\.\\d+\\.\\d+")) {
				return Optional.of(tool + " is not installed here (" + tool + " --version: " + version.strip() + ")");
			}
		}
		return Optional.empty();
	}

	/**
	 * Installs the server if needed and starts it on a free port of 127.0.0.1.
	 * @param benchmarks the {@code benchmarks} folder
	 * @param log where the server's output is kept
	 * @return the running server
	 */
	public static OpampServer start(Path benchmarks, Path log) throws IOException, InterruptedException {
		Path folder = benchmarks.resolve("target/fleet/mockopampserver").toAbsolutePath();
		install(folder);
		Path script = benchmarks.resolve("fleet-opamp/opamp-server.js").toAbsolutePath();
		Process process = new ProcessBuilder("node", script.toString(), folder.toString()).redirectErrorStream(true)
			.start();
		BufferedReader output = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
		String endpoint = null;
		Integer control = null;
		StringBuilder seen = new StringBuilder();
		for (String line; (endpoint == null || control == null) && (line = output.readLine()) != null;) {
			seen.append(line).append('\n');
			Matcher opamp = OPAMP.matcher(line);
			Matcher controlLine = CONTROL.matcher(line);
			if (opamp.matches()) {
				endpoint = opamp.group(1);
			}
			else if (controlLine.matches()) {
				control = Integer.valueOf(controlLine.group(1));
			}
		}
		if (endpoint == null || control == null) {
			process.destroyForcibly();
			throw new IllegalStateException("The mock OpAMP server did not start:\n" + seen);
		}
		Files.writeString(log, seen);
		// The rest of its output (warnings only, logLevel warn) is kept; unread, a full pipe would stall it.
		Thread drain = new Thread(() -> {
			try (Writer out = Files.newBufferedWriter(log, StandardOpenOption.APPEND)) {
				output.transferTo(out);
			}
			catch (IOException ex) {
				// The process ended.
			}
		}, "opamp-server-output");
		drain.setDaemon(true);
		drain.start();
		return new OpampServer(process, endpoint, control);
	}

	private static void install(Path folder) throws IOException, InterruptedException {
		if (Files.exists(folder.resolve("node_modules/@elastic/mockopampserver/package.json"))) {
			return;
		}
		Files.createDirectories(folder);
		Process npm = new ProcessBuilder("npm", "install", "--no-audit", "--no-fund", "--prefix", folder.toString(),
				PACKAGE)
			.redirectErrorStream(true)
			.start();
		String output = new String(npm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		if (!npm.waitFor(5, TimeUnit.MINUTES) || npm.exitValue() != 0) {
			throw new IllegalStateException("npm install " + PACKAGE + " failed:\n" + output);
		}
	}

	/** The OpAMP endpoint, {@code http://127.0.0.1:<port>/v1/opamp}. */
	public String endpoint() {
		return this.endpoint;
	}

	/** The server's process, for its CPU. */
	public long pid() {
		return this.process.pid();
	}

	/** The OpAMP requests the server was asked so far. */
	public long requests() {
		return stat("requests");
	}

	/** The agents the server saw lately (its own active-agent cache). */
	public long agents() {
		return stat("agents");
	}

	private long stat(String name) {
		String body = send(HttpRequest.newBuilder(this.control.resolve("/stats")).build());
		Matcher matcher = STAT.matcher(body);
		while (matcher.find()) {
			if (matcher.group(1).equals(name)) {
				return Long.parseLong(matcher.group(2));
			}
		}
		throw new IllegalStateException("No " + name + " in the OpAMP server's stats: " + body);
	}

	/**
	 * Puts the config map's {@code lens} entry on the server, which each agent gets at its next poll.
	 * @param lens control-file syntax, or {@code null} to withdraw the entry
	 * @return {@link System#nanoTime()} just before the request: the moment of the change
	 */
	public long put(String lens) {
		long at = System.nanoTime();
		send(HttpRequest.newBuilder(this.control.resolve("/config"))
			.POST(HttpRequest.BodyPublishers.ofString((lens != null) ? lens : ""))
			.build());
		return at;
	}

	private static String send(HttpRequest request) {
		try {
			HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
			if (response.statusCode() / 100 != 2) {
				throw new IllegalStateException(request.uri() + " answered " + response.statusCode());
			}
			return response.body();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while asking the OpAMP server", ex);
		}
	}

	@Override
	public void close() {
		this.process.destroy();
		try {
			if (!this.process.waitFor(10, TimeUnit.SECONDS)) {
				this.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
