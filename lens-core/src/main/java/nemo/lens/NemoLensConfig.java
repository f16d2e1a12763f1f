package nemo.lens;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;

import nemo.lens.config.EnvironmentSettings;
import nemo.lens.config.Setting;
import nemo.lens.env.Redaction;
import nemo.lens.env.UnknownVariables;
import nemo.lens.launch.RankInfo;
import nemo.lens.recorder.FlightRecorderSettings;
import nemo.lens.sdk.ExportSettings;

/**
 * Immutable NeMo Lens settings: whether telemetry is on, which strategy picks the exporting ranks,
 * and what an exporting rank sends. Build one with {@link #builder()}, start from
 * {@link #defaults()}, or read one from {@code NEMO_LENS_*} variables with {@link #fromEnv()}.
 * <p>
 * Field names, defaults and environment keys are those of NeMo Lens 0.1.0. Each setting is a row of
 * {@link Setting}, which gives its default, its rule and its description; here it has a typed
 * accessor and a builder setter, which checks the value at once. The strategy and exporter names
 * and the span groups are checked when telemetry is set up.
 */
public final class NemoLensConfig implements ExportSettings, FlightRecorderSettings {

	/** The default environment prefix. */
	public static final String DEFAULT_ENV_PREFIX = Setting.ENV_PREFIX;

	private static final NemoLensConfig DEFAULTS = new Builder().build();

	/** The values by {@link Setting#ordinal()}, each taken by its row. */
	private final Object[] values;

	private NemoLensConfig(Object[] values) {
		this.values = values;
	}

	/**
	 * The value of a setting, for code that walks the table; the typed accessors say the same.
	 * @param setting the setting
	 * @return its value, boxed ({@code null} only for a stall timeout of never)
	 */
	public Object value(Setting setting) {
		return this.values[setting.ordinal()];
	}

	/** {@return whether telemetry is on at all; off, every rank gets no-op telemetry ({@link Setting#ENABLED})} */
	public boolean enabled() {
		return (Boolean) value(Setting.ENABLED);
	}

	/** {@return the {@code service.name} of exported telemetry, never blank ({@link Setting#SERVICE_NAME})} */
	public String serviceName() {
		return (String) value(Setting.SERVICE_NAME);
	}

	/** {@return the strategy that decides whether this rank exports ({@link Setting#EXPORT_STRATEGY})} */
	public String exportStrategy() {
		return (String) value(Setting.EXPORT_STRATEGY);
	}

	/** {@return the rank of {@code single_rank}; negative for the last ({@link Setting#EXPORT_RANK})} */
	public int exportRank() {
		return (Integer) value(Setting.EXPORT_RANK);
	}

	/** {@return the fraction of ranks that export under {@code sampled} ({@link Setting#EXPORT_SAMPLE_RATE})} */
	public double exportSampleRate() {
		return (Double) value(Setting.EXPORT_SAMPLE_RATE);
	}

	/** {@return whether exporting ranks install the rank-aware sampler ({@link Setting#SAMPLER_ENABLED})} */
	public boolean samplerEnabled() {
		return (Boolean) value(Setting.SAMPLER_ENABLED);
	}

	/** {@return whether exporting ranks export traces ({@link Setting#TRACES_ENABLED})} */
	public boolean tracesEnabled() {
		return (Boolean) value(Setting.TRACES_ENABLED);
	}

	/** {@return whether exporting ranks export metrics ({@link Setting#METRICS_ENABLED})} */
	public boolean metricsEnabled() {
		return (Boolean) value(Setting.METRICS_ENABLED);
	}

	/** {@return whether exporting ranks export logs ({@link Setting#LOGS_ENABLED})} */
	public boolean logsEnabled() {
		return (Boolean) value(Setting.LOGS_ENABLED);
	}

	/** {@return the exporter: {@code otlp}, {@code console} or {@code none} ({@link Setting#EXPORTER})} */
	public String exporter() {
		return (String) value(Setting.EXPORTER);
	}

	/** {@return the run id all ranks of a job share; empty until setup ({@link Setting#RUN_ID})} */
	public String runId() {
		return (String) value(Setting.RUN_ID);
	}

