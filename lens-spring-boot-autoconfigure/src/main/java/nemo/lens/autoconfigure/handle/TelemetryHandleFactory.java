package nemo.lens.autoconfigure.handle;

import java.time.Duration;
import java.util.List;
import java.util.function.Function;

import nemo.lens.ExportStrategyRegistry;
import nemo.lens.NemoLensConfig;
import nemo.lens.Signal;
import nemo.lens.TelemetryHandle;
import nemo.lens.TelemetryOptions;
import nemo.lens.TelemetrySetup;
import nemo.lens.autoconfigure.boot.BootPipelineSettings;
import nemo.lens.autoconfigure.failure.LensStartupException;
import nemo.lens.env.EnvironmentValues;
import nemo.lens.env.Suggestion;
import nemo.lens.launch.RankInfo;
import nemo.lens.sdk.ExportingTelemetry;
import nemo.lens.spans.SpanGroups;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Decides once, through the core's guard-free {@link TelemetrySetup}, and turns the core's
 * errors into start-up failures that name the setting and say what is allowed.
 */
final class TelemetryHandleFactory {

	private static final Log logger = LogFactory.getLog(TelemetryHandleFactory.class);

	/**
	 * Delivery warnings go to the application's logging, not to {@code java.util.logging}: the
	 * handle is shut down from Spring's shutdown hook at SIGTERM, while the JDK's own hook resets
	 * {@code java.util.logging} (and with it the bridge to the application's logging), so the loss
	 * summary written then would be lost.
	 */
	private static final Log deliveryLogger = LogFactory.getLog(ExportingTelemetry.class);

	/** What an operator changed while the rank runs, under the handle's name, in the application's logging. */
	private static final Log overrideLogger = LogFactory.getLog(TelemetryHandle.class);

	private final ExportStrategyRegistry registry;

	private final Function<String, String> environment;

	TelemetryHandleFactory(ExportStrategyRegistry registry, Function<String, String> environment) {
		this.registry = registry;
		this.environment = environment;
	}

	TelemetryHandle create(NemoLensConfig config, RankInfo rankInfo, BootPipelineSettings pipeline,
			boolean applicationStack, boolean switchable) {
		checkRegistered(config.exportStrategy(), "nemo.lens.export-strategy", "NEMO_LENS_EXPORT_STRATEGY");
		for (Signal signal : Signal.values()) {
			// A signal without a strategy of its own follows export-strategy, checked above.
			if (!config.exportStrategy(signal).equals(config.exportStrategy())) {
				checkRegistered(config.exportStrategy(signal), signal.strategyProperty(),
						signal.strategyVariable(NemoLensConfig.DEFAULT_ENV_PREFIX));
			}
		}
		checkSpanGroups(config.spanGroups(), config.extraSpanGroups());
		checkExportRank(config.exportRank(), rankInfo);
		TelemetryOptions.Builder options = TelemetryOptions.builder()
			.localRank(rankInfo.localRank().isPresent() ? rankInfo.localRank().getAsInt() : null)
			.rankInfo(rankInfo)
			.warnings(deliveryLogger::warn)
			.notices(overrideLogger::info)
			// The context closes the handle, after the beans that use it.
			.shutdownHook(false)
			.applicationStack(applicationStack)
			.switchable(switchable);
		pipeline.applyTo(options);
		TelemetryHandle handle = setup(config, rankInfo, options.build());
		logger.info("NeMo Lens: " + rankInfo.describe() + "; " + describeDecision(handle) + "; "
				+ describeRunId(handle, rankInfo) + describeWatchers(handle));
		if (applicationStack) {
			sayWhatLeavesByNoExporter(handle,
					ApplicationTelemetryStack.unexportedSignals(handle.config(), pipeline, this.environment));
		}
		return handle;
	}

	/**
	 * Says which signals of the handle's API leave by no exporter. The handle's metrics concern only
	 * an application that asks for its meter, which most, on Micrometer, never do: for them the line
	 * waits for the first {@link TelemetryHandle#meter()}, and is DEBUG until then.
	 */
	private static void sayWhatLeavesByNoExporter(TelemetryHandle handle, List<Signal> unexported) {
		List<Signal> now = unexported.stream().filter((signal) -> signal != Signal.METRICS).toList();
		if (!now.isEmpty()) {
			logger.info(ApplicationTelemetryStack.unexportedLine(now));
		}
		if (unexported.contains(Signal.METRICS)) {
			String metrics = ApplicationTelemetryStack.unexportedLine(List.of(Signal.METRICS));
			logger.debug(metrics + " (Said at INFO when the application first asks for the handle's meter.)");
			handle.onFirstMeter(() -> logger.info(metrics));
		}
	}

	/**
	 * What else runs for this rank, so that a log search finds the ranks that watch a control file
	 * or keep a flight recorder: {@code ; control file /x watched every 5s; flight recorder on
	 * (2048 spans, directory /d)}; empty when neither runs.
	 */
	private static String describeWatchers(TelemetryHandle handle) {
		StringBuilder watchers = new StringBuilder();
		handle.controlStatus()
			.ifPresent((control) -> watchers.append("; control file ").append(control.file()).append(" watched every ")
				.append(readable(handle.config().controlInterval())));
		handle.flightRecorder().ifPresent((recorder) -> {
			String directory = handle.config().flightRecorderDirectory();
			watchers.append("; flight recorder on (").append(recorder.capacity()).append(" spans, ")
				.append((directory == null || directory.isEmpty())
						? "no directory: dumps are not written (nemo.lens.flight-recorder.directory)"
						: "directory " + directory)
				.append(')');
		});
		return watchers.toString();
	}

