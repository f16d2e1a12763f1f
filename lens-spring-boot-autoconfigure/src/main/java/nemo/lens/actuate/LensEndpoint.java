package nemo.lens.actuate;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import nemo.lens.ExportStrategy;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.SwitchRefusedException;
import nemo.lens.TelemetryHandle;
import nemo.lens.launch.RankInfo;
import nemo.lens.recorder.FlightRecorderStatus;
import nemo.lens.spans.SpanGroups;
import nemo.lens.strategies.ExportStrategies;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.actuate.endpoint.Access;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.lang.Nullable;

/**
 * The {@code lens} endpoint: what this rank decided at start-up and why (its rank, where each
 * value came from, the strategy), and, for any registered strategy, whether this rank would export
 * under it. It shows no exporter setting at all, so no header, token or endpoint with
 * credentials can leak through it.
 * <p>
 * One write operation changes this rank's span groups ({@code POST /actuator/lens} with
 * {@code {"spanGroups": "per_step"}}) or overrides its decision for a while
 * ({@code {"override": "exporting", "duration": "PT15M"}}, {@code "silent"}, {@code "none"}): every
 * override ends by itself. With the flight recorder on and a directory set, {@code {"dump": true}}
 * writes what it holds to a file and answers the file's path. The endpoint's default access is read-only, so the write is refused
 * until the user allows it with {@code management.endpoint.lens.access=unrestricted}; it changes
 * only the process that receives it.
 */
@Endpoint(id = "lens", defaultAccess = Access.READ_ONLY)
public class LensEndpoint {

	/** The longest span-group spec a write takes: every known group fits many times over. */
	public static final int MAX_SPEC_LENGTH = 1024;

	private static final Log logger = LogFactory.getLog(LensEndpoint.class);

	private final TelemetryHandle handle;

	private final RankInfo rankInfo;

	private final ExportStrategyRegistry registry;

	private final Supplier<List<LensDescriptor.DoorSummary>> doors;

	private final Supplier<Map<String, ExportStrategy>> strategyBeans;

	private final OverrideLimits overrideLimits;

	/**
	 * Creates the endpoint.
	 * @param handle what was decided
	 * @param rankInfo who this process is in its job
	 * @param registry the strategies of this context
	 * @param strategyBeans the {@code ExportStrategy} beans by name, to tell where strategies came
	 * from
	 * @param doors the telemetry doors of the application and their states
	 */
	public LensEndpoint(TelemetryHandle handle, RankInfo rankInfo, ExportStrategyRegistry registry,
			Supplier<Map<String, ExportStrategy>> strategyBeans, Supplier<List<LensDescriptor.DoorSummary>> doors) {
		this(handle, rankInfo, registry, strategyBeans, doors, OverrideLimits.DEFAULTS);
	}

	/**
	 * Creates the endpoint with limits for overrides.
	 * @param handle what was decided
	 * @param rankInfo who this process is in its job
	 * @param registry the strategies of this context
	 * @param strategyBeans the {@code ExportStrategy} beans by name, to tell where strategies came
	 * from
	 * @param doors the telemetry doors of the application and their states
	 * @param overrideLimits how long overrides last
	 */
	public LensEndpoint(TelemetryHandle handle, RankInfo rankInfo, ExportStrategyRegistry registry,
			Supplier<Map<String, ExportStrategy>> strategyBeans, Supplier<List<LensDescriptor.DoorSummary>> doors,
			OverrideLimits overrideLimits) {
		this.overrideLimits = overrideLimits;
		this.handle = handle;
		this.rankInfo = rankInfo;
		this.registry = registry;
		this.doors = doors;
		this.strategyBeans = strategyBeans;
	}

	/**
	 * Describes this rank's decision.
	 * @return the decision
	 */
	@ReadOperation
	public LensDescriptor lens() {
		return LensDescriptor.of(this.handle, this.rankInfo, this.registry, this.doors.get());
	}