	/** {@return the user id recorded as {@code nemo.user.id}; empty for none ({@link Setting#USER})} */
	public String user() {
		return (String) value(Setting.USER);
	}

	/** {@return the span groups: presets and group names, comma-separated ({@link Setting#SPAN_GROUPS})} */
	public String spanGroups() {
		return (String) value(Setting.SPAN_GROUPS);
	}

	/** {@return whether this run's top-level spans share one job trace ({@link Setting#JOB_TRACE})} */
	public boolean jobTrace() {
		return (Boolean) value(Setting.JOB_TRACE);
	}

	/** {@return the span groups of the application beyond the base groups ({@link Setting#EXTRA_SPAN_GROUPS})} */
	public List<String> extraSpanGroups() {
		return castList(value(Setting.EXTRA_SPAN_GROUPS));
	}

	/** {@return how long a shutdown waits at most for telemetry to be flushed ({@link Setting#SHUTDOWN_TIMEOUT})} */
	public Duration shutdownTimeout() {
		return (Duration) value(Setting.SHUTDOWN_TIMEOUT);
	}

	/** {@return the strategy of traces; empty: {@link #exportStrategy()} ({@link Setting#TRACES_EXPORT_STRATEGY})} */
	public String tracesExportStrategy() {
		return (String) value(Setting.TRACES_EXPORT_STRATEGY);
	}

	/** {@return the metrics' strategy; empty: {@link #exportStrategy()} ({@link Setting#METRICS_EXPORT_STRATEGY})} */
	public String metricsExportStrategy() {
		return (String) value(Setting.METRICS_EXPORT_STRATEGY);
	}

	/** {@return the strategy of logs; empty: {@link #exportStrategy()} ({@link Setting#LOGS_EXPORT_STRATEGY})} */
	public String logsExportStrategy() {
		return (String) value(Setting.LOGS_EXPORT_STRATEGY);
	}

	/** {@return the job-wide control file; empty for none ({@link Setting#CONTROL_FILE})} */
	public String controlFile() {
		return (String) value(Setting.CONTROL_FILE);
	}

	/** {@return how often the control file is looked at ({@link Setting#CONTROL_INTERVAL})} */
	public Duration controlInterval() {
		return (Duration) value(Setting.CONTROL_INTERVAL);
	}

	/** {@return whether a control file others may write is read ({@link Setting#CONTROL_ALLOW_SHARED_WRITES})} */
	public boolean controlAllowSharedWrites() {
		return (Boolean) value(Setting.CONTROL_ALLOW_SHARED_WRITES);
	}

	/** {@return how long spans under way at a switch-off may still end ({@link Setting#SWITCH_DRAIN_TIMEOUT})} */
	public Duration switchDrainTimeout() {
		return (Duration) value(Setting.SWITCH_DRAIN_TIMEOUT);
	}

	/** {@return whether a rank not exporting traces keeps its last spans ({@link Setting#FLIGHT_RECORDER_ENABLED})} */
	public boolean flightRecorderEnabled() {
		return (Boolean) value(Setting.FLIGHT_RECORDER_ENABLED);
	}

	/** {@return how many finished spans the flight recorder keeps ({@link Setting#FLIGHT_RECORDER_SPANS})} */
	public int flightRecorderSpans() {
		return (Integer) value(Setting.FLIGHT_RECORDER_SPANS);
	}

	/** {@return how many log records the flight recorder keeps ({@link Setting#FLIGHT_RECORDER_LOGS})} */
	public int flightRecorderLogs() {
		return (Integer) value(Setting.FLIGHT_RECORDER_LOGS);
	}

	/** {@return where dumps are written; empty for none ({@link Setting#FLIGHT_RECORDER_DIRECTORY})} */
	public String flightRecorderDirectory() {
		return (String) value(Setting.FLIGHT_RECORDER_DIRECTORY);
	}

	/** {@return whether the flight recorder is dumped at exit ({@link Setting#FLIGHT_RECORDER_DUMP_ON_EXIT})} */
	public boolean flightRecorderDumpOnExit() {
		return (Boolean) value(Setting.FLIGHT_RECORDER_DUMP_ON_EXIT);
	}

