package nemo.lens.sample.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A RabbitMQ broker from the distribution's package ({@code rabbitmq-server}), started by a test as
 * processes of its own: no service manager, no Debian wrapper, its node name, ports, database and
 * logs all private to the test, and its own {@code epmd} (the Erlang port mapper, on a port of its
 * own) as the test's child, so that nothing outlives {@link #close()} and nothing meets a broker or
 * an {@code epmd} the machine may run already. The default {@code guest} user connects from
 * localhost only, which is where the ranks are.
 */
final class RabbitBroker implements AutoCloseable {

	private static final Path SERVER = Path.of("/usr/lib/rabbitmq/bin/rabbitmq-server");

	private static final Path EPMD = Path.of("/usr/bin/epmd");

	/** The broker's own words once it takes connections, on every 3.x release. */
	private static final String STARTED = "Server startup complete";

	private final int port;

	private final Path log;

	private final Process epmd;

	private final Process server;

	private RabbitBroker(int port, Path log, Process epmd, Process server) {
		this.port = port;
		this.log = log;
		this.epmd = epmd;
		this.server = server;
	}

	/**
	 * Why no broker can be started here, or empty when one can: the reason a test that needs one
	 * skips with.
	 */
	static Optional<String> unavailable() {
		if (!Files.isExecutable(SERVER)) {
			return Optional.of(SERVER + " is not installed (Debian package rabbitmq-server; .ci/run installs it)");
		}
		if (!Files.isExecutable(EPMD)) {
			return Optional.of(EPMD + " is not installed (it comes with erlang-base, a dependency of rabbitmq-server)");
		}
		return Optional.empty();
	}

	/**
	 * Starts a broker and waits until it takes connections.
	 * @param directory a fresh folder for its database, logs and settings
	 * @param timeout how long it may take, as a failure limit
	 */
	static RabbitBroker start(Path directory, Duration timeout) {
		int[] ports = freePorts(3);
		int port = ports[0];
		int distributionPort = ports[1];
		int epmdPort = ports[2];
		Path log = SampleAppProcess.logDirectory().resolve("rabbitmq-" + port + ".log");
		Process epmd = null;
		try {
			Files.writeString(directory.resolve("plugins"), "[].\n");
			Files.createDirectories(directory.resolve("mnesia"));
			Files.createDirectories(directory.resolve("log"));
			// Not -daemon: a daemon leaves the test's process tree and would outlive it.
			epmd = new ProcessBuilder(EPMD.toString(), "-port", Integer.toString(epmdPort))
				.redirectErrorStream(true)
				.redirectOutput(SampleAppProcess.logDirectory().resolve("epmd-" + epmdPort + ".log").toFile())
				.start();
			ProcessBuilder builder = new ProcessBuilder(SERVER.toString()).redirectErrorStream(true)
				.redirectOutput(log.toFile());
			Map<String, String> env = builder.environment();
			env.clear();
			env.putAll(environment(directory, port, distributionPort, epmdPort));
			RabbitBroker broker = new RabbitBroker(port, log, epmd, builder.start());
			broker.awaitStarted(timeout);
			return broker;
		}
		catch (IOException ex) {
			if (epmd != null) {
				epmd.destroyForcibly();
			}
			throw new UncheckedIOException("Cannot start RabbitMQ in " + directory, ex);
		}
	}

	private static Map<String, String> environment(Path directory, int port, int distributionPort, int epmdPort) {
		Map<String, String> env = new LinkedHashMap<>();
		env.put("PATH", "/usr/bin:/bin:/usr/sbin:/sbin");
		env.put("HOME", directory.toString());
		env.put("RABBITMQ_NODENAME", "lenstest" + port + "@localhost");
		env.put("RABBITMQ_NODE_IP_ADDRESS", "127.0.0.1");
		env.put("RABBITMQ_NODE_PORT", Integer.toString(port));
		env.put("RABBITMQ_DIST_PORT", Integer.toString(distributionPort));
		env.put("ERL_EPMD_PORT", Integer.toString(epmdPort));
		env.put("RABBITMQ_MNESIA_BASE", directory.resolve("mnesia").toString());
		env.put("RABBITMQ_LOG_BASE", directory.resolve("log").toString());
		env.put("RABBITMQ_LOGS", "-");
		env.put("RABBITMQ_ENABLED_PLUGINS_FILE", directory.resolve("plugins").toString());
		env.put("RABBITMQ_CONFIG_FILE", directory.resolve("rabbitmq").toString());
		env.put("RABBITMQ_PID_FILE", directory.resolve("pid").toString());
		return env;
	}

	/** The AMQP port on 127.0.0.1. */
	int port() {
		return this.port;
	}

	/** The Spring Boot settings that point an application at this broker, as variables. */
	Map<String, String> springEnvironment() {
		return Map.of("SPRING_RABBITMQ_HOST", "127.0.0.1", "SPRING_RABBITMQ_PORT", Integer.toString(this.port));
	}

	private void awaitStarted(Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (!logText().contains(STARTED)) {
			if (!this.server.isAlive() || !this.epmd.isAlive()) {
				close();
				throw new AssertionError("RabbitMQ exited during start-up; its log:\n" + logText());
			}
			if (System.nanoTime() - deadline >= 0) {
				close();
				throw new AssertionError("RabbitMQ did not start within " + timeout + "; see " + this.log);
			}
			try {
				Thread.sleep(100);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		}
	}

	private String logText() {
		try {
			return Files.exists(this.log) ? Files.readString(this.log, StandardCharsets.UTF_8) : "";
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Stops the broker (its script's Erlang VM and that VM's helpers) and then its {@code epmd},
	 * each by its own process id.
	 */
	@Override
	public void close() {
		List<ProcessHandle> broker = this.server.toHandle().descendants().toList();
		broker.forEach(ProcessHandle::destroy);
		this.server.destroy();
		awaitExit(broker, Duration.ofSeconds(30));
		broker.forEach(ProcessHandle::destroyForcibly);
		this.server.destroyForcibly();
		this.epmd.destroy();
		awaitExit(List.of(this.epmd.toHandle()), Duration.ofSeconds(10));
		this.epmd.destroyForcibly();
	}

	private static void awaitExit(List<ProcessHandle> processes, Duration timeout) {
		for (ProcessHandle process : processes) {
			try {
				process.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
			}
			catch (Exception ex) {
				// Killed below.
			}
		}
	}

	/**
	 * Distinct ports free on 127.0.0.1 now, all held open at once so none is handed out twice. The
	 * broker cannot be told to bind port 0 and report it, so its ports are picked here.
	 */
	private static int[] freePorts(int count) {
		ServerSocket[] sockets = new ServerSocket[count];
		try {
			int[] ports = new int[count];
			for (int i = 0; i < count; i++) {
				sockets[i] = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
				ports[i] = sockets[i].getLocalPort();
			}
			return ports;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		finally {
			for (ServerSocket socket : sockets) {
				if (socket != null) {
					try {
						socket.close();
					}
					catch (IOException ex) {
						// Free again either way.
					}
				}
			}
		}
	}

}
