package nemo.lens.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import nemo.lens.sdk.ExporterName;
import nemo.lens.spans.SpanGroups;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration properties for NeMo Lens. Each is also settable as an environment variable by
 * relaxed binding ({@code NEMO_LENS_EXPORT_STRATEGY} for {@code nemo.lens.export-strategy}).
 * Defaults are those of the Python library (literals here, so that the configuration processor
 * can record them; a test checks them against {@code NemoLensConfig.defaults()}).
 */
@ConfigurationProperties("nemo.lens")
public class NemoLensProperties {

	/**
	 * Whether NeMo Lens builds telemetry at all. When off, every rank gets a no-op handle.
	 */
	private boolean enabled = false;

	/**
	 * Service name of exported telemetry. Defaults to OTEL_SERVICE_NAME, then
	 * spring.application.name, then "nemo".
	 */
	private String serviceName;

	/**
	 * Name of the strategy that decides whether this rank exports: a built-in or the name of an
	 * ExportStrategy bean.
	 */
	private String exportStrategy = "single_rank";

	/**
	 * Rank that exports under single_rank. Any negative value means the last rank.
	 */
	private int exportRank = -1;

	/**
	 * Fraction of ranks that export under sampled, and that the rank-aware sampler keeps, from 0.0
	 * to 1.0.
	 */
	private double exportSampleRate = 1.0;

	/**
	 * Whether exporting ranks install the rank-aware trace sampler, which keeps or drops all of a
	 * rank's spans by the sampled rule.
	 */
	private boolean samplerEnabled = false;

	/**
	 * Whether exporting ranks export traces.
	 */
	private boolean tracesEnabled = true;

	/**
	 * Whether exporting ranks export metrics.
	 */
	private boolean metricsEnabled = true;

	/**
	 * Whether exporting ranks export logs.
	 */
	private boolean logsEnabled = false;

	/**
	 * Exporter of exporting ranks: otlp (configured by the standard OTEL_EXPORTER_OTLP_*
	 * variables), console or none. Ignored for traces when a SpanExporter bean exists.
	 */
	private String exporter = "otlp";

	/**
	 * Run id shared by all ranks of a job. Defaults to the job id of the launcher that gave the rank
	 * (TORCHELASTIC_RUN_ID, SLURM_JOB_ID.SLURM_STEP_ID, PMIX_NAMESPACE, ...), else a random
	 * 12-character id.
	 */
	private String runId;

	/**
	 * User id recorded as nemo.user.id. Also read from NEMO_LENS_USER_ID, the Python library's name.
	 */
	private String user;

	/**
	 * Span groups enabled at start: presets (default, per_step, all) and group names (job,
	 * checkpoint, evaluate, model_init, load_checkpoint, step, forward_backward, optimizer),
	 * comma-separated, case-insensitive; groups named in extra-span-groups too. Changeable at run
	 * time on the handle or the lens endpoint.
	 */
	private String spanGroups = "default";

	/**
	 * Span groups of the application or its libraries beyond the base groups (such as microbatch):
	 * valid in span-groups and for the span helpers and @LensSpan, and part of the all preset.
	 */
	private List<String> extraSpanGroups = new ArrayList<>();

	/**
	 * Whether the span helpers put the top-level spans of all ranks of a run in one trace, derived
	 * from the run id or taken from the TRACEPARENT variable.
	 */
	private boolean jobTrace = false;

	/**
	 * Global rank of this process. Detected from the launcher's variables when not set.
	 */
	private Integer rank;

	/**
	 * Number of ranks in the job. Detected from the launcher's variables when not set.
	 */
	private Integer worldSize;

	/**
	 * Rank of this process on its node. Detected from the launcher's variables when not set.
	 */
	private Integer localRank;

	/**
	 * Whether an ExportStrategy bean may replace a built-in strategy of the same name, in this
	 * application context only.
	 */
	private boolean allowStrategyOverride = false;