	/** {@return the least time between two dumps of its own ({@link Setting#FLIGHT_RECORDER_MIN_DUMP_INTERVAL})} */
	public Duration flightRecorderMinDumpInterval() {
		return (Duration) value(Setting.FLIGHT_RECORDER_MIN_DUMP_INTERVAL);
	}

	/** {@return how many dump files of its own a rank keeps ({@link Setting#FLIGHT_RECORDER_MAX_DUMPS})} */
	public int flightRecorderMaxDumps() {
		return (Integer) value(Setting.FLIGHT_RECORDER_MAX_DUMPS);
	}

	/** {@return how long a span may stay open, or {@code null} ({@link Setting#FLIGHT_RECORDER_STALL_TIMEOUT})} */
	public Duration flightRecorderStallTimeout() {
		return (Duration) value(Setting.FLIGHT_RECORDER_STALL_TIMEOUT);
	}

	/** {@return how many open spans a dump holds at most ({@link Setting#FLIGHT_RECORDER_OPEN_SPANS})} */
	public int flightRecorderOpenSpans() {
		return (Integer) value(Setting.FLIGHT_RECORDER_OPEN_SPANS);
	}

	/** {@return the OpAMP server of this rank; empty for none ({@link Setting#OPAMP_ENDPOINT})} */
	public String opampEndpoint() {
		return (String) value(Setting.OPAMP_ENDPOINT);
	}

	/** {@return how often the rank polls its OpAMP server ({@link Setting#OPAMP_INTERVAL})} */
	public Duration opampInterval() {
		return (Duration) value(Setting.OPAMP_INTERVAL);
	}

	/** {@return the headers of each request to the OpAMP server, a credential ({@link Setting#OPAMP_HEADERS})} */
	public String opampHeaders() {
		return (String) value(Setting.OPAMP_HEADERS);
	}

	/** {@return the names the {@code dl.*} attributes take ({@link Setting#ATTRIBUTE_NAMES})} */
	public String attributeNames() {
		return (String) value(Setting.ATTRIBUTE_NAMES);
	}

	/**
	 * The name of the strategy that decides whether this rank exports a signal: the signal's own,
	 * else {@link #exportStrategy()}.
	 * @param signal the signal
	 * @return the strategy name
	 */
	public String exportStrategy(Signal signal) {
		String own = (String) value(signal.strategySetting());
		return own.isEmpty() ? exportStrategy() : own;
	}

	/**
	 * Whether a signal is exported at all ({@code traces-enabled}, {@code metrics-enabled},
	 * {@code logs-enabled}); its strategy then says which ranks send it.
	 * @param signal the signal
	 * @return whether the signal is enabled
	 */
	public boolean signalEnabled(Signal signal) {
		// Not switches, here and below: one on an enum compiles to a class of its own (a switch
		// map), which every rank would load at start-up.
		return (signal == Signal.TRACES) ? tracesEnabled()
				: (signal == Signal.METRICS) ? metricsEnabled() : logsEnabled();
	}

	@Override
	public boolean equals(Object other) {
		return (other instanceof NemoLensConfig config) && Arrays.equals(this.values, config.values);
	}

	@Override
	public int hashCode() {
		return Arrays.hashCode(this.values);
	}

	/**
	 * The settings, secrets redacted (the OpAMP headers carry credentials, and a config is logged).
	 * @return the settings as text
	 */
	@Override
	public String toString() {
		StringBuilder text = new StringBuilder("NemoLensConfig[");
		for (Setting setting : Setting.rows()) {
			Object value = value(setting);
			boolean hidden = setting.isSecret() && !"".equals(value);
			text.append((setting.ordinal() > 0) ? ", " : "")
				.append(setting.javaName())
				.append('=')
				.append(hidden ? Redaction.REDACTED : value);
		}
		// Redacted too: an endpoint may carry user info or a query.
		return Redaction.redact(text.append(']').toString());
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
		Object[] read = EnvironmentSettings.read(env, prefix, fallbackPrefix);
		Builder builder = new Builder();
		for (Setting setting : Setting.rows()) {
			if (read[setting.ordinal()] != null) {
				builder.set(setting, read[setting.ordinal()]);
			}
		}
		List<String> known = new ArrayList<>(variableNames(prefix.trim()));
		known.addAll(RankInfo.EXPLICIT_VARIABLES);
		List<String> warnings = UnknownVariables.warnings(env, prefix.trim(), known);
		if (!warnings.isEmpty()) {
			// Looked up only when there is something to say: a logger's first lookup starts
			// java.util.logging, which a silent rank that has nothing to say should not pay for.
			warnings.forEach(Logger.getLogger(NemoLensConfig.class.getName())::warning);
		}
		return builder.build();
	}

