package nemo.lens.sample.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code connect()} calls of one JVM, recorded by running it under
 * {@code strace -f -e trace=connect}: the socket-level proof that a silent rank never opened a
 * connection to a telemetry endpoint, whatever its logs or the receiver say.
 */
final class ConnectRecord {

	private static final Path STRACE = Path.of("/usr/bin/strace");

	private static final Pattern CONNECT_PORT = Pattern.compile("port=htons\\((\\d+)\\)");

	private final Path log;

	private ConnectRecord(Path log) {
		this.log = log;
	}

	/**
	 * A record written to {@code e2e-logs/<name>.strace}, or empty when this machine has no strace
	 * (a test then assumes it away).
	 */
	static Optional<ConnectRecord> of(String name) {
		if (!Files.isExecutable(STRACE)) {
			return Optional.empty();
		}
		return Optional.of(new ConnectRecord(SampleAppProcess.logDirectory().resolve(name + ".strace")));
	}

	/** The command to run the JVM under; only {@code connect} is traced, so the JVM keeps its pace. */
	List<String> wrapper() {
		return List.of(STRACE.toString(), "-f", "--seccomp-bpf", "-qq", "-e", "trace=connect", "-o",
				this.log.toString());
	}

	/**
	 * Asserts that the JVM connected to {@code peer}, which shows the record does hold its
	 * connects, and never to {@code forbidden}.
	 */
	void assertConnectedToButNever(int peer, int forbidden) {
		List<Integer> ports = ports();
		assertThat(ports).as("ports connected to, in %s", this.log).contains(peer).doesNotContain(forbidden);
	}

	/** The ports of every {@code connect()} recorded so far, in order. */
	List<Integer> ports() {
		List<Integer> ports = new ArrayList<>();
		try {
			for (String line : Files.readAllLines(this.log)) {
				Matcher port = CONNECT_PORT.matcher(line);
				if (port.find()) {
					ports.add(Integer.parseInt(port.group(1)));
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read " + this.log, ex);
		}
		return ports;
	}

}
