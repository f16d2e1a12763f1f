package nemo.lens.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import nemo.lens.NemoLensConfig;
import nemo.lens.config.Setting;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.context.properties.bind.Name;

/**
 * Configuration properties for NeMo Lens, as Spring binds them: each core setting is a row of
 * {@link Setting}, under its key ({@code nemo.lens.flight-recorder.spans}), which gives its default,
 * its rule and the description IDEs show (written into the metadata at build time); unset, a
 * component is {@code null} and the row's default applies. Every value is read, and checked, as the
 * core reads its {@code NEMO_LENS_*} variables, from any source, {@code NEMO_LENS_*} variables
 * included. The settings only Spring has are described here. A property under {@code nemo.lens}
 * that is none of these fails the start-up, so that a typo cannot leave a setting at its default.
 *
 * @param rank Global rank of this process. Detected from the launcher's variables when not set.
 * @param worldSize Number of ranks in the job. Detected from the launcher's variables when not set.
 * @param localRank Rank of this process on its node. Detected from the launcher's variables when
 * not set.
 * @param allowStrategyOverride Whether an ExportStrategy bean may replace a built-in strategy of
 * the same name, in this application context only.
 * @param gate Whether each telemetry door follows the rank's decision, by door name
 * (boot.opentelemetry, otel.starter, global.opentelemetry, micrometer.otlp, micrometer.datadog,
 * ..., micrometer.prometheus). Push doors are gated unless set to false; the Prometheus scrape
 * registry is ungated unless set to true.
 */
