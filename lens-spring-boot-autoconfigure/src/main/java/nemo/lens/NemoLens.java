package nemo.lens;

import java.util.List;

/**
 * The process-wide NeMo Lens API, mirroring the Python top level: one strategy registry per
 * process, and {@code setupTelemetry} with its once-per-process guard.
 */
public final class NemoLens {

	private static final ExportStrategyRegistry REGISTRY = new ExportStrategyRegistry();

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

}
