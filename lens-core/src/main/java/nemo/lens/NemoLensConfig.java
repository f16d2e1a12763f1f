package nemo.lens;

import java.util.Map;
import java.util.Objects;

import nemo.lens.env.EnvironmentValues;
import nemo.lens.sdk.ExportSettings;

/**
 * Immutable NeMo Lens settings: whether telemetry is on, which strategy picks the exporting ranks,
 * and what an exporting rank sends. Build one with {@link #builder()}, start from
 * {@link #defaults()}, or read one from {@code NEMO_LENS_*} variables with {@link #fromEnv()}.
 * <p>
 * Field names, defaults and environment keys are those of NeMo Lens 0.1.0. The strategy name is
 * checked lazily, when telemetry is set up; the sample rate is checked here.
 */
public final class NemoLensConfig implements ExportSettings {

	/** The default environment prefix. */
	public static final String DEFAULT_ENV_PREFIX = "NEMO_LENS";

	/** The service name used when none (or a blank one) is given. */
	public static final String DEFAULT_SERVICE_NAME = "nemo";

	/** The exporter used when none is given. */
	public static final String DEFAULT_EXPORTER = "otlp";

	private static final NemoLensConfig DEFAULTS = new Builder().build();

	private final boolean enabled;

	private final String serviceName;

	private final String exportStrategy;

	private final int exportRank;

	private final double exportSampleRate;

	private final boolean samplerEnabled;

	private final boolean tracesEnabled;

	private final boolean metricsEnabled;

	private final boolean logsEnabled;

	private final String exporter;

	private final String runId;

	private final String user;

	private NemoLensConfig(Builder builder) {
		this.enabled = builder.enabled;
		this.serviceName = builder.serviceName;
		this.exportStrategy = builder.exportStrategy;
		this.exportRank = builder.exportRank;
		this.exportSampleRate = builder.exportSampleRate;
		this.samplerEnabled = builder.samplerEnabled;
		this.tracesEnabled = builder.tracesEnabled;
		this.metricsEnabled = builder.metricsEnabled;
		this.logsEnabled = builder.logsEnabled;
		this.exporter = builder.exporter;
		this.runId = builder.runId;
		this.user = builder.user;
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
		return new EnvironmentConfigReader(env, prefix, fallbackPrefix).read();
	}

	/**
	 * Returns a builder holding these settings, to derive a changed copy.
	 * @return a builder
	 */
	public Builder toBuilder() {
		return new Builder(this);
	}

	/**
	 * Whether telemetry is on at all; when off, every rank gets no-op telemetry.
	 * @return whether enabled
	 */
	public boolean enabled() {
		return this.enabled;
	}

	/**
	 * The {@code service.name} of exported telemetry.
	 * @return the service name, never blank
	 */
	public String serviceName() {
		return this.serviceName;
	}

	/**
	 * The name of the registered strategy that decides whether this rank exports.
	 * @return the strategy name
	 */
	public String exportStrategy() {
		return this.exportStrategy;
	}

	/**
	 * The rank that exports under {@code single_rank}; any negative value means the last rank.
	 * @return the export rank
	 */
	public int exportRank() {
		return this.exportRank;
	}

	/**
	 * The fraction of ranks that export under {@code sampled}, and that the rank-aware sampler
	 * keeps, within {@code [0.0, 1.0]}.
	 * @return the sample rate
	 */
	public double exportSampleRate() {
		return this.exportSampleRate;
	}

	/**
	 * Whether exporting ranks install the rank-aware trace sampler.
	 * @return whether the sampler is enabled
	 */
	public boolean samplerEnabled() {
		return this.samplerEnabled;
	}

	/**
	 * Whether exporting ranks export traces.
	 * @return whether traces are enabled
	 */
	public boolean tracesEnabled() {
		return this.tracesEnabled;
	}

	/**
	 * Whether exporting ranks export metrics.
	 * @return whether metrics are enabled
	 */
	public boolean metricsEnabled() {
		return this.metricsEnabled;
	}

	/**
	 * Whether exporting ranks export logs.
	 * @return whether logs are enabled
	 */
	public boolean logsEnabled() {
		return this.logsEnabled;
	}

	/**
	 * The exporter name: {@code otlp}, {@code console} or {@code none}; checked at setup.
	 * @return the exporter name
	 */
	public String exporter() {
		return this.exporter;
	}

	/**
	 * The run id shared by all ranks of one job; empty means "fill in at setup".
	 * @return the run id, possibly empty
	 */
	public String runId() {
		return this.runId;
	}

	/**
	 * The user id recorded as {@code nemo.user.id}; empty means none.
	 * @return the user id, possibly empty
	 */
	public String user() {
		return this.user;
	}

