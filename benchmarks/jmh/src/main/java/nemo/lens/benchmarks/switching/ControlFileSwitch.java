package nemo.lens.benchmarks.switching;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;

/**
 * Switches the whole job through its control file, as a job script does: the content
 * {@value #CONTENT} is written beside the file under a temporary name and renamed into place
 * (on), and the file is removed (off: back to the configured strategy). The rank polls the file
 * every {@link #INTERVAL}, so a switch waits for the next poll: between 0 and one interval, plus
 * the switch itself.
 */
final class ControlFileSwitch implements RankSwitch {

	/** {@code nemo.lens.control.interval}: short, so the benchmark runs quickly; jobs use 5 s or more. */
	static final Duration INTERVAL = Duration.ofSeconds(1);

	static final String CONTENT = "export-strategy=all_ranks\n";

	static final String NAME = "control_file";

	private final Path file;

	/**
	 * Creates the switch over a control file that does not exist yet.
	 * @param file the control file the rank watches
	 */
	ControlFileSwitch(Path file) {
		this.file = file;
	}

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public String description() {
		return "(b) control file renamed into place: " + CONTENT.trim() + " (interval " + INTERVAL.toMillis()
				+ " ms)";
	}

	@Override
	public Duration goal() {
		return INTERVAL.plusSeconds(1);
	}

	@Override
	public List<String> rankArguments() {
		return List.of("--nemo.lens.control.file=" + this.file,
				"--nemo.lens.control.interval=" + INTERVAL.toMillis() + "ms");
	}

	@Override
	public long switchOn(SampleRank rank) {
		try {
			Path next = Files.createTempFile(this.file.getParent(), "next", ".tmp");
			Files.writeString(next, CONTENT);
			long start = System.nanoTime();
			Files.move(next, this.file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
			return start;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Override
	public void switchOff(SampleRank rank) {
		try {
			Files.delete(this.file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
