package nemo.lens.spans;

import java.util.Objects;
import java.util.function.BooleanSupplier;

import io.opentelemetry.api.trace.Tracer;
import nemo.lens.sdk.RankAttributeNames;

/**
 * The span helpers of one telemetry handle: its tracer, whether it records at all (an exporting
 * rank), its span groups and, when on, its job trace. {@code TelemetryHandle} builds one at setup;
 * use it through {@code handle.span(name)}.
 */
public final class LensSpans {

	/**
	 * For a handle that never records: a class rather than a lambda, which every silent rank
	 * would spin at start-up.
	 */
	public static final BooleanSupplier NEVER_RECORDING = new NeverRecording();

	private final Tracer tracer;

	private final BooleanSupplier recording;

	private final SpanGroups groups;

	private final JobTrace jobTrace;

	private final int rank;

	private final RankAttributeNames names;

	/**
	 * Creates the helpers of one handle.
	 * @param tracer the handle's tracer
	 * @param recording whether spans are recorded at all (the rank exports traces now, or its
	 * flight recorder records them; asked at each span, since a rank can be switched on and off)
	 * @param groups the span groups, changeable at run time
	 * @param jobTrace the job trace, or {@code null} when off
	 * @param rank this process's rank, for {@link LensSpanBuilder#stage(long)}
	 */
	public LensSpans(Tracer tracer, BooleanSupplier recording, SpanGroups groups, JobTrace jobTrace, int rank) {
		this(tracer, recording, groups, jobTrace, rank, RankAttributeNames.of(RankAttributeNames.DL));
	}

	/**
	 * Creates the helpers of one handle whose links carry the rank's attributes under the given
	 * names.
	 * @param tracer the handle's tracer
	 * @param recording whether spans are recorded at all
	 * @param groups the span groups, changeable at run time
	 * @param jobTrace the job trace, or {@code null} when off
	 * @param rank this process's rank, for {@link LensSpanBuilder#stage(long)}
	 * @param names the names of the {@code dl.*} attributes of a link to another rank
	 */
	public LensSpans(Tracer tracer, BooleanSupplier recording, SpanGroups groups, JobTrace jobTrace, int rank,
			RankAttributeNames names) {
		this.tracer = Objects.requireNonNull(tracer, "tracer must not be null");
		this.recording = Objects.requireNonNull(recording, "recording must not be null");
		this.groups = Objects.requireNonNull(groups, "groups must not be null");
		this.jobTrace = jobTrace;
		this.rank = rank;
		this.names = Objects.requireNonNull(names, "names must not be null");
	}

	/**
	 * Starts describing a span.
	 * @param name the span name
	 * @return the builder
	 */
	public LensSpanBuilder span(String name) {
		return new LensSpanBuilder(this, name);
	}

	/**
	 * The span groups, to read or change at run time.
	 * @return the groups
	 */
	public SpanGroups groups() {
		return this.groups;
	}

	/**
	 * The job trace, or {@code null} when it is off.
	 * @return the job trace
	 */
	public JobTrace jobTrace() {
		return this.jobTrace;
	}

	boolean recording() {
		return this.recording.getAsBoolean();
	}

	Tracer tracer() {
		return this.tracer;
	}

	int rank() {
		return this.rank;
	}

	RankAttributeNames names() {
		return this.names;
	}

	/**
	 * Read where a span sets an attribute, not held: a handle that never records would load the
	 * rules at start-up for nothing.
	 */
	AttributeRules rules() {
		return AttributeRules.DEFAULT;
	}

	private static final class NeverRecording implements BooleanSupplier {

		@Override
		public boolean getAsBoolean() {
			return false;
		}

	}

}
