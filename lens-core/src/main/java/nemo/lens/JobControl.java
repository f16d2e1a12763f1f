package nemo.lens;

import java.time.Instant;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The job-wide control file as one rank applies it: the last good content and what it decides,
 * and the file's state for the endpoint. A file that cannot be used leaves the last good content
 * in force and is reported once per distinct problem; a missing file means no control; after its
 * {@code until}, the file counts no more.
 * <p>
 * Each new value of its {@code dump} key asks for one flight recorder dump. The value the rank
 * finds at its first look at the file is taken as already handled, so that a rank that starts or
 * restarts after a dump was asked for does not dump an empty recorder; a file that appears later
 * is new.
 */
final class JobControl implements ControlFilePoller.Listener {

	private final String file;

	private final Object decisionLock = new Object();

	private volatile NemoLensConfig config;

	private final int rank;

	private final Supplier<Set<String>> strategies;

	private final Consumer<String> spanGroupsCheck;

	private final Function<NemoLensConfig, SignalDecisions> decide;

	private final Consumer<String> warnings;

	private final Runnable changed;

	private final Consumer<String> dump;

	private final Set<String> reported = new HashSet<>();

	/** Whether the poller has not reported anything yet. */
	private boolean firstLook = true;

	/** The last {@code dump} value seen, or {@code null}. */
	private String dumpSeen;

	private volatile Applied applied;

	private volatile String problem;

	private volatile boolean inForce;

	JobControl(String file, NemoLensConfig config, int rank, Supplier<Set<String>> strategies,
			Consumer<String> spanGroupsCheck, Function<NemoLensConfig, SignalDecisions> decide,
			Consumer<String> warnings, Runnable changed, Consumer<String> dump) {
		this.file = file;
		this.config = config;
		this.rank = rank;
		this.strategies = strategies;
		this.spanGroupsCheck = spanGroupsCheck;
		this.decide = decide;
		this.warnings = warnings;
		this.changed = changed;
		this.dump = dump;
	}

	@Override
	public void read(String text) {
		ControlFileContent content;
		try {
			content = ControlFileContent.parse(text, this.strategies.get(), this.spanGroupsCheck);
			// Against the settings in force now, which a refresh may change meanwhile (rebase).
			synchronized (this.decisionLock) {
				this.applied = new Applied(content, this.decide.apply(content.applyTo(this.config)));
			}
		}
		catch (RuntimeException ex) {
			problem(ex.getMessage());
			return;
		}
		this.problem = null;
		this.reported.clear();
		this.inForce = content.isInForce(Instant.now());
		this.changed.run();
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

	@Override
	public void absent() {
		this.firstLook = false;
		this.problem = null;
		this.reported.clear();
		if (this.applied != null) {
			this.applied = null;
			this.inForce = false;
			this.changed.run();
		}
	}

	@Override
	public void problem(String problem) {
		this.firstLook = false;
		this.problem = problem;
		if (this.reported.add(problem)) {
			this.warnings.accept("NeMo Lens: control file " + this.file + " is not used: " + problem
					+ ((this.applied != null) ? "; its last good content stays in force" : ""));
		}
	}

	@Override
	public void tick() {
		Applied current = this.applied;
		boolean now = current != null && current.content().isInForce(Instant.now());
		if (now != this.inForce) {
			this.inForce = now;
			this.changed.run();
		}
	}

	/**
	 * Puts the file's content over other settings from now on, as a refresh changes them; the
	 * caller applies the outcome. Where the content in force cannot be decided over them (a
	 * strategy fails on its new input), the file counts no more until it changes, and says why.
	 * @param settings the settings in force below the file
	 */
	void rebase(NemoLensConfig settings) {
		synchronized (this.decisionLock) {
			this.config = settings;
			Applied current = this.applied;
			if (current == null) {
				return;
			}
			try {
				this.applied = new Applied(current.content(), this.decide.apply(current.content().applyTo(settings)));
			}
			catch (RuntimeException ex) {
				this.applied = null;
				problem(ex.getMessage());
			}
		}
	}

	/**
	 * The signals the file makes this rank export, or {@code null} when no file is in force.
	 */
	Set<Signal> wanted() {
		Applied current = this.applied;
		if (current == null || !this.inForce) {
			return null;
		}
		Set<Signal> wanted = EnumSet.noneOf(Signal.class);
		boolean listed = current.content().ranks().contains(this.rank);
		for (Signal signal : Signal.values()) {
			if (current.decisions().isExporting(signal)
					|| (listed && this.config.enabled() && this.config.signalEnabled(signal))) {
				wanted.add(signal);
			}
		}
		return wanted;
	}

	/** The span groups the file in force names, or {@code null}. */
	String spanGroups() {
		Applied current = this.applied;
		return (current != null && this.inForce) ? current.content().spanGroups() : null;
	}

	/** The file's state now. */
	ControlStatus status() {
		Applied current = this.applied;
		Map<String, String> values = (current != null && this.inForce) ? current.content().values() : Map.of();
		String state;
		if (this.problem != null) {
			state = "error";
		}
		else if (current == null) {
			state = "absent";
		}
		else {
			state = this.inForce ? "applied" : "expired";
		}
		return new ControlStatus(this.file, state, this.problem, values);
	}

	private record Applied(ControlFileContent content, SignalDecisions decisions) {

	}

}
