package nemo.lens.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import nemo.lens.env.EnvironmentValues;
import nemo.lens.sdk.ExporterName;
import nemo.lens.sdk.RankAttributeNames;
import nemo.lens.spans.SpanGroups;

/**
 * Every setting of NeMo Lens, one row each: its key ({@code flight-recorder.stall-timeout}, the
 * property {@code nemo.lens.flight-recorder.stall-timeout} in Spring), its type and default, its
 * bounds and rule, the channels that may change it while the job runs, whether it is a secret, and
 * a description. The variable is the row's name under a prefix
 * ({@code NEMO_LENS_FLIGHT_RECORDER_STALL_TIMEOUT}), and the name code gives it is the key in
 * camel case ({@code flightRecorderStallTimeout}, the accessor of {@code NemoLensConfig}).
 * <p>
 * Everything that reads, checks, describes or changes a setting reads this table: the environment
 * reader, {@code NemoLensConfig} and its builder, the Spring binding and its metadata (written from
 * here at build time), the live settings and the control file's keys. A new setting is a new row.
 * Rows are data, not classes: a rule beyond the bounds is a test on the row here, so that reading
 * the table loads no class per row on a rank's start-up.
 */
public enum Setting {

	ENABLED("enabled", boolean.class, false, null, 0,
			"Whether NeMo Lens builds telemetry at all. When off, every rank gets a no-op handle."),

	SERVICE_NAME("service-name", String.class, "nemo", null, 0,
			"Service name of exported telemetry. Defaults to OTEL_SERVICE_NAME, then spring.application.name, then \"nemo\"."),

	EXPORT_STRATEGY("export-strategy", String.class, "single_rank", null, Setting.LIVE,
			"Name of the strategy that decides whether this rank exports: a built-in or the name of an ExportStrategy bean."),

	EXPORT_RANK("export-rank", int.class, -1, null, Setting.LIVE,
			"Rank that exports under single_rank. Any negative value means the last rank."),

	EXPORT_SAMPLE_RATE("export-sample-rate", double.class, 1.0, Bounds.fraction(), Setting.LIVE,
			"Fraction of ranks that export under sampled, and that the rank-aware sampler keeps, from 0.0 to 1.0."),

	SAMPLER_ENABLED("sampler-enabled", boolean.class, false, null, 0,
			"Whether exporting ranks install the rank-aware trace sampler, which keeps or drops all of a rank's spans by the sampled rule."),

	TRACES_ENABLED("traces-enabled", boolean.class, true, null, 0,
			"Whether traces are exported at all; traces.export-strategy (else export-strategy) picks the ranks that send them."),

	METRICS_ENABLED("metrics-enabled", boolean.class, true, null, 0,
			"Whether metrics are exported at all; metrics.export-strategy (else export-strategy) picks the ranks that send them."),

	LOGS_ENABLED("logs-enabled", boolean.class, false, null, 0,
			"Whether logs are exported at all; logs.export-strategy (else export-strategy) picks the ranks that send them."),

	EXPORTER("exporter", String.class, "otlp", null, 0,
			"Exporter of exporting ranks: otlp (configured by the standard OTEL_EXPORTER_OTLP_* variables), console or none. Ignored for traces when a SpanExporter bean exists."),

	RUN_ID("run-id", String.class, "", null, 0,
			"Run id shared by all ranks of a job. Defaults to the job id of the launcher that gave the rank (TORCHELASTIC_RUN_ID, SLURM_JOB_ID.SLURM_STEP_ID, PMIX_NAMESPACE, ...), else a random 12-character id."),

	USER("user", String.class, "", null, 0,
			"User id recorded as nemo.user.id. Also read from NEMO_LENS_USER_ID, the Python library's name."),

	SPAN_GROUPS("span-groups", String.class, SpanGroups.DEFAULT, null, Setting.LIVE | Setting.BY_ENDPOINT,
			"Span groups enabled at start: presets (default, per_step, all) and group names (job, checkpoint, evaluate, model_init, load_checkpoint, step, forward_backward, optimizer), comma-separated, case-insensitive; groups named in extra-span-groups too. Changeable at run time on the handle or the lens endpoint."),

	JOB_TRACE("job-trace", boolean.class, false, null, 0,
			"Whether the span helpers put the top-level spans of all ranks of a run in one trace, derived from the run id or taken from the TRACEPARENT variable."),