	/**
	 * Changes this rank: its span groups, or an override of its decision. As
	 * {@link #write(String, String, String, String, Boolean)} without a dump.
	 * @param spanGroups presets and group names, comma-separated, as {@code nemo.lens.span-groups}
	 * @param override {@code exporting}, {@code silent} or {@code none}
	 * @param duration how long the override lasts ({@code PT15M}, {@code 15m}); unset, the default
	 * @param signals the signals the override covers, comma-separated ({@code traces,metrics}); unset,
	 * all
	 * @return the span groups after the change, or the rank's decision after an override
	 */
	public OperationResponseBody write(@Nullable String spanGroups, @Nullable String override,
			@Nullable String duration, @Nullable String signals) {
		return write(spanGroups, override, duration, signals, null);
	}

	/**
	 * Changes this rank: its span groups, an override of its decision, or a dump of its flight
	 * recorder. A request gives one of them; a refused request changes nothing.
	 * @param spanGroups presets and group names, comma-separated, as {@code nemo.lens.span-groups}
	 * @param override {@code exporting}, {@code silent} or {@code none}
	 * @param duration how long the override lasts ({@code PT15M}, {@code 15m}); unset, the default
	 * @param signals the signals the override covers, comma-separated ({@code traces,metrics}); unset,
	 * all
	 * @param dump {@code true} to write the flight recorder to a file
	 * @return the span groups after the change, the rank's decision after an override, or the file
	 * of a dump
	 * @throws InvalidEndpointRequestException when the request is refused; nothing changed
	 * @throws SwitchRefusedException when the rank cannot make the switch asked for (logged once);
	 * nothing changed
	 */
	@WriteOperation
	public OperationResponseBody write(@Nullable String spanGroups, @Nullable String override,
			@Nullable String duration, @Nullable String signals, @Nullable Boolean dump) {
		int given = ((spanGroups != null) ? 1 : 0) + ((override != null) ? 1 : 0) + ((dump != null) ? 1 : 0);
		if (given != 1) {
			String reason = "Give one of spanGroups, override (with an optional duration) or dump, got "
					+ ((given == 0) ? "none" : given + " of them") + "; nothing changed.";
			throw new InvalidEndpointRequestException(reason, reason);
		}
		if (spanGroups != null || dump != null) {
			if (duration != null || signals != null) {
				String reason = "duration and signals go with override, not with "
						+ ((spanGroups != null) ? "spanGroups" : "dump") + "; nothing changed.";
				throw new InvalidEndpointRequestException(reason, reason);
			}
			return (spanGroups != null) ? spanGroups(spanGroups) : dump(dump);
		}
		try {
			EndpointOverride.apply(this.handle, this.overrideLimits, override, duration, signals);
		}
		catch (SwitchRefusedException ex) {
			// One line, the reason redacted: the rank goes on as before, and the caller is told why.
			logger.warn(ex.getMessage());
			throw ex;
		}
		return lens();
	}

	/**
	 * Writes this rank's flight recorder, without emptying it, to a file in its directory.
	 * @param dump must be {@code true}
	 * @return the file written
	 * @throws InvalidEndpointRequestException when the recorder is off or no directory is set
	 * @throws IllegalStateException when the file could not be written (the reason is logged)
	 */
	public DumpDescriptor dump(boolean dump) {
		if (!dump) {
			String reason = "dump takes true, got false; nothing was written.";
			throw new InvalidEndpointRequestException(reason, reason);
		}
		if (this.handle.flightRecorder().isEmpty()) {
			String reason = "The flight recorder is off on this rank (nemo.lens.flight-recorder.enabled, with "
					+ "nemo.lens.enabled and nemo.lens.traces-enabled); nothing was written.";
			throw new InvalidEndpointRequestException(reason, reason);
		}
		if (this.handle.config().flightRecorderDirectory().isEmpty()) {
			String reason = "No flight recorder directory is set on this rank (nemo.lens.flight-recorder.directory, "
					+ "NEMO_LENS_FLIGHT_RECORDER_DIRECTORY); nothing was written.";
			throw new InvalidEndpointRequestException(reason, reason);
		}
		Path file = this.handle.dumpFlightRecorder()
			.orElseThrow(() -> new IllegalStateException("The flight recorder could not be written to "
					+ this.handle.config().flightRecorderDirectory() + " ("
					+ this.handle.flightRecorder().map(FlightRecorderStatus::lastDumpError).orElse("see the log")
					+ "); the log of logger nemo.lens.recorder.FlightRecorder says more."));
		logger.info("NeMo Lens: flight recorder dumped through the lens endpoint to " + file);
		return new DumpDescriptor(file.toString());
	}