	/**
	 * The variables {@link #fromEnv(Map, String, String)} reads with a prefix, one or more per
	 * setting ({@code PREFIX_EXPORT_STRATEGY}, ...), in the order of the settings.
	 * @param prefix the prefix, such as {@value #DEFAULT_ENV_PREFIX}
	 * @return the variable names
	 */
	public static List<String> variableNames(String prefix) {
		return Setting.variableNames(prefix);
	}

	/**
	 * Returns a builder holding these settings, to derive a changed copy.
	 * @return a builder
	 */
	public Builder toBuilder() {
		return new Builder(this.values.clone());
	}

	@SuppressWarnings("unchecked")
	private static List<String> castList(Object value) {
		return (List<String>) value;
	}

	/**
	 * Builds a {@link NemoLensConfig}; starts from the defaults. Each setter takes its value as the
	 * setting's row does ({@link Setting#given}): checked at once, {@code null} meaning the
	 * default, text trimmed; {@link #build()} calls the constructor.
	 */
	public static final class Builder {

		private final Object[] values;

		private Builder() {
			Setting[] rows = Setting.rows();
			this.values = new Object[rows.length];
			for (Setting row : rows) {
				this.values[row.ordinal()] = row.defaultValue();
			}
		}

		private Builder(Object[] values) {
			this.values = values;
		}

		/**
		 * Sets a setting, for code that walks the table; the typed setters say the same.
		 * @param setting the setting
		 * @param value its value, boxed; {@code null} for its default
		 * @return this builder
		 * @throws IllegalArgumentException when the value is not of the setting's type or breaks
		 * its rule, naming the setting
		 */
		public Builder set(Setting setting, Object value) {
			this.values[setting.ordinal()] = setting.given(value);
			return this;
		}

		/** {@return this builder, with {@link NemoLensConfig#enabled()} set; checked at once} */
		public Builder enabled(boolean enabled) {
			return set(Setting.ENABLED, enabled);
		}

		/** {@return this builder, with {@link NemoLensConfig#serviceName()} set; checked at once} */
		public Builder serviceName(String serviceName) {
			return set(Setting.SERVICE_NAME, serviceName);
		}

		/** {@return this builder, with {@link NemoLensConfig#exportStrategy()} set; checked at once} */
		public Builder exportStrategy(String exportStrategy) {
			return set(Setting.EXPORT_STRATEGY, exportStrategy);
		}

		/** {@return this builder, with {@link NemoLensConfig#exportRank()} set; checked at once} */
		public Builder exportRank(int exportRank) {
			return set(Setting.EXPORT_RANK, exportRank);
		}

		/** {@return this builder, with {@link NemoLensConfig#exportSampleRate()} set; checked at once} */
		public Builder exportSampleRate(double exportSampleRate) {
			return set(Setting.EXPORT_SAMPLE_RATE, exportSampleRate);
		}

		/** {@return this builder, with {@link NemoLensConfig#samplerEnabled()} set; checked at once} */
		public Builder samplerEnabled(boolean samplerEnabled) {
			return set(Setting.SAMPLER_ENABLED, samplerEnabled);
		}

		/** {@return this builder, with {@link NemoLensConfig#tracesEnabled()} set; checked at once} */
		public Builder tracesEnabled(boolean tracesEnabled) {
			return set(Setting.TRACES_ENABLED, tracesEnabled);
		}