	EXTRA_SPAN_GROUPS("extra-span-groups", List.class, List.of(), null, 0,
			"Span groups of the application or its libraries beyond the base groups (such as microbatch): valid in span-groups and for the span helpers and @LensSpan, and part of the all preset."),

	SHUTDOWN_TIMEOUT("shutdown-timeout", Duration.class, Duration.ofSeconds(5),
			Bounds.of(Duration.ZERO, Bounds.MAX_TIMEOUT, Bounds.NOT_NEGATIVE, Bounds.NOT_NEGATIVE, ""), 0,
			"Longest time to wait at shutdown for telemetry to be flushed; the application's exit is never held up longer."),

	TRACES_EXPORT_STRATEGY("traces.export-strategy", String.class, "", null, Setting.BY_REFRESH, Setting.SIGNAL_STRATEGY),

	METRICS_EXPORT_STRATEGY("metrics.export-strategy", String.class, "", null, Setting.BY_REFRESH,
			Setting.SIGNAL_STRATEGY),

	LOGS_EXPORT_STRATEGY("logs.export-strategy", String.class, "", null, Setting.BY_REFRESH, Setting.SIGNAL_STRATEGY),

	CONTROL_FILE("control.file", String.class, "", null, 0,
			"Path of the job-wide control file (on a shared file system, or a mounted ConfigMap). Unset, no file is watched and no thread runs; a missing file means no control."),

	CONTROL_INTERVAL("control.interval", Duration.class, Duration.ofSeconds(5),
			Bounds.of(Duration.ofMillis(100), Duration.ofHours(1), Bounds.POSITIVE, Bounds.POSITIVE,
					": every rank looks at the control file once an interval, and a shorter one is a storm of "
							+ "statx calls on a shared file system"),
			0, "How often each rank looks at the control file (one stat; it is read only when it changed)."),

	CONTROL_ALLOW_SHARED_WRITES("control.allow-shared-writes", boolean.class, false, null, 0,
			"Whether a control file that group or others may write, or that another user than the rank's or root owns, is read all the same (a team's group-writable shared directory). Off, such a file is refused: anyone who can write it can switch every rank of the job."),

	SWITCH_DRAIN_TIMEOUT("switch.drain-timeout", Duration.class, Duration.ofSeconds(10),
			Bounds.of(Duration.ZERO, Bounds.MAX_TIMEOUT, Bounds.NOT_NEGATIVE, Bounds.NOT_NEGATIVE, ""), 0,
			"How long spans started before a switch-off may still end and be exported whole; those still open then are ended, marked nemo.span.truncated."),

	FLIGHT_RECORDER_ENABLED("flight-recorder.enabled", boolean.class, false, null, 0,
			"Whether a rank that does not export traces keeps its last finished spans in memory. Off, such a rank records nothing and its spans cost what no-op spans cost."),

	FLIGHT_RECORDER_SPANS("flight-recorder.spans", int.class, 2048,
			Bounds.of(1, Bounds.MAX_RECORDED, Bounds.POSITIVE, Bounds.POSITIVE, ""), 0,
			"How many finished spans the ring keeps; the oldest is dropped first, and the drops counted."),

	FLIGHT_RECORDER_LOGS("flight-recorder.logs", int.class, 1024,
			Bounds.of(0, Bounds.MAX_RECORDED, Bounds.NOT_NEGATIVE, Bounds.NOT_NEGATIVE, ""), 0,
			"How many log records the recorder keeps, where log records flow through a door Lens governs."),

	FLIGHT_RECORDER_DIRECTORY("flight-recorder.directory", String.class, "", null, 0,
			"Directory that dumps are written to, as <run id>-rank-<rank>-<UTC time>.json. Unset, no file is written."),

	FLIGHT_RECORDER_DUMP_ON_EXIT("flight-recorder.dump-on-exit", boolean.class, false, null, 0,
			"Whether the recorder is dumped when the JVM exits (within the shutdown timeout)."),

