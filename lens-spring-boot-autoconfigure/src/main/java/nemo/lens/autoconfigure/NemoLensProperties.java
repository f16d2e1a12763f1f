package nemo.lens.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import nemo.lens.NemoLensConfig;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration properties for NeMo Lens. Each is also settable as an environment variable by
 * relaxed binding ({@code NEMO_LENS_EXPORT_STRATEGY} for {@code nemo.lens.export-strategy}), and
 * every value is read, and checked, as the core reads its {@code NEMO_LENS_*} variables. Defaults
 * and checks are the core's ({@link NemoLensConfig#defaults()}, {@code SettingChecks}); the IDE metadata
 * states the defaults, checked against the core by a test. A property under {@code nemo.lens}
 * that is none of these fails the start-up, so that a typo cannot leave a setting at its default.
 */
@ConfigurationProperties(prefix = "nemo.lens", ignoreUnknownFields = false)
public class NemoLensProperties {

	private static final NemoLensConfig DEFAULTS = NemoLensConfig.defaults();

	/**
	 * Whether NeMo Lens builds telemetry at all. When off, every rank gets a no-op handle.
	 */
	private boolean enabled = DEFAULTS.enabled();

	/**
	 * Service name of exported telemetry. Defaults to OTEL_SERVICE_NAME, then
	 * spring.application.name, then "nemo".
	 */
	private String serviceName;

	/**
	 * Name of the strategy that decides whether this rank exports: a built-in or the name of an
	 * ExportStrategy bean.
	 */
	private String exportStrategy = DEFAULTS.exportStrategy();

	/**
	 * Rank that exports under single_rank. Any negative value means the last rank.
	 */
	private int exportRank = DEFAULTS.exportRank();

	/**
	 * Fraction of ranks that export under sampled, and that the rank-aware sampler keeps, from 0.0
	 * to 1.0.
	 */
	private double exportSampleRate = DEFAULTS.exportSampleRate();

	/**
	 * Whether exporting ranks install the rank-aware trace sampler, which keeps or drops all of a
	 * rank's spans by the sampled rule.
	 */
	private boolean samplerEnabled = DEFAULTS.samplerEnabled();

	/**
	 * Whether traces are exported at all; traces.export-strategy (else export-strategy) picks the
	 * ranks that send them.
	 */
	private boolean tracesEnabled = DEFAULTS.tracesEnabled();

	/**
	 * Whether metrics are exported at all; metrics.export-strategy (else export-strategy) picks the
	 * ranks that send them.
	 */
	private boolean metricsEnabled = DEFAULTS.metricsEnabled();

	/**
	 * Whether logs are exported at all; logs.export-strategy (else export-strategy) picks the ranks
	 * that send them.
	 */
	private boolean logsEnabled = DEFAULTS.logsEnabled();

	/**
	 * Exporter of exporting ranks: otlp (configured by the standard OTEL_EXPORTER_OTLP_*
	 * variables), console or none. Ignored for traces when a SpanExporter bean exists.
	 */
	private String exporter = DEFAULTS.exporter();

	/**
	 * Names the rank's dl.* attributes (dl.rank, dl.world_size, dl.local_rank) are stamped under,
	 * on every signal, door, dump and the OpAMP description: dl (the dl.* names), nv (the Python
	 * NeMo Lens's nv.dl.* names only) or both. Other names (service.instance.id, nemo.*) stay.
	 */
	private String attributeNames = DEFAULTS.attributeNames();

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
	private String spanGroups = DEFAULTS.spanGroups();

	/**
	 * Span groups of the application or its libraries beyond the base groups (such as microbatch):
	 * valid in span-groups and for the span helpers and @LensSpan, and part of the all preset.
	 */
	private List<String> extraSpanGroups = new ArrayList<>(DEFAULTS.extraSpanGroups());

	/**
	 * Whether the span helpers put the top-level spans of all ranks of a run in one trace, derived
	 * from the run id or taken from the TRACEPARENT variable.
	 */
	private boolean jobTrace = DEFAULTS.jobTrace();

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
	private Duration shutdownTimeout = DEFAULTS.shutdownTimeout();