	@Override
	public boolean equals(Object other) {
		if (this == other) {
			return true;
		}
		if (!(other instanceof NemoLensConfig that)) {
			return false;
		}
		return this.enabled == that.enabled && this.exportRank == that.exportRank
				&& Double.compare(this.exportSampleRate, that.exportSampleRate) == 0
				&& this.samplerEnabled == that.samplerEnabled && this.tracesEnabled == that.tracesEnabled
				&& this.metricsEnabled == that.metricsEnabled && this.logsEnabled == that.logsEnabled
				&& this.serviceName.equals(that.serviceName) && this.exportStrategy.equals(that.exportStrategy)
				&& this.exporter.equals(that.exporter) && this.runId.equals(that.runId) && this.user.equals(that.user);
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.enabled, this.serviceName, this.exportStrategy, this.exportRank,
				this.exportSampleRate, this.samplerEnabled, this.tracesEnabled, this.metricsEnabled, this.logsEnabled,
				this.exporter, this.runId, this.user);
	}

	@Override
	public String toString() {
		return "NemoLensConfig{enabled=" + this.enabled + ", serviceName='" + this.serviceName + "', exportStrategy='"
				+ this.exportStrategy + "', exportRank=" + this.exportRank + ", exportSampleRate="
				+ this.exportSampleRate + ", samplerEnabled=" + this.samplerEnabled + ", tracesEnabled="
				+ this.tracesEnabled + ", metricsEnabled=" + this.metricsEnabled + ", logsEnabled=" + this.logsEnabled
				+ ", exporter='" + this.exporter + "', runId='" + this.runId + "', user='" + this.user + "'}";
	}

	/**
	 * Builds a {@link NemoLensConfig}; starts from the defaults. Setters carry the accessor names.
	 */
	public static final class Builder {

		private boolean enabled = false;

		private String serviceName = DEFAULT_SERVICE_NAME;

		private String exportStrategy = BuiltinStrategies.SINGLE_RANK;

		private int exportRank = -1;

		private double exportSampleRate = 1.0;

		private boolean samplerEnabled = false;

		private boolean tracesEnabled = true;

		private boolean metricsEnabled = true;

		private boolean logsEnabled = false;

		private String exporter = DEFAULT_EXPORTER;

		private String runId = "";

		private String user = "";

		private Builder() {
		}

		private Builder(NemoLensConfig config) {
			this.enabled = config.enabled;
			this.serviceName = config.serviceName;
			this.exportStrategy = config.exportStrategy;
			this.exportRank = config.exportRank;
			this.exportSampleRate = config.exportSampleRate;
			this.samplerEnabled = config.samplerEnabled;
			this.tracesEnabled = config.tracesEnabled;
			this.metricsEnabled = config.metricsEnabled;
			this.logsEnabled = config.logsEnabled;
			this.exporter = config.exporter;
			this.runId = config.runId;
			this.user = config.user;
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
			this.serviceName = (serviceName == null || serviceName.isBlank()) ? DEFAULT_SERVICE_NAME
					: serviceName.trim();
			return this;
		}

		/**
		 * Sets the name of the strategy that decides whether this rank exports.
		 * @param exportStrategy the strategy name, checked at setup
		 * @return this builder
		 */
		public Builder exportStrategy(String exportStrategy) {
			this.exportStrategy = Objects.requireNonNull(exportStrategy, "exportStrategy must not be null");
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
			this.exporter = Objects.requireNonNull(exporter, "exporter must not be null");
			return this;
		}

		/**
		 * Sets the run id; empty means "fill in at setup".
		 * @param runId the run id
		 * @return this builder
		 */
		public Builder runId(String runId) {
			this.runId = (runId != null) ? runId.trim() : "";
			return this;
		}

		/**
		 * Sets the user id recorded as {@code nemo.user.id}; empty means none.
		 * @param user the user id
		 * @return this builder
		 */
		public Builder user(String user) {
			this.user = (user != null) ? user.trim() : "";
			return this;
		}

		/**
		 * Builds the settings.
		 * @return the settings
		 * @throws IllegalArgumentException when the sample rate is NaN or outside
		 * {@code [0.0, 1.0]}
		 */
		public NemoLensConfig build() {
			checkSampleRate("exportSampleRate", this.exportSampleRate);
			return new NemoLensConfig(this);
		}

		static void checkSampleRate(String name, double rate) {
			if (Double.isNaN(rate) || rate < 0.0 || rate > 1.0) {
				throw new IllegalArgumentException(
						name + " must be within [0.0, 1.0], got " + rate + ".");
			}
		}

	}

}