	/**
	 * Enables the span groups a spec names on this rank, instead of the current ones.
	 * @param spanGroups presets and group names, comma-separated, as {@code nemo.lens.span-groups}
	 * @return the spec and the groups now enabled
	 */
	public SpanGroupsDescriptor spanGroups(String spanGroups) {
		if (spanGroups.length() > MAX_SPEC_LENGTH) {
			String reason = "spanGroups is " + spanGroups.length() + " characters long; at most " + MAX_SPEC_LENGTH
					+ " are accepted.";
			throw new InvalidEndpointRequestException(reason, reason);
		}
		SpanGroups groups = this.handle.spanGroups();
		String before = groups.spec();
		Set<String> enabledBefore = groups.enabled();
		try {
			List<String> enabled = List.copyOf(groups.set(spanGroups));
			logger.info("NeMo Lens: span groups changed through the lens endpoint from '" + before + "' "
					+ enabledBefore + " to '" + groups.spec() + "' " + enabled);
			return new SpanGroupsDescriptor(groups.spec(), enabled);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidEndpointRequestException(ex.getMessage(), ex.getMessage());
		}
	}

	/**
	 * Describes one strategy: where it came from and whether this rank would export under it. A
	 * strategy that throws reports the class of its error instead, never its message, which may
	 * hold whatever the strategy read.
	 * @param name the strategy name
	 * @return the strategy, or {@code null} (404) when no strategy has that name
	 */
	@ReadOperation
	public StrategyDescriptor strategy(@Selector String name) {
		if (!this.registry.contains(name)) {
			return null;
		}
		ExportStrategy strategy = this.registry.get(name);
		StrategyOrigin origin = StrategyOrigin.of(name, strategy, this.strategyBeans.get());
		try {
			boolean selects = strategy.shouldExport(this.handle.config(), this.handle.rank(), this.handle.worldSize());
			return new StrategyDescriptor(name, ExportStrategies.BUILTIN_STRATEGIES.contains(name), origin, selects,
					selects && this.handle.config().enabled(), null);
		}
		catch (RuntimeException ex) {
			return new StrategyDescriptor(name, ExportStrategies.BUILTIN_STRATEGIES.contains(name), origin, null, null,
					ex.getClass().getName());
		}
	}

	/**
	 * The span groups after a change.
	 *
	 * @param spec the spec now in force
	 * @param enabled the groups it enables, sorted
	 */
	public record SpanGroupsDescriptor(String spec, List<String> enabled) implements OperationResponseBody {

	}

	/**
	 * A dump of the flight recorder.
	 *
	 * @param dump the file written
	 */
	public record DumpDescriptor(String dump) implements OperationResponseBody {

	}

	/**
	 * One strategy in detail.
	 *
	 * @param name the name
	 * @param builtin whether it is one of the four built-in names
	 * @param origin where it came from
	 * @param selectsThisRank the strategy's answer for this rank, or {@code null} when it failed
	 * @param wouldExport whether this rank would export under it (its answer, and Lens enabled)
	 * @param error the class of the strategy's error, or {@code null}
	 */
	public record StrategyDescriptor(String name, boolean builtin, StrategyOrigin origin, Boolean selectsThisRank,
			Boolean wouldExport, String error) implements OperationResponseBody {

	}

}
