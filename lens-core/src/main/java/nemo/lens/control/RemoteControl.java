package nemo.lens.control;

import java.util.HashSet;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A remote channel of control (an OpAMP server's remote configuration) layered over the job-wide
 * control file, both feeding one {@link JobControl}: the same syntax, the same rules, one
 * transaction per change. While the server sends a content, it is the one in force and the file
 * waits; when the server withdraws it, the file's last content (or none) is in force again.
 * <p>
 * The file's poller reports to this class rather than to the {@code JobControl}; a rank with no
 * control file has no poller, and {@link #tick()} is then called by the remote channel.
 */
public final class RemoteControl implements ControlFilePoller.Listener {

	private final JobControl<?> control;

	private final Consumer<String> warnings;

	private final Set<String> fileProblemsWarned = new HashSet<>();

	/** The file's last text, or {@code null} when there is none (or no file is configured). */
	private String fileText;

	/** The remote content in force, or {@code null}; read without the lock by reporters of the state. */
	private volatile String remoteText;

	/**
	 * @param control what the contents decide on this rank
	 * @param warnings told a problem of the file while the remote content is in force, once each
	 */
	public RemoteControl(JobControl<?> control, Consumer<String> warnings) {
		this.control = Objects.requireNonNull(control, "control must not be null");
		this.warnings = Objects.requireNonNull(warnings, "warnings must not be null");
	}

	/**
	 * Takes a content from the remote channel, whole or not at all.
	 * @param text the content, in the control file's syntax
	 * @return {@code null} when it is in force, else why it was refused (redacted); what was in
	 * force before then stays
	 */
	public synchronized String offer(String text) {
		Objects.requireNonNull(text, "text must not be null");
		String refused = this.control.check(text);
		if (refused != null) {
			return refused;
		}
		String previous = this.remoteText;
		this.remoteText = text;
		this.control.read(text);
		String error = this.control.status().error();
		if (error != null) {
			// The switch could not be made on this rank: the control kept what was in force.
			this.remoteText = previous;
			return error;
		}
		return null;
	}

	/**
	 * The remote channel sends no content any more: the control file decides again, or nothing.
	 * @return {@code null} when done, else why the file's content could not be put back in force
	 */
	public synchronized String withdraw() {
		if (this.remoteText == null) {
			return null;
		}
		this.remoteText = null;
		if (this.fileText != null) {
			this.control.read(this.fileText);
		}
		else {
			this.control.absent();
		}
		return this.control.status().error();
	}

	/**
	 * Whether the remote channel's content is the one in force (rather than the file's, or none).
	 * @return whether it is
	 */
	public boolean remoteInForce() {
		return this.remoteText != null;
	}

	/**
	 * What the control in force does on this rank now.
	 * @return its state
	 */
	public ControlStatus status() {
		return this.control.status();
	}

	@Override
	public synchronized void read(String text) {
		this.fileText = text;
		this.fileProblemsWarned.clear();
		if (this.remoteText == null) {
			this.control.read(text);
		}
	}

	@Override
	public synchronized void absent() {
		this.fileText = null;
		this.fileProblemsWarned.clear();
		if (this.remoteText == null) {
			this.control.absent();
		}
	}

	@Override
	public synchronized void problem(String problem) {
		if (this.remoteText == null) {
			this.control.problem(problem);
		}
		else if (this.fileProblemsWarned.add(problem)) {
			this.warnings.accept("NeMo Lens: the control file is not used: " + problem
					+ "; the OpAMP server's remote configuration is in force over it meanwhile");
		}
	}

	/** Serialised with the reads: the poller and the agent both tick, each on its own thread. */
	@Override
	public synchronized void tick() {
		this.control.tick();
	}

}
