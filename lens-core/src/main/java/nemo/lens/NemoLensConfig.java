package nemo.lens;

import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.logging.Logger;

import nemo.lens.config.EnvironmentSettings;
import nemo.lens.config.OpampSettings;
import nemo.lens.config.SettingBounds;
import nemo.lens.env.EnvironmentValues;
import nemo.lens.env.Redaction;
import nemo.lens.env.UnknownVariables;
import nemo.lens.launch.RankInfo;
import nemo.lens.recorder.FlightRecorderSettings;
import nemo.lens.sdk.ExportSettings;
import nemo.lens.sdk.RankAttributeNames;
import nemo.lens.spans.SpanGroups;

/**
 * Immutable NeMo Lens settings: whether telemetry is on, which strategy picks the exporting ranks,
 * and what an exporting rank sends. Build one with {@link #builder()}, start from
 * {@link #defaults()}, or read one from {@code NEMO_LENS_*} variables with {@link #fromEnv()}.
 * <p>
 * Field names, defaults and environment keys are those of NeMo Lens 0.1.0. The strategy name is
 * checked lazily, when telemetry is set up; the sample rate is checked here. A setting is one
 * component here and one field, with its default, in {@link Builder}; {@link #fromEnv()} reads
 * each component from the variable named after it.
 *
 * @param enabled whether telemetry is on at all; when off, every rank gets no-op telemetry
 * @param serviceName the {@code service.name} of exported telemetry, never blank
 * @param exportStrategy the name of the registered strategy that decides whether this rank exports
 * @param exportRank the rank that exports under {@code single_rank}; any negative value means the
 * last rank
 * @param exportSampleRate the fraction of ranks that export under {@code sampled}, and that the
 * rank-aware sampler keeps, within {@code [0.0, 1.0]}
 * @param samplerEnabled whether exporting ranks install the rank-aware trace sampler
 * @param tracesEnabled whether exporting ranks export traces
 * @param metricsEnabled whether exporting ranks export metrics
 * @param logsEnabled whether exporting ranks export logs
 * @param exporter the exporter name: {@code otlp}, {@code console} or {@code none}; checked at setup
 * @param runId the run id shared by all ranks of one job; empty means "fill in at setup"
 * @param user the user id recorded as {@code nemo.user.id}; empty means none
 * @param spanGroups the span-group spec: presets ({@code default}, {@code per_step}, {@code all})
 * and group names, comma-separated (see {@link nemo.lens.spans.SpanGroups}); checked at setup
 * @param jobTrace whether the span helpers put this run's top-level spans in one job trace (see
 * {@link nemo.lens.spans.JobTrace})
 * @param extraSpanGroups span groups of the application or its libraries beyond the base groups,
 * valid in {@code spanGroups} and part of {@code all}; checked at setup
 * @param shutdownTimeout how long {@link TelemetryHandle#shutdown()} (and the shutdown at exit)
 * waits at most for telemetry to be flushed; zero or more
 * @param tracesExportStrategy the strategy that decides whether this rank exports traces; empty
 * means {@code exportStrategy}
 * @param metricsExportStrategy the strategy that decides whether this rank exports metrics; empty
 * means {@code exportStrategy}
 * @param logsExportStrategy the strategy that decides whether this rank exports logs; empty means
 * {@code exportStrategy}
 * @param controlFile the job-wide control file watched while the rank runs; empty means none
 * @param controlInterval how often the control file is looked at; more than zero
 * @param controlAllowSharedWrites whether a control file that group or others may write, or that
 * another user than the rank's or root owns, is read all the same (a team's shared directory)
 * @param switchDrainTimeout how long spans started before a switch-off may still end and be
 * exported whole; not negative
 * @param flightRecorderEnabled whether a rank that does not export traces keeps its last finished
 * spans in memory, to hand them over when switched on or to dump them to a file
 * @param flightRecorderSpans how many finished spans the flight recorder keeps, the oldest dropped
 * first; more than zero
 * @param flightRecorderLogs how many log records the flight recorder keeps where log records flow
 * through a door Lens governs; zero or more
 * @param flightRecorderDirectory where flight recorder dumps are written; empty means none (a dump
 * is then refused, and nothing is dumped when a thread dies)
 * @param flightRecorderDumpOnExit whether the flight recorder is dumped when the JVM exits
 * @param flightRecorderMinDumpInterval the least time between two dumps the rank writes by itself
 * (a thread that dies, the exit), the others counted as skipped; zero or more, zero for no limit
 * @param flightRecorderMaxDumps how many dump files of its own a rank keeps, its oldest removed
 * first; more than zero
 * @param flightRecorderStallTimeout how long a span may stay open before the rank writes a dump by
 * itself, once per stall; more than zero, {@code null} for never (the default)
 * @param flightRecorderOpenSpans how many spans still open a dump holds at most, the oldest kept;
 * zero or more
 * @param opampEndpoint the OpAMP server this rank reports to and takes remote configuration from,
 * over OpAMP's HTTP transport (an {@code http://} or {@code https://} URL); empty means none. Needs
 * the {@code nemo.lens:lens-opamp} module on the class path
 * @param opampInterval how often the rank polls its OpAMP server; more than zero
 * @param opampHeaders the headers of each request to the OpAMP server, {@code name=value} pairs
 * separated by commas as in {@code OTEL_EXPORTER_OTLP_HEADERS}; empty means none. A credential:
 * never printed
 * @param attributeNames the names the rank's {@code dl.*} attributes are stamped under:
 * {@code dl} (the default), {@code nv} (the Python side's {@code nv.dl.*} names only) or
 * {@code both} ({@link RankAttributeNames})
 */