	FLIGHT_RECORDER_MIN_DUMP_INTERVAL("flight-recorder.min-dump-interval", Duration.class, Duration.ofSeconds(10),
			Bounds.of(Duration.ZERO, Duration.ofDays(1), Bounds.NOT_NEGATIVE, Bounds.NOT_NEGATIVE, ""), 0,
			"Least time between two dumps the rank writes by itself when a thread dies of an uncaught exception; the others are counted as skipped. Dumps asked for (the endpoint, the control file) and the exit dump are never held back. Zero for no limit."),

	FLIGHT_RECORDER_MAX_DUMPS("flight-recorder.max-dumps", int.class, 20,
			Bounds.of(1, 10_000, Bounds.POSITIVE, Bounds.POSITIVE, ""), 0,
			"How many dump files of its own a rank keeps in the directory; the oldest are removed first."),

	FLIGHT_RECORDER_STALL_TIMEOUT("flight-recorder.stall-timeout", Duration.class, null,
			Bounds.of(Duration.ofNanos(1), Duration.ofDays(1), Bounds.ANY, Bounds.POSITIVE, ""), 0,
			"How long a span may stay open before the rank writes a dump by itself (reason stall), once per stall: a hung rank never asks for one. Unset, the rank never dumps for a stall."),

	FLIGHT_RECORDER_OPEN_SPANS("flight-recorder.open-spans", int.class, 256,
			Bounds.of(0, 100_000, Bounds.ANY, Bounds.NOT_NEGATIVE, ""), 0,
			"How many spans still open a dump holds at most, the oldest kept: the step each rank is in."),

	OPAMP_ENDPOINT("opamp.endpoint", String.class, "", null, 0,
			"URL of the OpAMP server's HTTP transport, such as http://opamp-server:4320/v1/opamp. Unset, no agent runs. Needs nemo.lens:lens-opamp on the class path."),

	OPAMP_INTERVAL("opamp.interval", Duration.class, Duration.ofSeconds(30),
			Bounds.of(Duration.ofSeconds(1), Duration.ofHours(1), Bounds.POSITIVE, Bounds.POSITIVE,
					": every rank polls the OpAMP server once an interval, and a shorter one lets a large job "
							+ "flood the server"),
			0,
			"How often each rank polls the OpAMP server; a switch made at the server reaches the rank within one interval."),

	OPAMP_HEADERS("opamp.headers", String.class, "", null, Setting.SECRET,
			"Headers of each request to the OpAMP server, name=value pairs separated by commas (as OTEL_EXPORTER_OTLP_HEADERS). A credential: never shown."),

	ATTRIBUTE_NAMES("attribute-names", String.class, RankAttributeNames.DL, null, 0,
			"Names the rank's dl.* attributes (dl.rank, dl.world_size, dl.local_rank) are stamped under, on every signal, door, dump and the OpAMP description: dl (the dl.* names), nv (the Python NeMo Lens's nv.dl.* names only) or both. Other names (service.instance.id, nemo.*) stay.");

	/** The prefix of every setting's variable unless a program reads its own ({@code fromEnv(prefix, ...)}). */
	public static final String ENV_PREFIX = "NEMO_LENS";

	/** The prefix of every setting's property, as Spring and the docs name it. */
	public static final String PROPERTY_PREFIX = "nemo.lens";

	/** A Spring refresh of the environment may change the setting while the job runs. */
	public static final int BY_REFRESH = 1;

	/** The job-wide control file may change it, under its key. */
	public static final int BY_CONTROL_FILE = 2;

	/** The OpAMP server's remote configuration may change it, in the control file's words. */
	public static final int BY_OPAMP = 4;

	/** The handle, and so the endpoint, may change it. */
	public static final int BY_ENDPOINT = 8;

	/** Flags a secret: never shown, in a refusal, a log line or a description. */
	private static final int SECRET = 16;

	private static final int LIVE = BY_REFRESH | BY_CONTROL_FILE | BY_OPAMP;

	private static final String SIGNAL_STRATEGY = "Name of the strategy that decides whether this rank exports "
			+ "the signal: a built-in or the name of an ExportStrategy bean. Unset, export-strategy decides.";

	private static final Setting[] ROWS = values();

	private final String key;

	private final Class<?> type;

	private final Object defaultValue;

	private final Bounds bounds;

	private final int flags;

	private final String description;

	private final String javaName;

