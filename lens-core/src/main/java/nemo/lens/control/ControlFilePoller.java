package nemo.lens.control;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Watches the job-wide control file: one daemon thread, {@code nemo-lens-control}, that looks at
 * the file once per interval ({@code stat} of the file the path resolves to) and reads it only when
 * that changed. The resolved file is compared, not the path: a Kubernetes ConfigMap is updated by
 * swapping a {@code ..data} link to a new folder, and a shared file system is often updated by
 * renaming a new file into place; both give the path another file.
 * <p>
 * Only a regular file, or a link to one, is opened: the type is checked on the {@code stat} that
 * comes first, so a FIFO, a device or a directory at the path is an error, never an {@code open}
 * that could block the thread for good (a FIFO's {@code open} waits for a writer, and no interrupt
 * reaches it). Nor is a file that others than its owner may write, or that another user than the
 * rank's or root owns, unless shared writes are allowed ({@link ControlFileWriters}); the mode and
 * owner come with the same {@code stat}. The thread survives anything a poll raises, an
 * {@link Error} too: a periodic task that throws is cancelled for good, and every later file would
 * be ignored.
 * <p>
 * The first look is at once, for the state at start-up; the later ones come at a phase of the
 * interval drawn at random, not at the moment set-up ended, so that the ranks of a job started
 * together do not ask a shared file system's metadata server in the same millisecond. The idle work
 * (a rank's rehearsal of its first switch) is likewise spread over the first ten intervals, at most
 * {@link #MAX_IDLE_WORK_SPREAD} after the first: N ranks started together do not pay it in the same
 * second.
 */
public final class ControlFilePoller {

	private static final Logger logger = Logger.getLogger(ControlFilePoller.class.getName());

	/** What one look reads where the file system has a Unix view. */
	private static final String UNIX_ATTRIBUTES = "unix:fileKey,lastModifiedTime,size,isRegularFile,isDirectory,mode,uid";

	/** The largest control file read; anything larger is refused. */
	static final int MAX_BYTES = 64 * 1024;

	/** The latest the idle work is put off beyond one interval after the start. */
	static final Duration MAX_IDLE_WORK_SPREAD = Duration.ofSeconds(10);

	private final Path file;

	private final Duration interval;

	private final Listener listener;

	private ScheduledExecutorService thread;

	private Object seen;

	private final Runnable idleWork;

	private final boolean allowSharedWrites;

	/** Whether the file system has no Unix view: modes and owners are then not read. */
	private boolean basicOnly;

	/**
	 * Creates a poller that hands what it sees to a listener.
	 * @param file the control file
	 * @param interval how often it looks
	 * @param listener what it tells
	 */
	public ControlFilePoller(Path file, Duration interval, Listener listener) {
		this(file, interval, listener, () -> {
		});
	}

	/**
	 * Creates a poller that also runs some work once, on its own thread, at a random moment between
	 * one interval after it started and ten intervals (at most 10 s) later: work that prepares for
	 * what the file may ask, without a thread of its own.
	 * @param file the control file
	 * @param interval how often it looks
	 * @param listener what it tells
	 * @param idleWork run once, soon after the start
	 */
	public ControlFilePoller(Path file, Duration interval, Listener listener, Runnable idleWork) {
		this(file, interval, listener, idleWork, false);
	}

	/**
	 * Creates a poller as {@link #ControlFilePoller(Path, Duration, Listener, Runnable)} does, that
	 * reads a file other users may write when told to ({@link ControlFileWriters}).
	 * @param file the control file
	 * @param interval how often it looks
	 * @param listener what it tells
	 * @param idleWork run once, soon after the start
	 * @param allowSharedWrites whether a file that group or others may write, or that another user
	 * than the rank's or root owns, is read all the same
	 */
	public ControlFilePoller(Path file, Duration interval, Listener listener, Runnable idleWork,
			boolean allowSharedWrites) {
		this.file = Objects.requireNonNull(file, "file must not be null");
		this.interval = interval;
		this.listener = listener;
		this.idleWork = idleWork;
		this.allowSharedWrites = allowSharedWrites;
	}

	/**
	 * Starts the thread; it looks at the file at once, then once per interval at a random phase.
	 */
	public synchronized void start() {
		this.thread = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "nemo-lens-control");
			thread.setDaemon(true);
			return thread;
		});
		ThreadLocalRandom random = ThreadLocalRandom.current();
		this.thread.execute(this::pollSafely);
		this.thread.scheduleWithFixedDelay(this::pollSafely, phaseDelay(this.interval, random.nextDouble()),
				this.interval.toNanos(), TimeUnit.NANOSECONDS);
		this.thread.schedule(this::idleWorkSafely, idleWorkDelay(this.interval, random.nextDouble()),
				TimeUnit.NANOSECONDS);
	}

	/**
	 * When the periodic looks begin: somewhere in the first interval, never later.
	 * @param interval the interval
	 * @param fraction a random number in [0, 1)
	 * @return the delay in nanoseconds, in (0, interval]
	 */
	static long phaseDelay(Duration interval, double fraction) {
		long period = interval.toNanos();
		return Math.max(1, Math.min(period, (long) Math.ceil(period * fraction)));
	}

	/**
	 * When the idle work runs: one interval after the start, plus a random share of ten intervals
	 * or of {@link #MAX_IDLE_WORK_SPREAD}, whichever is shorter.
	 * @param interval the interval
	 * @param fraction a random number in [0, 1)
	 * @return the delay in nanoseconds
	 */
	public static long idleWorkDelay(Duration interval, double fraction) {
		long period = interval.toNanos();
		long tenIntervals = (period > Long.MAX_VALUE / 10) ? Long.MAX_VALUE : period * 10;
		long spread = Math.min(MAX_IDLE_WORK_SPREAD.toNanos(), tenIntervals);
		return period + (long) (spread * fraction);
	}

	/** Ends the thread. */
	public synchronized void stop() {
		if (this.thread != null) {
			this.thread.shutdownNow();
			this.thread = null;
		}
	}

	/** Looks at the file once; on a change, hands its text (or its absence, or the problem) on. */
	void poll() {
		// While the file is known to be absent, access(2) says whether it still is: a stat that fails
		// builds a NoSuchFileException with its stack trace, some 2 KB of garbage a poll on a rank
		// that may idle for days. (Nor can it tell a folder turned unsearchable meanwhile from an
		// absent file: both stay absent until the file is there.)
		if (this.seen == Absent.INSTANCE && !Files.exists(this.file)) {
			this.listener.tick();
			return;
		}
		Stat attributes;
		try {
			attributes = stat();
		}
		catch (NoSuchFileException ex) {
			if (this.seen != Absent.INSTANCE) {
				this.seen = Absent.INSTANCE;
				this.listener.absent();
			}
			this.listener.tick();
			return;
		}
		catch (IOException ex) {
			changed("unreadable (" + ex.getClass().getSimpleName() + ")", null);
			return;
		}
		// The mode and owner are part of what is seen, so that a chmod alone is noticed.
		Signature signature = new Signature(attributes.fileKey(), attributes.modified(), attributes.size(),
				attributes.mode(), attributes.uid());
		if (signature.equals(this.seen)) {
			this.listener.tick();
			return;
		}
		this.seen = signature;
		if (!attributes.regular()) {
			changed("not a regular file (" + kind(attributes) + "); only a regular file, or a link to one, is read",
					null);
			return;
		}
		String writers = (attributes.mode() != null)
				? ControlFileWriters.problem(attributes.mode(), attributes.uid(), this.allowSharedWrites) : null;
		if (writers != null) {
			changed(writers, null);
			return;
		}
		if (attributes.size() > MAX_BYTES) {
			changed("larger than " + MAX_BYTES + " bytes (" + attributes.size() + ")", null);
			return;
		}
		try (InputStream in = Files.newInputStream(this.file)) {
			byte[] bytes = in.readNBytes(MAX_BYTES + 1);
			if (bytes.length > MAX_BYTES) {
				changed("larger than " + MAX_BYTES + " bytes", null);
				return;
			}
			changed(null, new String(bytes, StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			// Read again at the next change only: a file that cannot be read stays refused until then.
			changed("unreadable (" + ex.getClass().getSimpleName() + ")", null);
		}
	}

	private static String kind(Stat attributes) {
		return attributes.directory() ? "a directory" : "a FIFO, a socket or a device";
	}

	/**
	 * One {@code stat} of the file the path resolves to: through the Unix view, with the mode and
	 * owner, where the file system has one, else the basic attributes.
	 */
	private Stat stat() throws IOException {
		if (!this.basicOnly) {
			try {
				Map<String, Object> unix = Files.readAttributes(this.file, UNIX_ATTRIBUTES);
				return new Stat(unix.get("fileKey"), ((FileTime) unix.get("lastModifiedTime")).toMillis(),
						(long) unix.get("size"), (boolean) unix.get("isRegularFile"), (boolean) unix.get("isDirectory"),
						(Integer) unix.get("mode"), (Integer) unix.get("uid"));
			}
			catch (UnsupportedOperationException | IllegalArgumentException ex) {
				this.basicOnly = true;
			}
		}
		BasicFileAttributes basic = Files.readAttributes(this.file, BasicFileAttributes.class);
		return new Stat(basic.fileKey(), basic.lastModifiedTime().toMillis(), basic.size(), basic.isRegularFile(),
				basic.isDirectory(), null, null);
	}

	private void changed(String problem, String text) {
		if (problem != null) {
			this.listener.problem(problem);
		}
		else {
			this.listener.read(text);
		}
		this.listener.tick();
	}

	private void idleWorkSafely() {
		try {
			this.idleWork.run();
		}
		catch (Throwable ex) {
			logger.log(Level.FINE, "NeMo Lens could not prepare the rank for a switch", ex);
		}
	}

	private void pollSafely() {
		try {
			poll();
		}
		catch (Throwable ex) {
			// Every Throwable, an Error too: a task that throws is never run again by its executor,
			// and the rank would stop reading the file with the last state shown as if current.
			try {
				this.listener.problem(ex.getClass().getSimpleName() + ": " + ex.getMessage());
			}
			catch (Throwable again) {
				// Reporting failed as well (the heap is still short): the next interval tries again.
			}
		}
	}

	/** Receives what the poller saw. */
	public interface Listener {

		/**
		 * The file's new text.
		 * @param text the text
		 */
		void read(String text);

		/** The file is not there: no control. */
		void absent();

		/**
		 * The file could not be used.
		 * @param problem why
		 */
		void problem(String problem);

		/** Once per poll, after anything else: for an {@code until} that passes. */
		void tick();

	}

	/**
	 * What identifies one version of the file. Equality is written out rather than left to the
	 * record: a record's generated {@code equals} is bound through {@code invokedynamic} at its first
	 * call, some thirty milliseconds of method-handle spinning on a rank sized to pack many, paid at
	 * the first change of the file, which is what an operator's job-wide switch waits on.
	 */
	private record Signature(Object fileKey, long modified, long size, Integer mode, Integer uid) {

		@Override
		public boolean equals(Object other) {
			return other instanceof Signature that && Objects.equals(this.fileKey, that.fileKey)
					&& this.modified == that.modified && this.size == that.size && Objects.equals(this.mode, that.mode)
					&& Objects.equals(this.uid, that.uid);
		}

		@Override
		public int hashCode() {
			return Objects.hash(this.fileKey, this.modified, this.size, this.mode, this.uid);
		}

	}

	/** What one look at the file tells; the mode and owner are {@code null} without a Unix view. */
	private record Stat(Object fileKey, long modified, long size, boolean regular, boolean directory, Integer mode,
			Integer uid) {

	}

	private enum Absent {

		INSTANCE

	}

}
