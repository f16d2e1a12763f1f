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
 * <p>
 * Where in the interval a rename lands decides most of the figure, and the benchmark's own waits
 * fall in step with the rank's poll (the rank is seen silent once its batch worker, started at a
 * poll, has ended): without care every rename lands at the same point, and the first runs read
 * 50-160 ms for every switch but the first. So switch {@code k} of {@code n} first waits
 * {@code k/n} of the interval, before the clock starts: the switches sample the interval evenly.
 */
final class ControlFileSwitch implements RankSwitch {

	/** {@code nemo.lens.control.interval}: short, so the benchmark runs quickly; jobs use 5 s or more. */
	static final Duration INTERVAL = Duration.ofSeconds(1);

	static final String CONTENT = "export-strategy=all_ranks\n";

	static final String NAME = "control_file";

	private final Path file;

	private final int switches;

	private int made;

	/**
	 * Creates the switch over a control file that does not exist yet.
	 * @param file the control file the rank watches
	 * @param switches how many switches will be made, over which the poll interval is sampled
	 */
	ControlFileSwitch(Path file, int switches) {
		this.file = file;
		this.switches = switches;
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
	public long switchOn(SampleRank rank) throws InterruptedException {
		Thread.sleep(INTERVAL.toMillis() * (this.made++ % this.switches) / this.switches);
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