	Setting(String key, Class<?> type, Object defaultValue, Bounds bounds, int flags, String description) {
		this.key = key;
		this.type = type;
		this.defaultValue = defaultValue;
		this.bounds = bounds;
		this.flags = flags;
		this.description = description;
		StringBuilder camel = new StringBuilder(key.length());
		for (int i = 0; i < key.length(); i++) {
			char c = key.charAt(i);
			boolean wordStart = i > 0 && (key.charAt(i - 1) == '-' || key.charAt(i - 1) == '.');
			if (c != '-' && c != '.') {
				camel.append(wordStart ? Character.toUpperCase(c) : c);
			}
		}
		this.javaName = camel.toString();
	}

	/** {@return the key, such as {@code flight-recorder.stall-timeout}: the property under {@code nemo.lens}} */
	public String key() {
		return this.key;
	}

	/** {@return the property, such as {@code nemo.lens.flight-recorder.stall-timeout}} */
	public String property() {
		return PROPERTY_PREFIX + "." + this.key;
	}

	/** {@return the name code gives the setting, such as {@code flightRecorderStallTimeout}} */
	public String javaName() {
		return this.javaName;
	}

	/** {@return the type: {@code boolean}, {@code int}, {@code double}, {@code Duration}, text or a list} */
	public Class<?> type() {
		return this.type;
	}

	/** {@return the default, {@code null} for none (the stall timeout's "never")} */
	public Object defaultValue() {
		return this.defaultValue;
	}

	/**
	 * A value of this setting as an operator writes it, for a refusal to show: the default
	 * ({@code 5s}, {@code single_rank}, {@code -1}), or for a duration without one {@code 30s}.
	 * @return the value; empty for text or a list without a default (a path, a run id, headers)
	 */
	public Optional<String> example() {
		Object value = (this.defaultValue == null && this.type == Duration.class) ? Duration.ofSeconds(30)
				: this.defaultValue;
		if (value instanceof Duration duration) {
			return Optional.of(Bounds.written(duration));
		}
		if (value instanceof List<?> list) {
			return list.isEmpty() ? Optional.empty() : Optional.of(String.join(",", castList(list)));
		}
		return (value == null || value.toString().isEmpty()) ? Optional.empty() : Optional.of(value.toString());
	}

	/** {@return the bounds of a number or duration, or {@code null} when it has none} */
	public Bounds bounds() {
		return this.bounds;
	}

	/** {@return what the setting is for, in a sentence or two, as IDEs show it} */
	public String description() {
		return this.description;
	}

	/** {@return whether the value is a credential, never shown} */
	public boolean isSecret() {
		return (this.flags & SECRET) != 0;
	}

	/**
	 * Whether a channel may change the setting while the job runs.
	 * @param channel {@link #BY_REFRESH}, {@link #BY_CONTROL_FILE}, {@link #BY_OPAMP} or
	 * {@link #BY_ENDPOINT}
	 * @return whether it may
	 */
	public boolean changesBy(int channel) {
		return (this.flags & channel) != 0;
	}

	/**
	 * The variables the setting is read from under a prefix, in the order they are read:
	 * {@code PREFIX_USER}, then the Python library's {@code PREFIX_USER_ID}.
	 * @param prefix the prefix, such as {@code NEMO_LENS}
	 * @return the variable names
	 */
	public List<String> variables(String prefix) {
		return (this == USER) ? List.of(prefix + "_USER", prefix + "_USER_ID") : List.of(prefix + "_" + name());
	}

	/** {@return the variable under the default prefix, such as {@code NEMO_LENS_EXPORT_RANK}} */
	public String variable() {
		return ENV_PREFIX + "_" + name();
	}

	/**
	 * The variable read without a prefix when none of {@link #variables(String)} is set.
	 * @return {@code OTEL_SERVICE_NAME} for the service name, else {@code null}
	 */
	public String standardVariable() {
		return (this == SERVICE_NAME) ? "OTEL_SERVICE_NAME" : null;
	}

	/**
	 * The row of a key.
	 * @param key such as {@code control.interval}
	 * @return the row, or {@code null} when no setting has the key
	 */
	public static Setting forKey(String key) {
		for (Setting row : ROWS) {
			if (row.key.equals(key)) {
				return row;
			}
		}
		return null;
	}

	/**
	 * Every row, in the table's order.
	 * @return the rows, a copy
	 */
	public static Setting[] rows() {
		return ROWS.clone();
	}

