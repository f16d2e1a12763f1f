package nemo.lens.sample.e2e;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which process holds the client end of a TCP connection on this host, as the kernel lists it:
 * the socket's inode from {@code /proc/net/tcp} and {@code tcp6}, then the process's descriptors
 * under {@code /proc/<pid>/fd}. Lets a listener count only the connections one process made.
 */
final class SocketOwners {

	private SocketOwners() {
	}

	/**
	 * Whether a process (or one of its descendants, such as the JVM under a wrapper) holds the
	 * client end of an open connection.
	 * @param pid the process
	 * @param clientPort the connection's port on the client's side
	 * @param serverPort the port it connected to
	 * @return whether the process holds it
	 */
	static boolean owns(long pid, int clientPort, int serverPort) {
		Set<String> inodes = inodes(clientPort, serverPort);
		if (inodes.isEmpty()) {
			return false;
		}
		Set<Long> pids = new HashSet<>();
		pids.add(pid);
		ProcessHandle.of(pid).ifPresent((process) -> process.descendants().forEach((child) -> pids.add(child.pid())));
		return pids.stream().anyMatch((candidate) -> holdsAny(candidate, inodes));
	}

	private static Set<String> inodes(int clientPort, int serverPort) {
		String local = String.format(Locale.ROOT, ":%04X", clientPort);
		String remote = String.format(Locale.ROOT, ":%04X", serverPort);
		Set<String> inodes = new HashSet<>();
		for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
			try {
				Files.readAllLines(Path.of(table))
					.stream()
					.skip(1)
					.map((line) -> line.trim().split("\\s+"))
					.filter((fields) -> fields[1].endsWith(local) && fields[2].endsWith(remote))
					.forEach((fields) -> inodes.add(fields[9]));
			}
			catch (IOException ex) {
				// No such table on this kernel.
			}
		}
		return inodes;
	}

	private static boolean holdsAny(long pid, Set<String> inodes) {
		try (DirectoryStream<Path> descriptors = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "fd"))) {
			for (Path descriptor : descriptors) {
				try {
					String target = Files.readSymbolicLink(descriptor).toString();
					if (target.startsWith("socket:[") && inodes.contains(target.substring(8, target.length() - 1))) {
						return true;
					}
				}
				catch (IOException ex) {
					// Closed while listed.
				}
			}
		}
		catch (IOException ex) {
			// The process has ended.
		}
		return false;
	}

}