		/** {@return this builder, with {@link NemoLensConfig#metricsEnabled()} set; checked at once} */
		public Builder metricsEnabled(boolean metricsEnabled) {
			return set(Setting.METRICS_ENABLED, metricsEnabled);
		}

		/** {@return this builder, with {@link NemoLensConfig#logsEnabled()} set; checked at once} */
		public Builder logsEnabled(boolean logsEnabled) {
			return set(Setting.LOGS_ENABLED, logsEnabled);
		}

		/** {@return this builder, with {@link NemoLensConfig#exporter()} set; checked at once} */
		public Builder exporter(String exporter) {
			return set(Setting.EXPORTER, exporter);
		}

		/** {@return this builder, with {@link NemoLensConfig#runId()} set; checked at once} */
		public Builder runId(String runId) {
			return set(Setting.RUN_ID, runId);
		}

		/** {@return this builder, with {@link NemoLensConfig#user()} set; checked at once} */
		public Builder user(String user) {
			return set(Setting.USER, user);
		}

		/** {@return this builder, with {@link NemoLensConfig#spanGroups()} set; checked at once} */
		public Builder spanGroups(String spanGroups) {
			return set(Setting.SPAN_GROUPS, spanGroups);
		}

		/** {@return this builder, with {@link NemoLensConfig#jobTrace()} set; checked at once} */
		public Builder jobTrace(boolean jobTrace) {
			return set(Setting.JOB_TRACE, jobTrace);
		}

		/** {@return this builder, with {@link NemoLensConfig#extraSpanGroups()} set; checked at once} */
		public Builder extraSpanGroups(List<String> extraSpanGroups) {
			return set(Setting.EXTRA_SPAN_GROUPS, extraSpanGroups);
		}

		/** {@return this builder, with {@link NemoLensConfig#shutdownTimeout()} set; checked at once} */
		public Builder shutdownTimeout(Duration shutdownTimeout) {
			return set(Setting.SHUTDOWN_TIMEOUT, shutdownTimeout);
		}

		/** {@return this builder, with {@link NemoLensConfig#tracesExportStrategy()} set; checked at once} */
		public Builder tracesExportStrategy(String tracesExportStrategy) {
			return set(Setting.TRACES_EXPORT_STRATEGY, tracesExportStrategy);
		}

		/** {@return this builder, with {@link NemoLensConfig#metricsExportStrategy()} set; checked at once} */
		public Builder metricsExportStrategy(String metricsExportStrategy) {
			return set(Setting.METRICS_EXPORT_STRATEGY, metricsExportStrategy);
		}

		/** {@return this builder, with {@link NemoLensConfig#logsExportStrategy()} set; checked at once} */
		public Builder logsExportStrategy(String logsExportStrategy) {
			return set(Setting.LOGS_EXPORT_STRATEGY, logsExportStrategy);
		}

		/** {@return this builder, with {@link NemoLensConfig#controlFile()} set; checked at once} */
		public Builder controlFile(String controlFile) {
			return set(Setting.CONTROL_FILE, controlFile);
		}

		/** {@return this builder, with {@link NemoLensConfig#controlInterval()} set; checked at once} */
		public Builder controlInterval(Duration controlInterval) {
			return set(Setting.CONTROL_INTERVAL, controlInterval);
		}

		/** {@return this builder, with {@link NemoLensConfig#controlAllowSharedWrites()} set; checked at once} */
		public Builder controlAllowSharedWrites(boolean controlAllowSharedWrites) {
			return set(Setting.CONTROL_ALLOW_SHARED_WRITES, controlAllowSharedWrites);
		}

		/** {@return this builder, with {@link NemoLensConfig#switchDrainTimeout()} set; checked at once} */
		public Builder switchDrainTimeout(Duration switchDrainTimeout) {
			return set(Setting.SWITCH_DRAIN_TIMEOUT, switchDrainTimeout);
		}

		/** {@return this builder, with {@link NemoLensConfig#flightRecorderEnabled()} set; checked at once} */
		public Builder flightRecorderEnabled(boolean flightRecorderEnabled) {
			return set(Setting.FLIGHT_RECORDER_ENABLED, flightRecorderEnabled);
		}