	/**
	 * Whether each telemetry door follows the rank's decision, by door name (boot.opentelemetry,
	 * otel.starter, global.opentelemetry, micrometer.otlp, micrometer.datadog, ...,
	 * micrometer.prometheus). Push doors are gated unless set to false; the Prometheus scrape
	 * registry is ungated unless set to true.
	 */
	private Map<String, Boolean> gate = new LinkedHashMap<>();

	private final Annotations annotations = new Annotations();

	private final Overrides override = new Overrides();

	private final Control control = new Control();

	private final Opamp opamp = new Opamp();

	private final Switch switchSettings = new Switch();

	private final FlightRecorder flightRecorder = new FlightRecorder();

	private final SignalExport traces = new SignalExport();

	private final SignalExport metrics = new SignalExport();

	private final SignalExport logs = new SignalExport();

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
		this.exporter = exporter;
	}

	public String getAttributeNames() {
		return this.attributeNames;
	}

	public void setAttributeNames(String attributeNames) {
		this.attributeNames = attributeNames;
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
		this.shutdownTimeout = shutdownTimeout;
	}

	public Map<String, Boolean> getGate() {
		return this.gate;
	}

	public void setGate(Map<String, Boolean> gate) {
		this.gate = gate;
	}

	public Annotations getAnnotations() {
		return this.annotations;
	}

	/**
	 * Overrides of this rank's decision through the lens endpoint.
	 * @return the override settings
	 */
	public Overrides getOverride() {
		return this.override;
	}

	/**
	 * The job-wide control file.
	 * @return the control file settings
	 */
	public Control getControl() {
		return this.control;
	}

	/**
	 * The OpAMP server this rank reports to and takes remote configuration from.
	 * @return the OpAMP settings
	 */
	public Opamp getOpamp() {
		return this.opamp;
	}

	public Switch getSwitch() {
		return this.switchSettings;
	}

	/**
	 * The flight recorder of ranks that do not export traces.
	 * @return the flight recorder settings
	 */
	public FlightRecorder getFlightRecorder() {
		return this.flightRecorder;
	}

	/**
	 * Traces: which ranks send them.
	 * @return the traces settings
	 */
	public SignalExport getTraces() {
		return this.traces;
	}

	/**
	 * Metrics: which ranks send them.
	 * @return the metrics settings
	 */
	public SignalExport getMetrics() {
		return this.metrics;
	}

	/**
	 * Logs: which ranks send them.
	 * @return the logs settings
	 */
	public SignalExport getLogs() {
		return this.logs;
	}

	/**
	 * What a switch-off does with what is under way when a rank stops exporting while it runs.
	 */
	public static class Switch {

		/**
		 * How long spans started before a switch-off may still end and be exported whole; those
		 * still open then are ended, marked nemo.span.truncated.
		 */
		private Duration drainTimeout = DEFAULTS.switchDrainTimeout();

		public Duration getDrainTimeout() {
			return this.drainTimeout;
		}

		public void setDrainTimeout(Duration drainTimeout) {
			this.drainTimeout = drainTimeout;
		}

	}

	/**
	 * A job-wide control file that every rank watches while it runs: Java properties syntax with
	 * export-strategy, export-rank, export-sample-rate, span-groups, ranks, until and dump. Only a
	 * file its rank's user or root owns, and that group and others cannot write, is read, unless
	 * shared writes are allowed.
	 */
	public static class Control {

		/**
		 * Path of the job-wide control file (on a shared file system, or a mounted ConfigMap).
		 * Unset, no file is watched and no thread runs; a missing file means no control.
		 */
		private String file;

		/**
		 * How often each rank looks at the control file (one stat; it is read only when it changed).
		 */
		private Duration interval = DEFAULTS.controlInterval();

		/**
		 * Whether a control file that group or others may write, or that another user than the
		 * rank's or root owns, is read all the same (a team's group-writable shared directory).
		 * Off, such a file is refused: anyone who can write it can switch every rank of the job.
		 */
		private boolean allowSharedWrites = DEFAULTS.controlAllowSharedWrites();

		public String getFile() {
			return this.file;
		}

		public void setFile(String file) {
			this.file = file;
		}

		public Duration getInterval() {
			return this.interval;
		}

		public void setInterval(Duration interval) {
			this.interval = interval;
		}

		public boolean isAllowSharedWrites() {
			return this.allowSharedWrites;
		}

		public void setAllowSharedWrites(boolean allowSharedWrites) {
			this.allowSharedWrites = allowSharedWrites;
		}

	}

	/**
	 * An OpAMP agent per rank (module nemo.lens:lens-opamp): the rank describes itself, reports
	 * what it exports and takes remote configuration under the config-map key lens, in the control
	 * file's syntax.
	 */
	public static class Opamp {

		/**
		 * URL of the OpAMP server's HTTP transport, such as http://opamp-server:4320/v1/opamp.
		 * Unset, no agent runs. Needs nemo.lens:lens-opamp on the class path.
		 */
		private String endpoint;

		/**
		 * How often each rank polls the OpAMP server; a switch made at the server reaches the rank
		 * within one interval.
		 */
		private Duration interval = DEFAULTS.opampInterval();

		/**
		 * Headers of each request to the OpAMP server, name=value pairs separated by commas (as
		 * OTEL_EXPORTER_OTLP_HEADERS). A credential: never shown.
		 */
		private String headers;

		public String getEndpoint() {
			return this.endpoint;
		}

		public void setEndpoint(String endpoint) {
			this.endpoint = endpoint;
		}

		public Duration getInterval() {
			return this.interval;
		}

		public void setInterval(Duration interval) {
			this.interval = interval;
		}

		public String getHeaders() {
			return this.headers;
		}

		public void setHeaders(String headers) {
			this.headers = headers;
		}

		@Override
		public String toString() {
			return "Opamp{endpoint=" + this.endpoint + ", interval=" + this.interval + ", headers="
					+ ((this.headers == null || this.headers.isBlank()) ? "" : "<redacted>") + "}";
		}

	}

	/**
	 * A bounded ring of the last finished spans of a rank that does not export traces, handed over
	 * when the rank is switched on and written to a file (OTLP JSON), with the spans still open, on
	 * demand, when the control file's dump changes, when a thread dies, when a span stays open
	 * longer than the stall timeout, or at exit.
	 */
	public static class FlightRecorder {

		/**
		 * Whether a rank that does not export traces keeps its last finished spans in memory. Off,
		 * such a rank records nothing and its spans cost what no-op spans cost.
		 */
		private boolean enabled = DEFAULTS.flightRecorderEnabled();

		/**
		 * How many finished spans the ring keeps; the oldest is dropped first, and the drops
		 * counted.
		 */
		private int spans = DEFAULTS.flightRecorderSpans();

		/**
		 * How many log records the recorder keeps, where log records flow through a door Lens
		 * governs.
		 */
		private int logs = DEFAULTS.flightRecorderLogs();

		/**
		 * Directory that dumps are written to, as <run id>-rank-<rank>-<UTC time>.json. Unset, no
		 * file is written.
		 */
		private String directory;

		/**
		 * Whether the recorder is dumped when the JVM exits (within the shutdown timeout).
		 */
		private boolean dumpOnExit = DEFAULTS.flightRecorderDumpOnExit();

		/**
		 * Least time between two dumps the rank writes by itself (a thread that dies of an uncaught
		 * exception, the exit); the others are counted as skipped. Dumps asked for (the endpoint, the
		 * control file) are never held back. Zero for no limit.
		 */
		private Duration minDumpInterval = DEFAULTS.flightRecorderMinDumpInterval();

		/**
		 * How many dump files of its own a rank keeps in the directory; the oldest are removed first.
		 */
		private int maxDumps = DEFAULTS.flightRecorderMaxDumps();

		/**
		 * How long a span may stay open before the rank writes a dump by itself (reason stall), once
		 * per stall: a hung rank never asks for one. Unset, the rank never dumps for a stall.
		 */
		private Duration stallTimeout = DEFAULTS.flightRecorderStallTimeout();

		/**
		 * How many spans still open a dump holds at most, the oldest kept: the step each rank is in.
		 */
		private int openSpans = DEFAULTS.flightRecorderOpenSpans();

		/**
		 * Paths of the operator's own server requests (Ant patterns), which a rank with the flight
		 * recorder on does not observe: no span, no dump shows them, they never count as the rank's
		 * activity (nor as http.server.requests). Unset, the actuator's base path and everything
		 * under it (/actuator/**), which holds the lens endpoint; "none" for no path.
		 */
		private List<String> excludedPaths;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public int getSpans() {
			return this.spans;
		}

		public void setSpans(int spans) {
			this.spans = spans;
		}

		public int getLogs() {
			return this.logs;
		}

		public void setLogs(int logs) {
			this.logs = logs;
		}

		public String getDirectory() {
			return this.directory;
		}

		public void setDirectory(String directory) {
			this.directory = directory;
		}

		public boolean isDumpOnExit() {
			return this.dumpOnExit;
		}

		public void setDumpOnExit(boolean dumpOnExit) {
			this.dumpOnExit = dumpOnExit;
		}

		public Duration getMinDumpInterval() {
			return this.minDumpInterval;
		}

		public void setMinDumpInterval(Duration minDumpInterval) {
			this.minDumpInterval = minDumpInterval;
		}

		public int getMaxDumps() {
			return this.maxDumps;
		}

		public void setMaxDumps(int maxDumps) {
			this.maxDumps = maxDumps;
		}

		public Duration getStallTimeout() {
			return this.stallTimeout;
		}

		public void setStallTimeout(Duration stallTimeout) {
			this.stallTimeout = stallTimeout;
		}

		public int getOpenSpans() {
			return this.openSpans;
		}

		public List<String> getExcludedPaths() {
			return this.excludedPaths;
		}

		public void setExcludedPaths(List<String> excludedPaths) {
			this.excludedPaths = excludedPaths;
		}

		public void setOpenSpans(int openSpans) {
			this.openSpans = openSpans;
		}

	}

	/**
	 * Overrides of this rank's decision through the lens endpoint
	 * ({@code POST /actuator/lens {"override": "exporting"}}): each ends by itself.
	 */
	public static class Overrides {

		/**
		 * How long an override lasts when the request names no duration.
		 */
		private Duration defaultDuration = Duration.ofMinutes(15);

		/**
		 * Longest override a request may ask for, so that a forgotten switch cannot stay on.
		 */
		private Duration maxDuration = Duration.ofHours(24);

		public Duration getDefaultDuration() {
			return this.defaultDuration;
		}

		public void setDefaultDuration(Duration defaultDuration) {
			this.defaultDuration = defaultDuration;
		}

		public Duration getMaxDuration() {
			return this.maxDuration;
		}

		public void setMaxDuration(Duration maxDuration) {
			this.maxDuration = maxDuration;
		}

	}

	/**
	 * Which ranks send one signal, when it is not the ranks export-strategy picks: a 1,024-rank
	 * job may send traces from one rank and metrics from one rank per node.
	 */
	public static class SignalExport {

		/**
		 * Name of the strategy that decides whether this rank exports the signal: a built-in or
		 * the name of an ExportStrategy bean. Unset, export-strategy decides.
		 */
		private String exportStrategy;

		public String getExportStrategy() {
			return this.exportStrategy;
		}

		public void setExportStrategy(String exportStrategy) {
			this.exportStrategy = exportStrategy;
		}

	}

	/**
	 * The {@code @LensSpan} annotation.
	 */
	public static class Annotations {

		/**
		 * Whether methods annotated with @LensSpan run in a helper span (through a Spring AOP
		 * advisor). Fixed at build time in an AOT-processed application.
		 */
		private boolean enabled = true;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

	}

}
