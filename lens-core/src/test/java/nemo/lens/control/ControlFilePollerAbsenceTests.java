package nemo.lens.control;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A control file that is not there, polled for as long as a job runs: told once, and looked for
 * without building an exception each time.
 */
class ControlFilePollerAbsenceTests {

	@TempDir
	Path folder;

	private final List<String> told = new CopyOnWriteArrayList<>();

	private final ControlFilePoller.Listener listener = new ControlFilePoller.Listener() {

		@Override
		public void read(String text) {
			ControlFilePollerAbsenceTests.this.told.add("read " + text.strip());
		}

		@Override
		public void absent() {
			ControlFilePollerAbsenceTests.this.told.add("absent");
		}

		@Override
		public void problem(String problem) {
			ControlFilePollerAbsenceTests.this.told.add("problem " + problem);
		}

		@Override
		public void tick() {
		}

	};

	@Test
	void anAbsentFileIsToldOnceAndAFileWrittenLaterIsRead() throws Exception {
		Path file = this.folder.resolve("control.properties");
		ControlFilePoller poller = new ControlFilePoller(file, Duration.ofSeconds(1), this.listener);
		poller.poll();
		poller.poll();
		Files.writeString(file, "export-strategy=all_ranks\n");
		poller.poll();
		Files.delete(file);
		poller.poll();
		poller.poll();
		assertThat(this.told).containsExactly("absent", "read export-strategy=all_ranks", "absent");
	}

	@Test
	void anAbsentFileIsLookedForWithoutBuildingAnException() {
		// A failed stat costs a NoSuchFileException with its stack trace, about 2 KB a poll.
		ControlFilePoller poller = new ControlFilePoller(this.folder.resolve("control.properties"),
				Duration.ofSeconds(1), this.listener);
		for (int i = 0; i < 100; i++) {
			poller.poll();
		}
		com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory
			.getThreadMXBean();
		long before = threads.getCurrentThreadAllocatedBytes();
		for (int i = 0; i < 1000; i++) {
			poller.poll();
		}
		long perPoll = (threads.getCurrentThreadAllocatedBytes() - before) / 1000;
		assertThat(perPoll).as("bytes allocated per poll").isLessThan(500);
	}

}
