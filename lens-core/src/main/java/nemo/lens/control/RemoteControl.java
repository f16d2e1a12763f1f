package nemo.lens.control;

import java.time.Instant;
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
 * <p>
 * It also keeps what the endpoint and the agent's own report show of the remote channel: a content
 * refused (with the reason and since when, as a file in error) and whether the server's polls
 * succeed, so that a server that answers nothing usable is seen, not only logged.
 */
public final class RemoteControl implements ControlFilePoller.Listener {

	/** What notices, warnings and the endpoint call the remote channel's content. */
	public static final String SOURCE = "OpAMP remote configuration";

	private final JobControl<?> control;

	private final Consumer<String> warnings;

	/** What the control calls the file's content. */
	private final String fileSource;

	private final Set<String> fileProblemsWarned = new HashSet<>();

	/** The file's last text, or {@code null} when there is none (or no file is configured). */
	private String fileText;

	/** The remote content in force, or {@code null}; read without the lock by reporters of the state. */
	private volatile String remoteText;

	/** Why the server's last content was refused, and since when; {@code null} when it was not. */
	private volatile Problem refused;

	/** How the server's polls go; {@code null} until {@link #server} names it. */
	private volatile ControlStatus.Remote server;

	/** Guards the server's state alone: a poll's outcome never waits for a switch the file makes. */
	private final Object serverLock = new Object();

	/**
	 * @param control what the contents decide on this rank
	 * @param warnings told a problem of the file while the remote content is in force, once each
	 */
	public RemoteControl(JobControl<?> control, Consumer<String> warnings) {
		this.control = Objects.requireNonNull(control, "control must not be null");
		this.warnings = Objects.requireNonNull(warnings, "warnings must not be null");
		this.fileSource = control.source();
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
			return refuse(refused);
		}
		String previous = this.remoteText;
		this.remoteText = text;
		this.control.source(SOURCE);
		this.control.read(text);
		String error = this.control.status().error();
		if (error != null) {
			// The switch could not be made on this rank: the control kept what was in force.
			this.remoteText = previous;
			if (previous == null) {
				this.control.source(this.fileSource);
			}
			return refuse(error);
		}
		this.refused = null;
		return null;
	}

	private String refuse(String reason) {
		Problem previous = this.refused;
		this.refused = new Problem(reason, (previous != null) ? previous.since() : Instant.now());
		return reason;
	}

	/**
	 * The remote channel sends no content any more: the control file decides again, or nothing.
	 * @return {@code null} when done, else why the file's content could not be put back in force
	 */
	public synchronized String withdraw() {
		this.refused = null;
		if (this.remoteText == null) {
			return null;
		}
		this.remoteText = null;
		this.control.source(this.fileSource);
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
		ControlStatus status = this.control.status();
		Problem refused = this.refused;
		if (refused != null) {
			return new ControlStatus(status.file(), "error",
					SOURCE + " is not used: " + refused.reason(), status.applied(),
					refused.since().toString(), this.server);
		}
		return new ControlStatus(status.file(), status.state(), status.error(), status.applied(), status.since(),
				this.server);
	}

	/**
	 * Names the remote channel's server, before its first poll.
	 * @param address the server's address, redacted
	 */
	public void server(String address) {
		this.server = new ControlStatus.Remote(address, "connecting", null, null);
	}

	/**
	 * A poll of the server failed: it could not be reached, it answered an error, or its answer
	 * could not be used.
	 * @param error why, redacted, never a header's value
	 * @return whether the polls started failing now (rather than failing still): an outage is told
	 * once
	 */
	public boolean serverFailed(String error) {
		synchronized (this.serverLock) {
			ControlStatus.Remote current = Objects.requireNonNull(this.server, "server not named");
			boolean started = !current.state().equals("failing");
			this.server = new ControlStatus.Remote(current.server(), "failing", error,
					started ? Instant.now().toString() : current.since());
			return started;
		}
	}

	/**
	 * A poll of the server was answered and its answer used.
	 * @return whether the polls were failing until now: a recovery is told once
	 */
	public boolean serverAnswered() {
		synchronized (this.serverLock) {
			ControlStatus.Remote current = Objects.requireNonNull(this.server, "server not named");
			if (current.state().equals("reachable")) {
				return false;
			}
			this.server = new ControlStatus.Remote(current.server(), "reachable", null, null);
			return current.state().equals("failing");
		}
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
			this.warnings.accept("NeMo Lens: " + this.fileSource + " is not used: " + problem + "; the " + SOURCE
					+ " is in force over it meanwhile");
		}
	}

	/** Serialised with the reads: the poller and the agent both tick, each on its own thread. */
	@Override
	public synchronized void tick() {
		this.control.tick();
	}

	private record Problem(String reason, Instant since) {

	}

}