		/** {@return this builder, with {@link NemoLensConfig#flightRecorderSpans()} set; checked at once} */
		public Builder flightRecorderSpans(int flightRecorderSpans) {
			return set(Setting.FLIGHT_RECORDER_SPANS, flightRecorderSpans);
		}

		/** {@return this builder, with {@link NemoLensConfig#flightRecorderLogs()} set; checked at once} */
		public Builder flightRecorderLogs(int flightRecorderLogs) {
			return set(Setting.FLIGHT_RECORDER_LOGS, flightRecorderLogs);
		}

		/** {@return this builder, with {@link NemoLensConfig#flightRecorderDirectory()} set; checked at once} */
		public Builder flightRecorderDirectory(String flightRecorderDirectory) {
			return set(Setting.FLIGHT_RECORDER_DIRECTORY, flightRecorderDirectory);
		}

		/** {@return this builder, with {@link NemoLensConfig#flightRecorderDumpOnExit()} set; checked at once} */
		public Builder flightRecorderDumpOnExit(boolean flightRecorderDumpOnExit) {
			return set(Setting.FLIGHT_RECORDER_DUMP_ON_EXIT, flightRecorderDumpOnExit);
		}

		/** {@return this builder, with {@link NemoLensConfig#flightRecorderMinDumpInterval()} set; checked at once} */
		public Builder flightRecorderMinDumpInterval(Duration flightRecorderMinDumpInterval) {
			return set(Setting.FLIGHT_RECORDER_MIN_DUMP_INTERVAL, flightRecorderMinDumpInterval);
		}

		/** {@return this builder, with {@link NemoLensConfig#flightRecorderMaxDumps()} set; checked at once} */
		public Builder flightRecorderMaxDumps(int flightRecorderMaxDumps) {
			return set(Setting.FLIGHT_RECORDER_MAX_DUMPS, flightRecorderMaxDumps);
		}

		/** {@return this builder, with {@link NemoLensConfig#flightRecorderStallTimeout()} set; checked at once} */
		public Builder flightRecorderStallTimeout(Duration flightRecorderStallTimeout) {
			return set(Setting.FLIGHT_RECORDER_STALL_TIMEOUT, flightRecorderStallTimeout);
		}

		/** {@return this builder, with {@link NemoLensConfig#flightRecorderOpenSpans()} set; checked at once} */
		public Builder flightRecorderOpenSpans(int flightRecorderOpenSpans) {
			return set(Setting.FLIGHT_RECORDER_OPEN_SPANS, flightRecorderOpenSpans);
		}

		/** {@return this builder, with {@link NemoLensConfig#opampEndpoint()} set; checked at once} */
		public Builder opampEndpoint(String opampEndpoint) {
			return set(Setting.OPAMP_ENDPOINT, opampEndpoint);
		}

		/** {@return this builder, with {@link NemoLensConfig#opampInterval()} set; checked at once} */
		public Builder opampInterval(Duration opampInterval) {
			return set(Setting.OPAMP_INTERVAL, opampInterval);
		}

		/** {@return this builder, with {@link NemoLensConfig#opampHeaders()} set; checked at once} */
		public Builder opampHeaders(String opampHeaders) {
			return set(Setting.OPAMP_HEADERS, opampHeaders);
		}

		/** {@return this builder, with {@link NemoLensConfig#attributeNames()} set; checked at once} */
		public Builder attributeNames(String attributeNames) {
			return set(Setting.ATTRIBUTE_NAMES, attributeNames);
		}

		/**
		 * Sets a signal's strategy.
		 * @param signal the signal
		 * @param exportStrategy the strategy name, checked at setup; {@code null} or empty means
		 * the one of {@link #exportStrategy(String)}
		 * @return this builder
		 */
		public Builder exportStrategy(Signal signal, String exportStrategy) {
			return set(signal.strategySetting(), exportStrategy);
		}

		/**
		 * Builds the settings, each checked when it was set.
		 * @return the settings
		 */
		public NemoLensConfig build() {
			return new NemoLensConfig(this.values.clone());
		}

	}

}
