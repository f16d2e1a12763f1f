package nemo.lens.recorder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * Keeps at most a number of one rank's dumps in the directory, removing its oldest first, so that a
 * rank that dumps again and again (a tight loop of failing tasks, a control file rewritten in a
 * loop) cannot fill the shared disk. Only this rank's own files of this run are counted and
 * removed: never another rank's, another run's, or anything else in the directory.
 */
final class DumpRetention {

	/**
	 * The flight recorder's logger, by name: the retention sits below the recorder, which builds it
	 * through {@link DumpWriter}, and looking the name up from the recorder's class would import it
	 * back.
	 */
	private static final Logger logger = Logger.getLogger("nemo.lens.recorder.FlightRecorder");

	private final DumpNames names;

	private final int maxDumps;

	DumpRetention(DumpNames names, int maxDumps) {
		this.names = names;
		this.maxDumps = maxDumps;
	}

	/** Removes this rank's oldest dumps beyond the number kept; a file that cannot go stays. */
	void prune(Path directory) {
		List<Path> own;
		try (Stream<Path> files = Files.list(directory)) {
			// Names end in the UTC time, so name order is time order.
			own = files.filter((file) -> this.names.isOwn(file.getFileName().toString())).sorted().toList();
		}
		catch (IOException ex) {
			logger.log(Level.FINE, "NeMo Lens: the flight recorder could not list its dumps in " + directory, ex);
			return;
		}
		for (Path file : own.subList(0, Math.max(0, own.size() - this.maxDumps))) {
			try {
				Files.deleteIfExists(file);
			}
			catch (IOException ex) {
				logger.log(Level.FINE, "NeMo Lens: the flight recorder could not remove its old dump " + file, ex);
			}
		}
	}

}
