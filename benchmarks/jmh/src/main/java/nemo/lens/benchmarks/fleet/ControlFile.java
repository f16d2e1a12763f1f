package nemo.lens.benchmarks.fleet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The job-wide control file, written as a job script should: the new content beside it under a
 * temporary name, then renamed into place, so that no rank ever reads half a file; removed to
 * hand every rank back to its start-up decision.
 */
public final class ControlFile {

	private final Path file;

	/**
	 * @param file the path every rank watches ({@code NEMO_LENS_CONTROL_FILE})
	 */
	public ControlFile(Path file) {
		this.file = file;
	}

	/** The path. */
	public Path path() {
		return this.file;
	}

	/**
	 * Puts new content in place.
	 * @param content Java properties text, such as {@code export-strategy=all_ranks}
	 * @return {@link System#nanoTime()} just before the rename: the moment of the switch
	 */
	public long write(String content) {
		try {
			Path next = Files.createTempFile(this.file.getParent(), "control", ".tmp");
			Files.writeString(next, content + "\n");
			long at = System.nanoTime();
			Files.move(next, this.file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
			return at;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Removes the file.
	 * @return {@link System#nanoTime()} just before the removal
	 */
	public long remove() {
		try {
			long at = System.nanoTime();
			Files.deleteIfExists(this.file);
			return at;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