	/** {@code 5s}, {@code 250ms} or {@code 2m}, as a user writes it. */
	private static String readable(Duration duration) {
		if (duration.toMillisPart() != 0 || duration.isZero()) {
			return duration.toMillis() + "ms";
		}
		long seconds = duration.toSeconds();
		return (seconds % 60 == 0) ? (seconds / 60) + "m" : seconds + "s";
	}

	private void checkRegistered(String strategy, String property, String variable) {
		if (!this.registry.contains(strategy)) {
			String suggestion = Suggestion.didYouMean(strategy, this.registry.registeredStrategies());
			throw new LensStartupException(property + " '" + strategy + "' is not a registered strategy"
					+ (suggestion.isEmpty() ? "." : suggestion),
					"Set " + property + " (or " + variable + ") to one of " + this.registry.registeredStrategies()
							+ ", or define an ExportStrategy bean with that name.",
					null);
		}
	}

	/**
	 * What the rank decided: the strategy, whom it picks, whether the rank exports and each signal.
	 * With Lens off nothing was decided, and the line says so rather than "not exporting": every
	 * door (Boot's OpenTelemetry, Micrometer's registries, ...) then runs as the application
	 * configures it, on every rank.
	 */
	private static String describeDecision(TelemetryHandle handle) {
		if (!handle.config().enabled()) {
			return "Lens off (nemo.lens.enabled=false): no strategy decides, every telemetry door runs as the "
					+ "application configures it, on every rank";
		}
		return "strategy " + describeStrategy(handle) + "; " + (handle.isExporting() ? "exporting" : "not exporting")
				+ "; " + describeSignals(handle);
	}

	/**
	 * The strategy and whom it picks in this job ({@code single_rank: rank 3}), so that a silent
	 * rank's line says where the job's telemetry comes from; a strategy of the application's own by
	 * its name only.
	 */
	private static String describeStrategy(TelemetryHandle handle) {
		return handle.strategyPicks().orElse(handle.exportStrategy());
	}

	/**
	 * Each signal's decision and the strategy that made it, with whom it picks:
	 * {@code traces exporting (single_rank: rank 3), ...}.
	 */
	private static String describeSignals(TelemetryHandle handle) {
		StringBuilder signals = new StringBuilder();
		for (Signal signal : Signal.values()) {
			if (signal != Signal.TRACES) {
				signals.append(", ");
			}
			signals.append(signal.key()).append(' ');
			if (!handle.config().signalEnabled(signal)) {
				signals.append("disabled");
			}
			else {
				signals.append(handle.isExporting(signal) ? "exporting" : "silent")
					.append(" (")
					.append(handle.strategyPicks(signal).orElse(handle.exportStrategy(signal)))
					.append(')');
			}
		}
		return signals.toString();
	}

	/**
	 * An export rank past the world size would leave the job with no exporting rank, without a
	 * word (the Python library accepts it): refused, naming where the world size came from.
	 */
	private static void checkExportRank(int exportRank, RankInfo rankInfo) {
		try {
			EnvironmentValues.checkExportRank("nemo.lens.export-rank", exportRank, rankInfo.worldSize(),
					rankInfo.sources().containsKey("worldSize")
							? "from " + rankInfo.sources().get("worldSize") + " (" + rankInfo.launcher() + ")"
							: "(no launcher variables found)");
		}
		catch (IllegalArgumentException ex) {
			throw new LensStartupException(ex.getMessage(), "Fix nemo.lens.export-rank (or NEMO_LENS_EXPORT_RANK): "
					+ "unlike the Python library, NeMo Lens refuses an export rank that is no rank of the job "
					+ "(docs/python-differences.md).", null);
		}
	}

	private static void checkSpanGroups(String spec, List<String> extraSpanGroups) {
		try {
			SpanGroups.ofSetting(spec, extraSpanGroups);
		}
		catch (IllegalArgumentException ex) {
			throw new LensStartupException(
					"nemo.lens.span-groups '" + spec + "' is not valid: " + ex.getCause().getMessage(),
					"Set nemo.lens.span-groups (or NEMO_LENS_SPAN_GROUPS) to presets and group names from the "
							+ "options above, comma-separated; a group of the application's own goes in "
							+ "nemo.lens.extra-span-groups first.",
					null);
		}
	}

	private TelemetryHandle setup(NemoLensConfig config, RankInfo rankInfo, TelemetryOptions options) {
		try {
			return new TelemetrySetup(this.registry, this.environment).setup(config, rankInfo.rank(),
					rankInfo.worldSize(), options);
		}
		catch (RuntimeException ex) {
			throw new LensStartupException(
					"NeMo Lens could not decide for " + rankInfo.describe() + " with strategy '"
							+ config.exportStrategy() + "': " + ex.getMessage(),
					"Fix the setting or variable named above (nemo.lens.*, NEMO_LENS_*, or the launcher's), "
							+ "or the ExportStrategy bean '" + config.exportStrategy() + "'.",
					ex);
		}
	}

	/**
	 * Names the run id's source, and says so when no other rank can share it.
	 */
	private static String describeRunId(TelemetryHandle handle, RankInfo rankInfo) {
		if (!handle.runIdSource().equals("random")) {
			return "run id " + handle.runId() + " (" + handle.runIdSource() + ")";
		}
		return "run id " + handle.runId() + " (random: launcher " + rankInfo.launcher()
				+ " gives no job id; set nemo.lens.run-id for one all ranks share)";
	}

}