	/**
	 * Longest time to wait at shutdown for telemetry to be flushed; the application's exit is never
	 * held up longer.
	 */
	private Duration shutdownTimeout = Duration.ofSeconds(5);

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public String getServiceName() {
		return this.serviceName;
	}

	public void setServiceName(String serviceName) {
		this.serviceName = serviceName;
	}

	public String getExportStrategy() {
		return this.exportStrategy;
	}

	public void setExportStrategy(String exportStrategy) {
		this.exportStrategy = exportStrategy;
	}

	public int getExportRank() {
		return this.exportRank;
	}

	public void setExportRank(int exportRank) {
		this.exportRank = exportRank;
	}

	public double getExportSampleRate() {
		return this.exportSampleRate;
	}

	public void setExportSampleRate(double exportSampleRate) {
		if (Double.isNaN(exportSampleRate) || exportSampleRate < 0.0 || exportSampleRate > 1.0) {
			throw new IllegalArgumentException(
					"must be within [0.0, 1.0], got " + exportSampleRate);
		}
		this.exportSampleRate = exportSampleRate;
	}

	public boolean isSamplerEnabled() {
		return this.samplerEnabled;
	}

	public void setSamplerEnabled(boolean samplerEnabled) {
		this.samplerEnabled = samplerEnabled;
	}

	public boolean isTracesEnabled() {
		return this.tracesEnabled;
	}

	public void setTracesEnabled(boolean tracesEnabled) {
		this.tracesEnabled = tracesEnabled;
	}

	public boolean isMetricsEnabled() {
		return this.metricsEnabled;
	}

	public void setMetricsEnabled(boolean metricsEnabled) {
		this.metricsEnabled = metricsEnabled;
	}

	public boolean isLogsEnabled() {
		return this.logsEnabled;
	}

	public void setLogsEnabled(boolean logsEnabled) {
		this.logsEnabled = logsEnabled;
	}

	public String getExporter() {
		return this.exporter;
	}

	public void setExporter(String exporter) {
		ExporterName.named(exporter);
		this.exporter = exporter;
	}

	public String getRunId() {
		return this.runId;
	}

	public void setRunId(String runId) {
		this.runId = runId;
	}

	public String getUser() {
		return this.user;
	}

	public void setUser(String user) {
		this.user = user;
	}

	public String getSpanGroups() {
		return this.spanGroups;
	}

	/**
	 * Sets the spec; it is checked at start-up against the base and extra groups together, as the
	 * two may bind in either order.
	 * @param spanGroups the spec
	 */
	public void setSpanGroups(String spanGroups) {
		this.spanGroups = spanGroups;
	}

	public List<String> getExtraSpanGroups() {
		return this.extraSpanGroups;
	}

	public void setExtraSpanGroups(List<String> extraSpanGroups) {
		SpanGroups.of("", extraSpanGroups);
		this.extraSpanGroups = extraSpanGroups;
	}

	public boolean isJobTrace() {
		return this.jobTrace;
	}

	public void setJobTrace(boolean jobTrace) {
		this.jobTrace = jobTrace;
	}

	public Integer getRank() {
		return this.rank;
	}

	public void setRank(Integer rank) {
		this.rank = rank;
	}

	public Integer getWorldSize() {
		return this.worldSize;
	}

	public void setWorldSize(Integer worldSize) {
		this.worldSize = worldSize;
	}

	public Integer getLocalRank() {
		return this.localRank;
	}

	public void setLocalRank(Integer localRank) {
		this.localRank = localRank;
	}

	public boolean isAllowStrategyOverride() {
		return this.allowStrategyOverride;
	}

	public void setAllowStrategyOverride(boolean allowStrategyOverride) {
		this.allowStrategyOverride = allowStrategyOverride;
	}

	public Duration getShutdownTimeout() {
		return this.shutdownTimeout;
	}

	public void setShutdownTimeout(Duration shutdownTimeout) {
		if (shutdownTimeout.isNegative()) {
			throw new IllegalArgumentException("must not be negative, got " + shutdownTimeout);
		}
		this.shutdownTimeout = shutdownTimeout;
	}

}
