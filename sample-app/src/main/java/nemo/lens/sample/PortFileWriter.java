package nemo.lens.sample;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Tells where this rank listens, for launchers that start several ranks on one node: each rank
 * takes a free port ({@code --server.port=0}) and, with {@code sample.port-directory} set, writes
 * it to {@code <directory>/<pid>.port} once it is ready to serve. A script (or a test) then finds
 * every rank of the job on this node without knowing which launcher started them.
 */
@Component
class PortFileWriter {

	private final String directory;

	PortFileWriter(@Value("${sample.port-directory:}") String directory) {
		this.directory = directory;
	}

	@EventListener(ApplicationReadyEvent.class)
	void writePort(ApplicationReadyEvent event) {
		if (this.directory.isBlank()) {
			return;
		}
		String port = event.getApplicationContext().getEnvironment().getRequiredProperty("local.server.port");
		Path directory = Path.of(this.directory);
		long pid = ProcessHandle.current().pid();
		try {
			Files.createDirectories(directory);
			// Written aside and moved, so that a reader never sees a half-written file.
			Path partial = directory.resolve(pid + ".port.partial");
			Files.writeString(partial, port, StandardCharsets.US_ASCII);
			Files.move(partial, directory.resolve(pid + ".port"), StandardCopyOption.ATOMIC_MOVE);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot write the port file in " + directory, ex);
		}
	}

}
