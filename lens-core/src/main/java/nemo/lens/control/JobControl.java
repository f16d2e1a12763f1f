package nemo.lens.control;

import java.time.Instant;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

import nemo.lens.env.Redaction;

/**
 * The job-wide control file as one rank applies it: the last good content and what it decides,
 * and the file's state for the endpoint. A file that cannot be used leaves the last good content
 * in force and is reported once per distinct problem; a missing file means no control; after its
 * {@code until}, the file counts no more.
 * <p>
 * What the content decides is the {@link Decider}'s to say, against the settings in force when it
 * is asked: this class only keeps the answer beside the content that gave it.
 * <p>
 * Each new value of its {@code dump} key asks for one flight recorder dump. The value the rank
 * finds at its first look at the file is taken as already handled, so that a rank that starts or
 * restarts after a dump was asked for does not dump an empty recorder; a file that appears later
 * is new.
 *
 * @param <D> what the content decides on this rank
 */
public final class JobControl<D> implements ControlFilePoller.Listener {

	private final String file;

	/**
	 * What notices and warnings call the content in force: the control file, or a remote channel's
	 * content over it ({@link RemoteControl} says which).
	 */
	private volatile String source;

	private final int worldSize;

	/** Guards what is in force while a refresh decides the content again ({@link #rebase}). */
	private final Object decisionLock = new Object();

	private final Supplier<Set<String>> strategies;

	private final Consumer<String> spanGroupsCheck;

	private final Decider<D> decider;

	private final Consumer<String> warnings;

	private final Runnable changed;

	private final Consumer<String> dump;

	private final Set<String> reported = new HashSet<>();

	/** Whether the poller has not reported anything yet. */
	private boolean firstLook = true;

	/** The last {@code dump} value seen, or {@code null}. */
	private String dumpSeen;

	private volatile InForce<D> applied;

	private volatile String problem;

	/** When the problem in force was first seen. */
	private volatile Instant problemSince;

	private volatile boolean inForce;

	/**
	 * What {@link #status()} shows while a switch runs: the state before it, so that no one reads
	 * a content applied (or withdrawn) before the rank has switched to it; {@code null} between
	 * switches.
	 */
	private volatile ControlStatus beforeSwitch;

	/**
	 * Creates the control of one rank.
	 * @param file the file, as configured, for messages; {@link RemoteControl#SOURCE} for a rank that
	 * an OpAMP server alone controls
	 * @param worldSize the job's world size: {@code ranks} may name no rank at or past it
	 * @param strategies the strategy names registered now
	 * @param spanGroupsCheck refuses a span-group spec the rank does not know
	 * @param decider decides what a content means on this rank
	 * @param warnings told each distinct problem once
	 * @param changed told when what the file decides may have changed
	 * @param dump told each new value of the {@code dump} key
	 */
	public JobControl(String file, int worldSize, Supplier<Set<String>> strategies, Consumer<String> spanGroupsCheck,
			Decider<D> decider, Consumer<String> warnings, Runnable changed, Consumer<String> dump) {
		this.file = file;
		// A rank with an OpAMP server and no file: the control is the remote configuration alone,
		// and what it tells (a withdrawal included) is told under that name.
		this.source = file.equals(RemoteControl.SOURCE) ? file : "control file " + file;
		this.worldSize = worldSize;
		this.strategies = strategies;
		this.spanGroupsCheck = spanGroupsCheck;
		this.decider = decider;
		this.warnings = warnings;
		this.changed = changed;
		this.dump = dump;
	}

	@Override
	public void read(String text) {
		shownAsBefore(() -> take(text));
	}

	/**
	 * Runs a change with {@link #status()} showing the state before it until it ends, switch
	 * included.
	 */
	private void shownAsBefore(Runnable change) {
		this.beforeSwitch = statusNow();
		try {
			change.run();
		}
		finally {
			this.beforeSwitch = null;
		}
	}

	private void take(String text) {
		ControlFileContent content;
		InForce<D> previous;
		boolean previouslyInForce;
		try {
			content = ControlFileContent.parse(text, this.worldSize, this.strategies.get(), this.spanGroupsCheck);
			// Against the settings in force now, which a refresh may change meanwhile (rebase); what
			// was in force is taken under the same lock, never while a refresh may put it back.
			synchronized (this.decisionLock) {
				previous = this.applied;
				previouslyInForce = this.inForce;
				this.applied = new InForce<>(content, this.decider.decide(content));
				this.inForce = content.isInForce(Instant.now());
			}
		}
		catch (RuntimeException ex) {
			problem(ex.getMessage());
			return;
		}
		// Cleared first, so that no one sees the rank switched and the file still in error.
		String previousProblem = this.problem;
		this.problem = null;
		if (!switched(previous, previouslyInForce, previousProblem)) {
			return;
		}
		this.reported.clear();
		String requested = content.dump();
		boolean fresh = requested != null && !requested.equals(this.dumpSeen) && !this.firstLook;
		this.firstLook = false;
		if (requested != null) {
			this.dumpSeen = requested;
		}
		if (fresh) {
			this.dump.accept(requested);
		}
	}

	/**
	 * Whether a content would be taken, without taking it: read and decided as {@link #read} does,
	 * against the settings in force now. For a channel that answers before it applies (OpAMP's
	 * remote configuration), so that a content refused changes nothing and warns nothing here.
	 * @param text the content
	 * @return why it would be refused (redacted), or {@code null} when it would be taken
	 */
	public String check(String text) {
		try {
			ControlFileContent content = ControlFileContent.parse(text, this.worldSize, this.strategies.get(),
					this.spanGroupsCheck);
			this.decider.decide(content);
			return null;
		}
		catch (RuntimeException ex) {
			return Redaction.redact(String.valueOf(ex.getMessage()));
		}
	}