public record NemoLensConfig(boolean enabled, String serviceName, String exportStrategy, int exportRank,
		double exportSampleRate, boolean samplerEnabled, boolean tracesEnabled, boolean metricsEnabled,
		boolean logsEnabled, String exporter, String runId, String user, String spanGroups,
		boolean jobTrace, List<String> extraSpanGroups, Duration shutdownTimeout, String tracesExportStrategy,
		String metricsExportStrategy, String logsExportStrategy, String controlFile, Duration controlInterval,
		boolean controlAllowSharedWrites, Duration switchDrainTimeout,
		boolean flightRecorderEnabled, int flightRecorderSpans, int flightRecorderLogs, String flightRecorderDirectory,
		boolean flightRecorderDumpOnExit, Duration flightRecorderMinDumpInterval, int flightRecorderMaxDumps,
		Duration flightRecorderStallTimeout, int flightRecorderOpenSpans, String opampEndpoint,
		Duration opampInterval, String opampHeaders, String attributeNames)
		implements ExportSettings, FlightRecorderSettings {

	/** The default environment prefix. */
	public static final String DEFAULT_ENV_PREFIX = "NEMO_LENS";

	/** The service name used when none (or a blank one) is given. */
	public static final String DEFAULT_SERVICE_NAME = "nemo";

	/** The exporter used when none is given. */
	public static final String DEFAULT_EXPORTER = "otlp";

	/** How often the control file is looked at unless the config says otherwise. */
	public static final Duration DEFAULT_CONTROL_INTERVAL = Duration.ofSeconds(5);

	/** How long spans under way at a switch-off may still end, unless set otherwise. */
	public static final Duration DEFAULT_SWITCH_DRAIN_TIMEOUT = Duration.ofSeconds(10);

	/** How many finished spans the flight recorder keeps unless the config says otherwise. */
	public static final int DEFAULT_FLIGHT_RECORDER_SPANS = 2048;

	/** How many log records the flight recorder keeps unless the config says otherwise. */
	public static final int DEFAULT_FLIGHT_RECORDER_LOGS = 1024;

	/** The least time between two dumps a rank writes by itself unless the config says otherwise. */
	public static final Duration DEFAULT_FLIGHT_RECORDER_MIN_DUMP_INTERVAL = Duration.ofSeconds(10);

	/** How many dump files of its own a rank keeps unless the config says otherwise. */
	public static final int DEFAULT_FLIGHT_RECORDER_MAX_DUMPS = 20;

	/** How many open spans a dump holds at most unless the config says otherwise. */
	public static final int DEFAULT_FLIGHT_RECORDER_OPEN_SPANS = 256;

	/** How often a rank polls its OpAMP server unless the config says otherwise. */
	public static final Duration DEFAULT_OPAMP_INTERVAL = Duration.ofSeconds(30);

	/** The shutdown timeout used when none is given. */
	public static final Duration DEFAULT_SHUTDOWN_TIMEOUT = Duration.ofSeconds(5);

	private static final NemoLensConfig DEFAULTS = new Builder().build();

	/**
	 * Normalises and checks the settings: a blank service name means
	 * {@value #DEFAULT_SERVICE_NAME}, run id and user are trimmed ({@code null} means empty), no
	 * extra span groups and the default shutdown timeout stand for {@code null}; a signal's strategy
	 * is trimmed, and {@code null} or blank means "follow {@code exportStrategy}"; the flight
	 * recorder's directory is trimmed ({@code null} means none).
	 * @throws IllegalArgumentException when the sample rate is NaN or outside {@code [0.0, 1.0]},
	 * the shutdown timeout is negative, the control interval not positive, the flight recorder's
	 * span count not positive, its log count negative, its least interval between dumps negative or
	 * the number of dumps it keeps not positive, or a duration or size is above the ceiling of its
	 * range ({@link SettingBounds}; the floors beyond these, such as the control interval's, are
	 * checked where an operator's values are read)
	 */
	public NemoLensConfig {
		serviceName = (serviceName == null || serviceName.isBlank()) ? DEFAULT_SERVICE_NAME : serviceName.trim();
		Objects.requireNonNull(exportStrategy, "exportStrategy must not be null");
		Objects.requireNonNull(exporter, "exporter must not be null");
		runId = (runId != null) ? runId.trim() : "";
		user = (user != null) ? user.trim() : "";
		spanGroups = (spanGroups != null) ? spanGroups.trim() : SpanGroups.DEFAULT;
		EnvironmentValues.checkFraction("exportSampleRate", exportSampleRate);
		extraSpanGroups = (extraSpanGroups != null) ? List.copyOf(extraSpanGroups) : List.of();
		shutdownTimeout = EnvironmentValues.checkNotNegative("shutdownTimeout",
				(shutdownTimeout != null) ? shutdownTimeout : DEFAULT_SHUTDOWN_TIMEOUT);
		tracesExportStrategy = (tracesExportStrategy != null) ? tracesExportStrategy.trim() : "";
		metricsExportStrategy = (metricsExportStrategy != null) ? metricsExportStrategy.trim() : "";
		logsExportStrategy = (logsExportStrategy != null) ? logsExportStrategy.trim() : "";
		controlFile = (controlFile != null) ? controlFile.trim() : "";
		controlInterval = EnvironmentValues.checkPositive("controlInterval",
				(controlInterval != null) ? controlInterval : DEFAULT_CONTROL_INTERVAL);
		switchDrainTimeout = EnvironmentValues.checkNotNegative("switchDrainTimeout",
				(switchDrainTimeout != null) ? switchDrainTimeout : DEFAULT_SWITCH_DRAIN_TIMEOUT);
		EnvironmentValues.checkPositive("flightRecorderSpans", flightRecorderSpans);
		EnvironmentValues.checkNotNegative("flightRecorderLogs", flightRecorderLogs);
		flightRecorderDirectory = (flightRecorderDirectory != null) ? flightRecorderDirectory.trim() : "";
		flightRecorderMinDumpInterval = EnvironmentValues.checkNotNegative("flightRecorderMinDumpInterval",
				(flightRecorderMinDumpInterval != null) ? flightRecorderMinDumpInterval
						: DEFAULT_FLIGHT_RECORDER_MIN_DUMP_INTERVAL);
		EnvironmentValues.checkPositive("flightRecorderMaxDumps", flightRecorderMaxDumps);
		if (flightRecorderStallTimeout != null) {
			EnvironmentValues.checkPositive("flightRecorderStallTimeout", flightRecorderStallTimeout);
		}
		EnvironmentValues.checkNotNegative("flightRecorderOpenSpans", flightRecorderOpenSpans);
		SettingBounds.checkCeiling("shutdownTimeout", shutdownTimeout);
		SettingBounds.checkCeiling("controlInterval", controlInterval);
		SettingBounds.checkCeiling("switchDrainTimeout", switchDrainTimeout);
		SettingBounds.checkCeiling("flightRecorderSpans", flightRecorderSpans);
		SettingBounds.checkCeiling("flightRecorderLogs", flightRecorderLogs);
		SettingBounds.checkCeiling("flightRecorderMinDumpInterval", flightRecorderMinDumpInterval);
		SettingBounds.checkCeiling("flightRecorderMaxDumps", flightRecorderMaxDumps);
		SettingBounds.checkCeiling("flightRecorderOpenSpans", flightRecorderOpenSpans);
		if (flightRecorderStallTimeout != null) {
			SettingBounds.checkCeiling("flightRecorderStallTimeout", flightRecorderStallTimeout);
		}
		opampEndpoint = (opampEndpoint != null) ? opampEndpoint.trim() : "";
		if (!opampEndpoint.isEmpty()) {
			OpampSettings.checkEndpoint("opampEndpoint", opampEndpoint);
		}
		opampInterval = EnvironmentValues.checkPositive("opampInterval",
				(opampInterval != null) ? opampInterval : DEFAULT_OPAMP_INTERVAL);
		SettingBounds.checkCeiling("opampInterval", opampInterval);
		opampHeaders = (opampHeaders != null) ? opampHeaders.trim() : "";
		// Checked here rather than where the value is read, so that no report of a refused value
		// (Spring's bind failure shows the value) can show a credential.
		if (!opampHeaders.isEmpty()) {
			OpampSettings.headers(OpampSettings.HEADERS_NAMES, opampHeaders);
		}
		attributeNames = (attributeNames == null || attributeNames.isBlank()) ? RankAttributeNames.DL
				: attributeNames.trim();
		RankAttributeNames.of(attributeNames);
	}

	/**
	 * The settings, with the OpAMP headers redacted: they carry credentials, and a config is logged.
	 * @return the settings as text
	 */
	@Override
	public String toString() {
		StringBuilder text = new StringBuilder("NemoLensConfig[");
		for (RecordComponent component : ConfigComponents.ALL) {
			Object value = ConfigComponents.value(component, this);
			if (component.getName().equals("opampHeaders") && !this.opampHeaders.isEmpty()) {
				value = Redaction.REDACTED;
			}
			text.append((text.length() > 15) ? ", " : "").append(component.getName()).append('=').append(value);
		}
		// Redacted too: an endpoint may carry user info or a query.
		return Redaction.redact(text.append(']').toString());
	}

	/**
	 * The name of the strategy that decides whether this rank exports a signal: the signal's own,
	 * else {@link #exportStrategy()}.
	 * @param signal the signal
	 * @return the strategy name
	 */
	public String exportStrategy(Signal signal) {
		// Not switches, here and below: one on an enum compiles to a class of its own (a switch
		// map), which every rank would load at start-up.
		String own = (signal == Signal.TRACES) ? this.tracesExportStrategy
				: (signal == Signal.METRICS) ? this.metricsExportStrategy : this.logsExportStrategy;
		return own.isEmpty() ? this.exportStrategy : own;
	}

	/**
	 * Whether a signal is exported at all ({@code traces-enabled}, {@code metrics-enabled},
	 * {@code logs-enabled}); its strategy then says which ranks send it.
	 * @param signal the signal
	 * @return whether the signal is enabled
	 */
	public boolean signalEnabled(Signal signal) {
		return (signal == Signal.TRACES) ? this.tracesEnabled
				: (signal == Signal.METRICS) ? this.metricsEnabled : this.logsEnabled;
	}

	/**
	 * Returns a new builder holding the defaults.
	 * @return a builder
	 */
	public static Builder builder() {
		return new Builder();
	}

	/**
	 * Returns the default settings: disabled, {@code single_rank} on the last rank, OTLP.
	 * @return the defaults
	 */
	public static NemoLensConfig defaults() {
		return DEFAULTS;
	}

	/**
	 * Reads settings from the process environment with the {@code NEMO_LENS} prefix.
	 * @return the settings
	 * @throws IllegalArgumentException when a variable holds a value that cannot be used
	 */
	public static NemoLensConfig fromEnv() {
		return fromEnv(System.getenv(), DEFAULT_ENV_PREFIX, null);
	}

	/**
	 * Reads settings from the process environment with a prefix and an optional fallback prefix.
	 * @param prefix the primary prefix, such as {@code MEGATRON_OTEL}
	 * @param fallbackPrefix the prefix read when a primary variable is unset or blank, or
	 * {@code null} for none
	 * @return the settings
	 * @throws IllegalArgumentException when a variable holds a value that cannot be used
	 */
	public static NemoLensConfig fromEnv(String prefix, String fallbackPrefix) {
		return fromEnv(System.getenv(), prefix, fallbackPrefix);
	}

	/**
	 * Reads settings from the given environment with a prefix and an optional fallback prefix.
	 * For each key the primary variable is taken, trimmed; when it is empty the fallback
	 * variable; when that is empty too, the default. {@code OTEL_SERVICE_NAME} is read without a
	 * prefix. Errors always name the primary variable.
	 * @param env the environment to read
	 * @param prefix the primary prefix, such as {@code MEGATRON_OTEL}
	 * @param fallbackPrefix the prefix read when a primary variable is unset or blank, or
	 * {@code null} for none
	 * @return the settings
	 * @throws IllegalArgumentException when a variable holds a value that cannot be used
	 */
	public static NemoLensConfig fromEnv(Map<String, String> env, String prefix, String fallbackPrefix) {
		NemoLensConfig config = ConfigComponents.read(new EnvironmentSettings(env, prefix, fallbackPrefix));
		List<String> known = new ArrayList<>(variableNames(prefix.trim()));
		known.addAll(RankInfo.EXPLICIT_VARIABLES);
		List<String> warnings = UnknownVariables.warnings(env, prefix.trim(), known);
		if (!warnings.isEmpty()) {
			// Looked up only when there is something to say: a logger's first lookup starts
			// java.util.logging, which a silent rank that has nothing to say should not pay for.
			warnings.forEach(Logger.getLogger(NemoLensConfig.class.getName())::warning);
		}
		return config;
	}

	/**
	 * The variables {@link #fromEnv(Map, String, String)} reads with a prefix, one or more per
	 * setting ({@code PREFIX_EXPORT_STRATEGY}, ...), in the order of the settings.
	 * @param prefix the prefix, such as {@value #DEFAULT_ENV_PREFIX}
	 * @return the variable names
	 */
	public static List<String> variableNames(String prefix) {
		return EnvironmentSettings.variableNames(prefix, ConfigComponents.names());
	}

	/**
	 * Returns a builder holding these settings, to derive a changed copy.
	 * @return a builder
	 */
	public Builder toBuilder() {
		return new Builder().copy(this);
	}

	/**
	 * Builds a {@link NemoLensConfig}; starts from the defaults. Setters carry the accessor names.
	 */
	public static final class Builder {

		private boolean enabled = false;

		private String serviceName = DEFAULT_SERVICE_NAME;

		// The built-in single_rank, by name: settings do not depend on the strategies that read them.
		private String exportStrategy = "single_rank";

		private int exportRank = -1;

		private double exportSampleRate = 1.0;

		private boolean samplerEnabled = false;

		private boolean tracesEnabled = true;

		private boolean metricsEnabled = true;

		private boolean logsEnabled = false;

		private String exporter = DEFAULT_EXPORTER;

		private String runId = "";

		private String user = "";

		private String spanGroups = SpanGroups.DEFAULT;

		private boolean jobTrace = false;

		private List<String> extraSpanGroups = List.of();

		private Duration shutdownTimeout = DEFAULT_SHUTDOWN_TIMEOUT;

		private String tracesExportStrategy = "";

		private String metricsExportStrategy = "";

		private String logsExportStrategy = "";

		private String controlFile = "";

		private Duration controlInterval = DEFAULT_CONTROL_INTERVAL;

		private boolean controlAllowSharedWrites;

		private Duration switchDrainTimeout = DEFAULT_SWITCH_DRAIN_TIMEOUT;

		private boolean flightRecorderEnabled = false;

		private int flightRecorderSpans = DEFAULT_FLIGHT_RECORDER_SPANS;

		private int flightRecorderLogs = DEFAULT_FLIGHT_RECORDER_LOGS;

		private String flightRecorderDirectory = "";

		private boolean flightRecorderDumpOnExit = false;

		private Duration flightRecorderMinDumpInterval = DEFAULT_FLIGHT_RECORDER_MIN_DUMP_INTERVAL;

		private int flightRecorderMaxDumps = DEFAULT_FLIGHT_RECORDER_MAX_DUMPS;

		private Duration flightRecorderStallTimeout = null;

		private int flightRecorderOpenSpans = DEFAULT_FLIGHT_RECORDER_OPEN_SPANS;

		private String opampEndpoint = "";

		private Duration opampInterval = DEFAULT_OPAMP_INTERVAL;

		private String opampHeaders = "";

		private String attributeNames = RankAttributeNames.DL;

		private Builder() {
		}


		/**
		 * Sets whether telemetry is on at all.
		 * @param enabled whether enabled
		 * @return this builder
		 */
		public Builder enabled(boolean enabled) {
			this.enabled = enabled;
			return this;
		}

		/**
		 * Sets the service name; a blank one means {@value #DEFAULT_SERVICE_NAME}.
		 * @param serviceName the service name
		 * @return this builder
		 */
		public Builder serviceName(String serviceName) {
			this.serviceName = serviceName;
			return this;
		}

		/**
		 * Sets the name of the strategy that decides whether this rank exports.
		 * @param exportStrategy the strategy name, checked at setup
		 * @return this builder
		 */
		public Builder exportStrategy(String exportStrategy) {
			this.exportStrategy = exportStrategy;
			return this;
		}

		/**
		 * Sets the rank that exports under {@code single_rank}; negative means the last rank.
		 * @param exportRank the export rank
		 * @return this builder
		 */
		public Builder exportRank(int exportRank) {
			this.exportRank = exportRank;
			return this;
		}

		/**
		 * Sets the fraction of ranks that export under {@code sampled}; checked at {@link #build()}.
		 * @param exportSampleRate a rate within {@code [0.0, 1.0]}
		 * @return this builder
		 */
		public Builder exportSampleRate(double exportSampleRate) {
			this.exportSampleRate = exportSampleRate;
			return this;
		}

		/**
		 * Sets whether exporting ranks install the rank-aware trace sampler.
		 * @param samplerEnabled whether the sampler is enabled
		 * @return this builder
		 */
		public Builder samplerEnabled(boolean samplerEnabled) {
			this.samplerEnabled = samplerEnabled;
			return this;
		}

		/**
		 * Sets whether exporting ranks export traces.
		 * @param tracesEnabled whether traces are enabled
		 * @return this builder
		 */
		public Builder tracesEnabled(boolean tracesEnabled) {
			this.tracesEnabled = tracesEnabled;
			return this;
		}

		/**
		 * Sets whether exporting ranks export metrics.
		 * @param metricsEnabled whether metrics are enabled
		 * @return this builder
		 */
		public Builder metricsEnabled(boolean metricsEnabled) {
			this.metricsEnabled = metricsEnabled;
			return this;
		}

		/**
		 * Sets whether exporting ranks export logs.
		 * @param logsEnabled whether logs are enabled
		 * @return this builder
		 */
		public Builder logsEnabled(boolean logsEnabled) {
			this.logsEnabled = logsEnabled;
			return this;
		}

		/**
		 * Sets the exporter name, checked at setup.
		 * @param exporter {@code otlp}, {@code console} or {@code none}
		 * @return this builder
		 */
		public Builder exporter(String exporter) {
			this.exporter = exporter;
			return this;
		}

		/**
		 * Sets the run id; empty means "fill in at setup".
		 * @param runId the run id
		 * @return this builder
		 */
		public Builder runId(String runId) {
			this.runId = runId;
			return this;
		}

		/**
		 * Sets the user id recorded as {@code nemo.user.id}; empty means none.
		 * @param user the user id
		 * @return this builder
		 */
		public Builder user(String user) {
			this.user = user;
			return this;
		}

		/**
		 * Sets the span-group spec, checked at setup.
		 * @param spanGroups presets and group names, comma-separated; {@code null} means
		 * {@value SpanGroups#DEFAULT}
		 * @return this builder
		 */
		public Builder spanGroups(String spanGroups) {
			this.spanGroups = spanGroups;
			return this;
		}

		/**
		 * Sets whether the span helpers put this run's top-level spans in one job trace.
		 * @param jobTrace whether the job trace is on
		 * @return this builder
		 */
		public Builder jobTrace(boolean jobTrace) {
			this.jobTrace = jobTrace;
			return this;
		}

		/**
		 * Sets the span groups of the application or its libraries beyond the base groups.
		 * @param extraSpanGroups group names, checked at setup; {@code null} means none
		 * @return this builder
		 */
		public Builder extraSpanGroups(List<String> extraSpanGroups) {
			this.extraSpanGroups = extraSpanGroups;
			return this;
		}

		/**
		 * Sets how long a shutdown waits at most for telemetry to be flushed.
		 * @param shutdownTimeout zero or more; {@code null} means the default of 5 seconds
		 * @return this builder
		 */
		public Builder shutdownTimeout(Duration shutdownTimeout) {
			this.shutdownTimeout = shutdownTimeout;
			return this;
		}

		/**
		 * Sets the strategy that decides whether this rank exports traces.
		 * @param tracesExportStrategy the strategy name, checked at setup; {@code null} or empty
		 * means the one of {@link #exportStrategy(String)}
		 * @return this builder
		 */
		public Builder tracesExportStrategy(String tracesExportStrategy) {
			this.tracesExportStrategy = tracesExportStrategy;
			return this;
		}

		/**
		 * Sets the strategy that decides whether this rank exports metrics.
		 * @param metricsExportStrategy the strategy name, checked at setup; {@code null} or empty
		 * means the one of {@link #exportStrategy(String)}
		 * @return this builder
		 */
		public Builder metricsExportStrategy(String metricsExportStrategy) {
			this.metricsExportStrategy = metricsExportStrategy;
			return this;
		}

		/**
		 * Sets the strategy that decides whether this rank exports logs.
		 * @param logsExportStrategy the strategy name, checked at setup; {@code null} or empty
		 * means the one of {@link #exportStrategy(String)}
		 * @return this builder
		 */
		public Builder logsExportStrategy(String logsExportStrategy) {
			this.logsExportStrategy = logsExportStrategy;
			return this;
		}

		/**
		 * Sets the job-wide control file, watched while the rank runs (see the endpoint docs).
		 * @param controlFile a path; {@code null} or empty means none
		 * @return this builder
		 */
		public Builder controlFile(String controlFile) {
			this.controlFile = controlFile;
			return this;
		}

		/**
		 * Sets how often the control file is looked at.
		 * @param controlInterval more than zero; {@code null} means 5 seconds
		 * @return this builder
		 */
		public Builder controlInterval(Duration controlInterval) {
			this.controlInterval = controlInterval;
			return this;
		}

		/**
		 * Sets whether a control file that group or others may write, or that another user than the
		 * rank's or root owns, is read all the same; off, such a file is refused, since anyone who
		 * can write it can switch every rank of the job.
		 * @param controlAllowSharedWrites whether shared writes are meant
		 * @return this builder
		 */
		public Builder controlAllowSharedWrites(boolean controlAllowSharedWrites) {
			this.controlAllowSharedWrites = controlAllowSharedWrites;
			return this;
		}

		/**
		 * Sets how long spans started before a switch-off may still end and be exported whole; those
		 * still open then are ended, marked {@code nemo.span.truncated}.
		 * @param switchDrainTimeout not negative; {@code null} means 10 seconds
		 * @return this builder
		 */
		public Builder switchDrainTimeout(Duration switchDrainTimeout) {
			this.switchDrainTimeout = switchDrainTimeout;
			return this;
		}

		/**
		 * Sets whether a rank that does not export traces keeps its last finished spans in memory.
		 * @param flightRecorderEnabled whether the flight recorder is on
		 * @return this builder
		 */
		public Builder flightRecorderEnabled(boolean flightRecorderEnabled) {
			this.flightRecorderEnabled = flightRecorderEnabled;
			return this;
		}

		/**
		 * Sets how many finished spans the flight recorder keeps; checked at {@link #build()}.
		 * @param flightRecorderSpans more than zero
		 * @return this builder
		 */
		public Builder flightRecorderSpans(int flightRecorderSpans) {
			this.flightRecorderSpans = flightRecorderSpans;
			return this;
		}

		/**
		 * Sets how many log records the flight recorder keeps; checked at {@link #build()}.
		 * @param flightRecorderLogs zero or more
		 * @return this builder
		 */
		public Builder flightRecorderLogs(int flightRecorderLogs) {
			this.flightRecorderLogs = flightRecorderLogs;
			return this;
		}

		/**
		 * Sets where flight recorder dumps are written.
		 * @param flightRecorderDirectory a directory; {@code null} or empty means none
		 * @return this builder
		 */
		public Builder flightRecorderDirectory(String flightRecorderDirectory) {
			this.flightRecorderDirectory = flightRecorderDirectory;
			return this;
		}

		/**
		 * Sets whether the flight recorder is dumped when the JVM exits.
		 * @param flightRecorderDumpOnExit whether to dump at exit
		 * @return this builder
		 */
		public Builder flightRecorderDumpOnExit(boolean flightRecorderDumpOnExit) {
			this.flightRecorderDumpOnExit = flightRecorderDumpOnExit;
			return this;
		}

		/**
		 * Sets the least time between two dumps the rank writes by itself (a thread that dies of an
		 * uncaught exception, the exit); those asked for (the endpoint, the control file, the
		 * method) are never held back.
		 * @param flightRecorderMinDumpInterval zero or more, zero for no limit; {@code null} means
		 * 10 seconds
		 * @return this builder
		 */
		public Builder flightRecorderMinDumpInterval(Duration flightRecorderMinDumpInterval) {
			this.flightRecorderMinDumpInterval = flightRecorderMinDumpInterval;
			return this;
		}

		/**
		 * Sets how many dump files of its own a rank keeps in the directory; the oldest are removed
		 * first.
		 * @param flightRecorderMaxDumps more than zero
		 * @return this builder
		 */
		public Builder flightRecorderMaxDumps(int flightRecorderMaxDumps) {
			this.flightRecorderMaxDumps = flightRecorderMaxDumps;
			return this;
		}

		/**
		 * Sets how long a span may stay open before the rank writes a dump by itself, once per
		 * stall, with the reason {@code stall}; checked at {@link #build()}.
		 * @param flightRecorderStallTimeout more than zero; {@code null} for never (the default)
		 * @return this builder
		 */
		public Builder flightRecorderStallTimeout(Duration flightRecorderStallTimeout) {
			this.flightRecorderStallTimeout = flightRecorderStallTimeout;
			return this;
		}

		/**
		 * Sets how many spans still open a dump holds at most, the oldest kept; checked at
		 * {@link #build()}.
		 * @param flightRecorderOpenSpans zero or more
		 * @return this builder
		 */
		public Builder flightRecorderOpenSpans(int flightRecorderOpenSpans) {
			this.flightRecorderOpenSpans = flightRecorderOpenSpans;
			return this;
		}

		/**
		 * Sets the OpAMP server this rank reports to and takes remote configuration from; needs
		 * {@code nemo.lens:lens-opamp} on the class path.
		 * @param opampEndpoint an {@code http://} or {@code https://} URL, such as
		 * {@code http://opamp:4320/v1/opamp}; empty or {@code null} for none
		 * @return this builder
		 */
		public Builder opampEndpoint(String opampEndpoint) {
			this.opampEndpoint = opampEndpoint;
			return this;
		}

		/**
		 * Sets how often the rank polls its OpAMP server; checked at {@link #build()}.
		 * @param opampInterval more than zero
		 * @return this builder
		 */
		public Builder opampInterval(Duration opampInterval) {
			this.opampInterval = opampInterval;
			return this;
		}

		/**
		 * Sets the headers of each request to the OpAMP server.
		 * @param opampHeaders {@code name=value} pairs separated by commas; empty or {@code null}
		 * for none
		 * @return this builder
		 */
		public Builder opampHeaders(String opampHeaders) {
			this.opampHeaders = opampHeaders;
			return this;
		}

		/**
		 * Sets the names the rank's {@code dl.*} attributes are stamped under; checked at
		 * {@link #build()}.
		 * @param attributeNames {@code dl}, {@code nv} or {@code both}; {@code null} or empty for
		 * {@code dl}
		 * @return this builder
		 */
		public Builder attributeNames(String attributeNames) {
			this.attributeNames = attributeNames;
			return this;
		}

		/**
		 * Sets a signal's strategy.
		 * @param signal the signal
		 * @param exportStrategy the strategy name, checked at setup; {@code null} or empty means
		 * the one of {@link #exportStrategy(String)}
		 * @return this builder
		 */
		public Builder exportStrategy(Signal signal, String exportStrategy) {
			return (signal == Signal.TRACES) ? tracesExportStrategy(exportStrategy)
					: (signal == Signal.METRICS) ? metricsExportStrategy(exportStrategy)
							: logsExportStrategy(exportStrategy);
		}

		/**
		 * Builds the settings.
		 * @return the settings
		 * @throws IllegalArgumentException when a value breaks its rule (see
		 * {@link NemoLensConfig#NemoLensConfig the constructor})
		 */
		public NemoLensConfig build() {
			Object[] values = new Object[ConfigComponents.ALL.length];
			for (int i = 0; i < values.length; i++) {
				values[i] = ConfigComponents.get(ConfigComponents.ALL[i], this);
			}
			return ConfigComponents.construct(values);
		}

		/** Takes every setting of a config: the fields are named after the components. */
		private Builder copy(NemoLensConfig config) {
			for (RecordComponent component : ConfigComponents.ALL) {
				ConfigComponents.set(component, this, ConfigComponents.value(component, config));
			}
			return this;
		}

	}

}