	/**
	 * Reads a value an operator wrote, by the core's rules: trimmed, blank meaning unset, then the
	 * setting's rule and bounds.
	 * @param name the variable or property the value came from, for the error
	 * @param raw the text
	 * @return the value, or {@code null} when blank
	 * @throws IllegalArgumentException naming {@code name} and showing {@code raw} (never a secret's
	 * value) when the value is malformed or breaks the setting's rule
	 */
	public Object read(String name, String raw) {
		Object value = EnvironmentValues.read(name, raw, this.type);
		if (value == null) {
			return null;
		}
		String written = raw.trim();
		try {
			if (this == EXPORTER) {
				ExporterName.named((String) value);
			}
			else if (this == ATTRIBUTE_NAMES) {
				RankAttributeNames.of((String) value);
			}
			else if (this == EXTRA_SPAN_GROUPS) {
				SpanGroups.of(SpanGroups.DEFAULT, castList(value));
			}
			else if (this == OPAMP_ENDPOINT) {
				OpampSettings.checkEndpoint(name, written);
			}
			if (this.bounds != null) {
				this.bounds.checkRead(name, written, value);
			}
			return value;
		}
		catch (IllegalArgumentException ex) {
			String message = ex.getMessage();
			// No cause: the message is the whole story, and reports show the innermost message.
			throw new IllegalArgumentException(
					message.startsWith(name) ? message : "Invalid " + name + " '" + written + "': " + message);
		}
	}

	/**
	 * Takes a value given in code: {@code null} means the default, text is trimmed (blank meaning the
	 * default for the service name and the attribute names), a list is copied; then the setting's
	 * rule, and the ceiling of its bounds.
	 * @param value the value, of the setting's type (boxed)
	 * @return the value to hold
	 * @throws IllegalArgumentException naming the setting when the value breaks its rule
	 */
	public Object given(Object value) {
		if (value == null) {
			return this.defaultValue;
		}
		if (!boxed().isInstance(value)) {
			throw new IllegalArgumentException(this.javaName + " takes a " + this.type.getSimpleName() + ", got a "
					+ value.getClass().getSimpleName() + ".");
		}
		if (value instanceof String text) {
			String trimmed = text.trim();
			if (trimmed.isEmpty() && (this == SERVICE_NAME || this == ATTRIBUTE_NAMES)) {
				return this.defaultValue;
			}
			if (this == OPAMP_ENDPOINT && !trimmed.isEmpty()) {
				OpampSettings.checkEndpoint(this.javaName, trimmed);
			}
			else if (this == OPAMP_HEADERS && !trimmed.isEmpty()) {
				// Checked here rather than where the value is read, so that no report of a refused
				// value (Spring's bind failure shows the value) can show a credential.
				OpampSettings.headers(allNames(), trimmed);
			}
			else if (this == ATTRIBUTE_NAMES) {
				RankAttributeNames.of(trimmed);
			}
			return trimmed;
		}
		if (this.type == List.class) {
			return List.copyOf(castList(value));
		}
		if (this.bounds != null) {
			this.bounds.checkGiven(this.javaName, value);
		}
		return value;
	}

	/**
	 * How a refusal names a secret, whichever way it was given: in code, as a property or a variable.
	 * @return such as {@code opampHeaders (nemo.lens.opamp.headers, NEMO_LENS_OPAMP_HEADERS)}
	 */
	public String allNames() {
		return this.javaName + " (" + property() + ", " + variable() + ")";
	}

	/**
	 * The variables of every row under a prefix, in the table's order; for tools that check an
	 * environment for typos.
	 * @param prefix the prefix, such as {@code NEMO_LENS}
	 * @return the variable names
	 */
	public static List<String> variableNames(String prefix) {
		List<String> names = new ArrayList<>(ROWS.length + 1);
		for (Setting row : ROWS) {
			names.addAll(row.variables(prefix));
		}
		return names;
	}

	private Class<?> boxed() {
		return (this.type == boolean.class) ? Boolean.class
				: (this.type == int.class) ? Integer.class : (this.type == double.class) ? Double.class : this.type;
	}

	@SuppressWarnings("unchecked")
	private static List<String> castList(Object value) {
		return (List<String>) value;
	}

}
