package nemo.lens.actuate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.Signal;
import nemo.lens.TelemetryHandle;
import nemo.lens.control.ControlStatus;
import nemo.lens.launch.RankInfo;
import nemo.lens.recorder.FlightRecorderStatus;
import nemo.lens.recorder.StepTimes;
import nemo.lens.spans.JobTrace;
import nemo.lens.strategies.ExportStrategies;

import org.springframework.boot.actuate.endpoint.OperationResponseBody;

/**
 * What this rank decided at start-up and why, as the {@code lens} endpoint and the {@code info}
 * endpoint show it. Every key is always written, {@code null} where unknown, although actuator's
 * JSON mapper leaves out nulls elsewhere.
 *
 * @param enabled whether NeMo Lens is enabled
 * @param exporting whether this rank exports at least one signal now; {@code null} with Lens off,
 * when no strategy decides and every door sends what the application configures ({@code doors}
 * says which), so that it never reads {@code false} for a rank whose doors export
 * @param selectedByStrategy whether the strategies selected this rank for at least one signal
 * (what it does when no override is in force)
 * @param override the override in force, or {@code null}
 * @param control the job-wide control file and what it does here, or {@code null} when none is
 * configured
 * @param exportStrategy the name of the strategy that decides the signals without one of their own
 * @param rank the global rank
 * @param worldSize the number of ranks
 * @param localRank the rank on this node, or {@code null} when the launcher gives none
 * @param launcher where the rank values came from, such as {@code torchrun} or {@code properties}
 * @param sources the variables each rank value was read from
 * @param runId the run id shared by all ranks of the job
 * @param runIdSource the setting or variable the run id came from, or {@code random}
 * @param serviceInstanceId the {@code service.instance.id} of this rank's telemetry
 * @param serviceName the {@code service.name} of this rank's telemetry
 * @param strategies every registered strategy, sorted by name
 * @param signals each signal's decision, by {@code traces}, {@code metrics}, {@code logs}
 * @param doors every telemetry door found in the application, sorted by name, with its state
 * @param spanGroups the span groups enabled now on this rank, sorted (changeable at run time)
 * @param jobTraceId the trace id of the job trace, or {@code null} when it is off
 * @param flightRecorder what the flight recorder holds, or {@code null} when it is off
 * @param strategyPicks whom {@code exportStrategy} picks in this job ({@code single_rank: rank 3},
 * {@code sampled 0.25: ranks 3, 4, 5, 6, 10 of 16}), or {@code null} for a strategy of the
 * application's own, whose rule is its code
 * @param summary what this rank does, in words: with Lens off, that every telemetry door runs as the
 * application configures it; with Lens on, the signals this rank exports and those it does not
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record LensDescriptor(boolean enabled, Boolean exporting, boolean selectedByStrategy,
		OverrideSummary override, ControlStatus control, String exportStrategy, int rank, int worldSize,
		Integer localRank, String launcher, Map<String, String> sources, String runId, String runIdSource,
		String serviceInstanceId, String serviceName, List<StrategySummary> strategies,
		Map<String, SignalSummary> signals, List<DoorSummary> doors, List<String> spanGroups, String jobTraceId,
		FlightRecorderSummary flightRecorder, String strategyPicks, String summary)
		implements OperationResponseBody {

	static LensDescriptor of(TelemetryHandle handle, RankInfo rankInfo, ExportStrategyRegistry registry,
			List<DoorSummary> doors) {
		Integer localRank = rankInfo.localRank().isPresent() ? rankInfo.localRank().getAsInt() : null;
		List<StrategySummary> strategies = registry.registeredStrategies()
			.stream()
			.map((name) -> new StrategySummary(name, ExportStrategies.BUILTIN_STRATEGIES.contains(name)))
			.toList();
		boolean selected = false;
		for (Signal signal : Signal.values()) {
			selected |= handle.isSelectedByStrategy(signal);
		}
		OverrideSummary override = handle.override()
			.map((current) -> new OverrideSummary(current.state().value(),
					current.signals().stream().map(Signal::key).toList(), current.until().toString(), current.source()))
			.orElse(null);
		boolean enabled = handle.config().enabled();
		return new LensDescriptor(enabled, enabled ? handle.isExporting() : null, selected, override,
				handle.controlStatus().orElse(null),
				handle.exportStrategy(),
				handle.rank(), handle.worldSize(), localRank, rankInfo.launcher(), rankInfo.sources(),
				handle.runId(), handle.runIdSource(), handle.serviceInstanceId(), handle.config().serviceName(),
				strategies, signals(handle), doors, List.copyOf(handle.spanGroups().enabled()),
				handle.jobTrace().map(JobTrace::traceId).orElse(null),
				handle.flightRecorder().map(FlightRecorderSummary::of).orElse(null), handle.strategyPicks().orElse(null),
				summary(handle));
	}

	/**
	 * {@code Lens on: this rank exports metrics, not traces}; with Lens off, never "not exporting",
	 * as the application's own doors then send what they are configured to send.
	 */
	private static String summary(TelemetryHandle handle) {
		if (!handle.config().enabled()) {
			return "Lens off (nemo.lens.enabled=false): no strategy decides, every telemetry door runs as the "
					+ "application configures it, on every rank";
		}
		List<String> exported = new ArrayList<>();
		List<String> silent = new ArrayList<>();
		for (Signal signal : Signal.values()) {
			if (handle.config().signalEnabled(signal)) {
				(handle.isExporting(signal) ? exported : silent).add(signal.key());
			}
		}
		if (exported.isEmpty()) {
			return "Lens on: this rank exports nothing";
		}
		return "Lens on: this rank exports " + String.join(", ", exported)
				+ (silent.isEmpty() ? "" : ", not " + String.join(", ", silent));
	}

	private static Map<String, SignalSummary> signals(TelemetryHandle handle) {
		Map<String, SignalSummary> signals = new LinkedHashMap<>();
		for (Signal signal : Signal.values()) {
			signals.put(signal.key(), new SignalSummary(
					handle.config().enabled() ? (Boolean) handle.isExporting(signal) : null, handle.exportStrategy(signal),
					handle.isSelectedByStrategy(signal), handle.config().signalEnabled(signal),
					handle.strategyPicks(signal).orElse(null)));
		}
		return signals;
	}

	/**
	 * What the rank decided for one signal.
	 *
	 * @param exporting whether this rank exports the signal now; {@code null} with Lens off
	 * @param exportStrategy the strategy that decides it: the signal's own, else
	 * {@code exportStrategy}
	 * @param selectedByStrategy what that strategy decided, whatever an override says now
	 * @param enabled whether the signal is exported at all ({@code nemo.lens.traces-enabled}, ...)
	 * @param strategyPicks whom that strategy picks in this job, or {@code null} for a strategy of the
	 * application's own
	 */
	@JsonInclude(JsonInclude.Include.ALWAYS)
	public record SignalSummary(Boolean exporting, String exportStrategy, boolean selectedByStrategy,
			boolean enabled, String strategyPicks) {

	}

	/**
	 * An override of the rank's decision, in force until it ends by itself.
	 *
	 * @param state {@code exporting} or {@code silent}
	 * @param signals the signals it covers
	 * @param until when it ends, ISO-8601 in UTC
	 * @param source who set it, such as {@code endpoint}
	 */
	public record OverrideSummary(String state, List<String> signals, String until, String source) {

	}

	/**
	 * What the flight recorder holds now.
	 *
	 * @param spans the finished spans it holds
	 * @param capacity how many it keeps at most
	 * @param dropped how many were dropped before the oldest one held, since the last hand-over
	 * @param lastDump the file of the last dump, or {@code null} when none was written
	 * @param dumpsSkipped dumps the rank would have written by itself (an uncaught exception, the
	 * control file's {@code dump} key) that {@code nemo.lens.flight-recorder.min-dump-interval} held back
	 * @param dumpsFailed dumps that could not be written (a full disk, no permission)
	 * @param lastDumpError why the last dump could not be written, or {@code null}
	 * @param stalledSince when the span the rank is stalled in started (ISO-8601, UTC): the innermost
	 * span open longer than {@code nemo.lens.flight-recorder.stall-timeout}, or {@code null} when none
	 * is or no stall timeout is set
	 * @param stalledSpan the name of that span, or {@code null}
	 * @param steps the rank's own step times, from the spans it holds, or {@code null} when it holds
	 * no top-level span
	 */
	@JsonInclude(JsonInclude.Include.ALWAYS)
	public record FlightRecorderSummary(int spans, int capacity, long dropped, String lastDump, long dumpsSkipped,
			long dumpsFailed, String lastDumpError, String stalledSince, String stalledSpan, StepsSummary steps) {

		static FlightRecorderSummary of(FlightRecorderStatus status) {
			return new FlightRecorderSummary(status.spans(), status.capacity(), status.dropped(),
					(status.lastDump() != null) ? status.lastDump().toString() : null, status.dumpsSkipped(),
					status.dumpsFailed(), status.lastDumpError(),
					(status.stalledSince() != null) ? status.stalledSince().toString() : null, status.stalledSpan(),
					(status.steps() != null) ? StepsSummary.of(status.steps()) : null);
		}

	}

	/**
	 * The rank's own step times: what a server compares across ranks to see a slow one.
	 *
	 * @param span the step span, the most frequent top-level span the recorder holds
	 * @param count how many of them it holds
	 * @param medianMs their median duration, in milliseconds
	 * @param lastMs the duration of the last one, in milliseconds
	 * @param lastStep the {@code dl.step} of the last one, or {@code null} when it carries none
	 */
	@JsonInclude(JsonInclude.Include.ALWAYS)
	public record StepsSummary(String span, int count, double medianMs, double lastMs, Long lastStep) {

		static StepsSummary of(StepTimes steps) {
			return new StepsSummary(steps.span(), steps.steps(), steps.median().toNanos() / 1e6,
					steps.last().toNanos() / 1e6, steps.lastStep());
		}

	}

	/**
	 * A registered strategy in the listing.
	 *
	 * @param name the name
	 * @param builtin whether it is one of the four built-in names
	 */
	public record StrategySummary(String name, boolean builtin) {

	}

	/**
	 * A telemetry door of the application (the Lens SDK, Spring Boot's OpenTelemetry, a
	 * Micrometer registry, ...) and what the rank's decision made of it.
	 *
	 * @param name the door name, such as {@code micrometer.otlp}
	 * @param state {@code exporting} (it sends at least one signal), {@code silenced} or
	 * {@code ungated}
	 * @param signals the state for each signal the door carries, by {@code traces},
	 * {@code metrics}, {@code logs}
	 */
	public record DoorSummary(String name, String state, Map<String, String> signals) {

	}

}