@ConfigurationProperties(prefix = Setting.PROPERTY_PREFIX, ignoreUnknownFields = false)
public record NemoLensProperties(Boolean enabled, String serviceName, String exportStrategy, Integer exportRank,
		Double exportSampleRate, Boolean samplerEnabled, Boolean tracesEnabled, Boolean metricsEnabled,
		Boolean logsEnabled, String exporter, String attributeNames, String runId, String user, String spanGroups,
		List<String> extraSpanGroups, Boolean jobTrace, Duration shutdownTimeout, Integer rank, Integer worldSize,
		Integer localRank, @DefaultValue("false") boolean allowStrategyOverride, Map<String, Boolean> gate,
		@DefaultValue Annotations annotations, @DefaultValue Overrides override, @DefaultValue Control control,
		@DefaultValue Opamp opamp, @DefaultValue @Name("switch") Switch switchSettings,
		@DefaultValue FlightRecorder flightRecorder, @DefaultValue SignalExport traces,
		@DefaultValue SignalExport metrics, @DefaultValue SignalExport logs) {

	public NemoLensProperties {
		gate = (gate != null) ? gate : Map.of();
	}

	/**
	 * The core's settings these properties give, each set one unset leaving the row's default.
	 * @return a builder holding them, for the fallbacks only Spring knows
	 */
	public NemoLensConfig.Builder toConfig() {
		return NemoLensConfig.builder()
			.set(Setting.ENABLED, this.enabled)
			.set(Setting.SERVICE_NAME, this.serviceName)
			.set(Setting.EXPORT_STRATEGY, this.exportStrategy)
			.set(Setting.EXPORT_RANK, this.exportRank)
			.set(Setting.EXPORT_SAMPLE_RATE, this.exportSampleRate)
			.set(Setting.SAMPLER_ENABLED, this.samplerEnabled)
			.set(Setting.TRACES_ENABLED, this.tracesEnabled)
			.set(Setting.METRICS_ENABLED, this.metricsEnabled)
			.set(Setting.LOGS_ENABLED, this.logsEnabled)
			.set(Setting.EXPORTER, this.exporter)
			.set(Setting.ATTRIBUTE_NAMES, this.attributeNames)
			.set(Setting.RUN_ID, this.runId)
			.set(Setting.USER, this.user)
			.set(Setting.SPAN_GROUPS, this.spanGroups)
			.set(Setting.EXTRA_SPAN_GROUPS, this.extraSpanGroups)
			.set(Setting.JOB_TRACE, this.jobTrace)
			.set(Setting.SHUTDOWN_TIMEOUT, this.shutdownTimeout)
			.set(Setting.TRACES_EXPORT_STRATEGY, this.traces.exportStrategy())
			.set(Setting.METRICS_EXPORT_STRATEGY, this.metrics.exportStrategy())
			.set(Setting.LOGS_EXPORT_STRATEGY, this.logs.exportStrategy())
			.set(Setting.CONTROL_FILE, this.control.file())
			.set(Setting.CONTROL_INTERVAL, this.control.interval())
			.set(Setting.CONTROL_ALLOW_SHARED_WRITES, this.control.allowSharedWrites())
			.set(Setting.SWITCH_DRAIN_TIMEOUT, this.switchSettings.drainTimeout())
			.set(Setting.FLIGHT_RECORDER_ENABLED, this.flightRecorder.enabled())
			.set(Setting.FLIGHT_RECORDER_SPANS, this.flightRecorder.spans())
			.set(Setting.FLIGHT_RECORDER_LOGS, this.flightRecorder.logs())
			.set(Setting.FLIGHT_RECORDER_DIRECTORY, this.flightRecorder.directory())
			.set(Setting.FLIGHT_RECORDER_DUMP_ON_EXIT, this.flightRecorder.dumpOnExit())
			.set(Setting.FLIGHT_RECORDER_MIN_DUMP_INTERVAL, this.flightRecorder.minDumpInterval())
			.set(Setting.FLIGHT_RECORDER_MAX_DUMPS, this.flightRecorder.maxDumps())
			.set(Setting.FLIGHT_RECORDER_STALL_TIMEOUT, this.flightRecorder.stallTimeout())
			.set(Setting.FLIGHT_RECORDER_OPEN_SPANS, this.flightRecorder.openSpans())
			.set(Setting.OPAMP_ENDPOINT, this.opamp.endpoint())
			.set(Setting.OPAMP_INTERVAL, this.opamp.interval())
			.set(Setting.OPAMP_HEADERS, this.opamp.headers());
	}

	/**
	 * Whether Lens is on, as the core's default has it when unset.
	 * @return whether enabled
	 */
	public boolean isEnabled() {
		return (this.enabled != null) ? this.enabled : (boolean) Setting.ENABLED.defaultValue();
	}

	/**
	 * The job-wide control file.
	 */
	public record Control(String file, Duration interval, Boolean allowSharedWrites) {

	}

	/**
	 * The OpAMP server a rank reports to and takes remote configuration from.
	 */
	public record Opamp(String endpoint, Duration interval, String headers) {

		@Override
		public String toString() {
			return "Opamp[endpoint=" + this.endpoint + ", interval=" + this.interval + ", headers="
					+ ((this.headers == null || this.headers.isBlank()) ? "" : "<redacted>") + "]";
		}

	}

	/**
	 * How a rank switches off.
	 */
	public record Switch(Duration drainTimeout) {

	}

	/**
	 * The flight recorder of a rank that does not export traces.
	 *
	 * @param excludedPaths Paths of the operator's own server requests (Ant patterns), which a rank
	 * with the flight recorder on does not observe: no span, no dump shows them, they never count as
	 * the rank's activity (nor as http.server.requests). Unset, the actuator's base path and
	 * everything under it (/actuator/**), which holds the lens endpoint; "none" for no path.
	 */
	public record FlightRecorder(Boolean enabled, Integer spans, Integer logs, String directory, Boolean dumpOnExit,
			Duration minDumpInterval, Integer maxDumps, Duration stallTimeout, Integer openSpans,
			List<String> excludedPaths) {

		/**
		 * Whether the recorder is on, as the core's default has it when unset.
		 * @return whether enabled
		 */
		public boolean isEnabled() {
			return (this.enabled != null) ? this.enabled : (boolean) Setting.FLIGHT_RECORDER_ENABLED.defaultValue();
		}

	}

	/**
	 * Overrides of this rank's decision through the lens endpoint
	 * ({@code POST /actuator/lens {"override": "exporting"}}): each ends by itself.
	 *
	 * @param defaultDuration How long an override lasts when the request names no duration.
	 * @param maxDuration Longest override a request may ask for, so that a forgotten switch cannot
	 * stay on.
	 */
	public record Overrides(@DefaultValue("15m") Duration defaultDuration, @DefaultValue("24h") Duration maxDuration) {

	}

	/**
	 * Which ranks send one signal, when it is not the ranks export-strategy picks: a 1,024-rank job
	 * may send traces from one rank and metrics from one rank per node.
	 */
	public record SignalExport(String exportStrategy) {

	}

	/**
	 * The {@code @LensSpan} annotation.
	 *
	 * @param enabled Whether methods annotated with @LensSpan run in a helper span (through a Spring
	 * AOP advisor). Fixed at build time in an AOT-processed application.
	 */
	public record Annotations(@DefaultValue("true") boolean enabled) {

	}

}