	@Override
	public void absent() {
		shownAsBefore(this::withdraw);
	}

	private void withdraw() {
		this.firstLook = false;
		InForce<D> previous;
		boolean previouslyInForce;
		synchronized (this.decisionLock) {
			previous = this.applied;
			previouslyInForce = this.inForce;
			if (previous != null) {
				this.applied = null;
				this.inForce = false;
			}
		}
		String previousProblem = this.problem;
		this.problem = null;
		if (previous != null) {
			if (!switched(previous, previouslyInForce, previousProblem)) {
				return;
			}
		}
		this.reported.clear();
	}

	/**
	 * Has the rank switch to what the file decides now; where that cannot be done, the file's
	 * previous state stays in force and the problem is reported, as for a file that cannot be used.
	 */
	private boolean switched(InForce<D> previous, boolean previouslyInForce, String previousProblem) {
		try {
			this.changed.run();
			return true;
		}
		catch (RuntimeException ex) {
			this.applied = previous;
			this.inForce = previouslyInForce;
			this.problem = previousProblem;
			problem(ex.getMessage());
			return false;
		}
	}

	@Override
	public void problem(String reported) {
		// Redacted: a problem quotes what the file holds, and the warning and the endpoint show it.
		String problem = Redaction.redact(reported);
		this.firstLook = false;
		if (this.reported.add(problem)) {
			this.warnings.accept("NeMo Lens: " + this.source + " is not used: " + problem
					+ ((this.applied != null) ? "; its last good content stays in force" : ""));
		}
		if (this.problem == null) {
			this.problemSince = Instant.now();
		}
		// After the warning: whoever sees the state in error finds it warned.
		this.problem = problem;
	}

	@Override
	public void tick() {
		InForce<D> current;
		boolean before;
		synchronized (this.decisionLock) {
			// Never while a refresh decides the content again: it may put back what it took.
			current = this.applied;
			boolean now = current != null && current.content().isInForce(Instant.now());
			if (now == this.inForce) {
				return;
			}
			before = this.inForce;
			this.beforeSwitch = statusNow();
			this.inForce = now;
		}
		try {
			switched(current, before, this.problem);
		}
		finally {
			this.beforeSwitch = null;
		}
	}

	/**
	 * Decides the content in force again over the settings a refresh puts in force, then runs the
	 * switch to what it decides, as one transaction: where the switch throws, the control is as it
	 * was before. Where the content cannot be decided over the new settings (a strategy fails on
	 * its new input), the file counts no more until it changes, and says why once the switch is
	 * made.
	 * @param switchOver the switch, which reads {@link #inForce()}
	 */
	public void rebase(Runnable switchOver) {
		// Held throughout, so that a look at the file waits rather than decide over settings that may
		// be put back.
		synchronized (this.decisionLock) {
			InForce<D> current = this.applied;
			String failure = null;
			if (current != null) {
				try {
					this.applied = new InForce<>(current.content(), this.decider.decide(current.content()));
				}
				catch (RuntimeException ex) {
					this.applied = null;
					failure = ex.getMessage();
				}
			}
			try {
				switchOver.run();
			}
			catch (RuntimeException | Error ex) {
				this.applied = current;
				throw ex;
			}
			if (failure != null) {
				problem(failure);
			}
		}
	}

	/**
	 * The content in force and what it decides.
	 * @return them, or {@code null} when no file is in force
	 */
	public InForce<D> inForce() {
		InForce<D> current = this.applied;
		return (current != null && this.inForce) ? current : null;
	}

	/**
	 * The span groups the file in force names.
	 * @return the spec, or {@code null}
	 */
	public String spanGroups() {
		InForce<D> current = inForce();
		return (current != null) ? current.content().spanGroups() : null;
	}

	/**
	 * What notices and warnings call the content in force: {@code control file /x}, or the remote
	 * channel's name while its content is in force.
	 * @return the name
	 */
	public String source() {
		return this.source;
	}

	/** Names the content that is about to be read: the remote channel's, or the file's again. */
	void source(String source) {
		this.source = source;
	}

	/**
	 * The file's state: while a switch runs, the state before it, so that a content reads
	 * {@code applied} only once the rank exports as it says.
	 * @return the state
	 */
	public ControlStatus status() {
		ControlStatus before = this.beforeSwitch;
		return (before != null) ? before : statusNow();
	}

	/**
	 * The file's state as a switch now running makes it (the same as {@link #status()} between
	 * switches): for the switch itself, which names the content it applies.
	 * @return the state
	 */
	public ControlStatus statusNow() {
		InForce<D> current = this.applied;
		String problem = this.problem;
		Instant since = this.problemSince;
		Map<String, String> values = (current != null && this.inForce) ? current.content().values() : Map.of();
		String state;
		if (problem != null) {
			state = "error";
		}
		else if (current == null) {
			state = "absent";
		}
		else {
			state = this.inForce ? "applied" : "expired";
		}
		return new ControlStatus(this.file, state, problem, values,
				(problem != null && since != null) ? since.toString() : null, null);
	}

	/**
	 * Says what a control file's content means on this rank, against the settings in force when
	 * asked.
	 *
	 * @param <D> the decision
	 */
	@FunctionalInterface
	public interface Decider<D> {

		/**
		 * Decides.
		 * @param content the content
		 * @return what it decides
		 * @throws IllegalArgumentException when a strategy fails on its input
		 */
		D decide(ControlFileContent content);

	}

	/**
	 * A content in force and what it decided.
	 *
	 * @param content the content
	 * @param decision what it decided
	 * @param <D> the decision
	 */
	public record InForce<D>(ControlFileContent content, D decision) {

	}

}
