package nemo.lens;

import java.util.List;

import nemo.lens.env.SystemEnvironment;

/**
 * The process-wide NeMo Lens API, mirroring the Python top level: one strategy registry per
 * process, and {@code setupTelemetry} with its once-per-process guard.
 */
public final class NemoLens {

	private static final ExportStrategyRegistry REGISTRY = new ExportStrategyRegistry();

	private static final TelemetrySetup SETUP = new TelemetrySetup(REGISTRY, SystemEnvironment.LOOKUP);

	private static boolean initialised;

	private NemoLens() {
	}

	/**
	 * Returns the process-wide registry that the methods of this class act on.
	 * @return the process-wide registry
	 */
	public static ExportStrategyRegistry registry() {
		return REGISTRY;
	}

	/**
	 * Registers a strategy process-wide under a new name.
	 * @param name the name, non-empty
	 * @param strategy the strategy
	 * @throws IllegalArgumentException when the name is empty or already registered
	 * @see ExportStrategyRegistry#register(String, ExportStrategy)
	 */
	public static void registerExportStrategy(String name, ExportStrategy strategy) {
		REGISTRY.register(name, strategy);
	}

	/**
	 * Registers a strategy process-wide, replacing an existing one when {@code allowOverride}.
	 * @param name the name, non-empty
	 * @param strategy the strategy
	 * @param allowOverride whether an existing entry, built-ins included, may be replaced
	 * @throws IllegalArgumentException when the name is empty, or taken and not overridable
	 * @see ExportStrategyRegistry#register(String, ExportStrategy, boolean)
	 */
	public static void registerExportStrategy(String name, ExportStrategy strategy, boolean allowOverride) {
		REGISTRY.register(name, strategy, allowOverride);
	}

	/**
	 * Removes a custom strategy from the process-wide registry.
	 * @param name the name
	 * @throws IllegalArgumentException when the name is built-in or not registered
	 */
	public static void unregisterExportStrategy(String name) {
		REGISTRY.unregister(name);
	}

	/**
	 * Returns every name in the process-wide registry, sorted.
	 * @return an unmodifiable sorted list
	 */
	public static List<String> registeredStrategies() {
		return REGISTRY.registeredStrategies();
	}

	/**
	 * Decides whether this process exports and builds its telemetry, once per process.
	 * @param config the settings
	 * @param rank the global rank of this process
	 * @param worldSize the number of ranks
	 * @return the handle
	 * @throws IllegalStateException when an enabled setup already happened in this process
	 * @throws IllegalArgumentException when the strategy or exporter is unknown
	 * @see #setupTelemetry(NemoLensConfig, int, int, TelemetryOptions)
	 */
	public static TelemetryHandle setupTelemetry(NemoLensConfig config, int rank, int worldSize) {
		return setupTelemetry(config, rank, worldSize, TelemetryOptions.defaults());
	}

	/**
	 * Decides whether this process exports and builds its telemetry, once per process: a second
	 * enabled setup (exporting or not) is refused unless {@link TelemetryOptions#allowReinit()};
	 * disabled setups may repeat. A setup that fails does not count.
	 * @param config the settings
	 * @param rank the global rank of this process
	 * @param worldSize the number of ranks
	 * @param options per-call options
	 * @return the handle
	 * @throws IllegalStateException when an enabled setup already happened in this process
	 * @throws IllegalArgumentException when the strategy or exporter is unknown
	 */
	public static synchronized TelemetryHandle setupTelemetry(NemoLensConfig config, int rank, int worldSize,
			TelemetryOptions options) {
		if (config.enabled() && initialised && !options.allowReinit()) {
			throw new IllegalStateException("Telemetry is already set up in this process. "
					+ "Pass TelemetryOptions.builder().allowReinit(true) to set it up again (tests only).");
		}
		TelemetryHandle handle = SETUP.setup(config, rank, worldSize, options);
		if (config.enabled()) {
			initialised = true;
		}
		return handle;
	}

}
