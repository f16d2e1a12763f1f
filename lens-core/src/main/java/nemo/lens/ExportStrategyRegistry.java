package nemo.lens;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Collectors;

import nemo.lens.env.SystemEnvironment;
/**
 * Named export strategies. A new registry holds the four built-ins, which can be replaced only
 * with {@code allowOverride} and never removed. Thread-safe: every operation is atomic, and
 * listings are consistent snapshots.
 */
public final class ExportStrategyRegistry {

	private final Map<String, ExportStrategy> strategies = new ConcurrentHashMap<>();

	private final Function<String, String> environment;

	private final Map<String, ExportStrategy> builtins;

	/**
	 * Creates a registry with the built-ins, whose {@code first_rank_per_node} reads the process
	 * environment.
	 */
	public ExportStrategyRegistry() {
		this(SystemEnvironment.LOOKUP);
	}

	/**
	 * Creates a registry with the built-ins, whose {@code first_rank_per_node} reads launcher
	 * variables through the given lookup, so that callers can supply the environment.
	 * @param environment looks up an environment variable by name; returns {@code null} when unset
	 */
	public ExportStrategyRegistry(Function<String, String> environment) {
		this.environment = Objects.requireNonNull(environment, "environment must not be null");
		this.builtins = BuiltinStrategies.create(environment);
		this.strategies.putAll(this.builtins);
	}

	/**
	 * Registers a strategy under a new name.
	 * @param name the name, non-empty
	 * @param strategy the strategy
	 * @throws IllegalArgumentException when the name is empty or already registered
	 */
	public void register(String name, ExportStrategy strategy) {
		register(name, strategy, false);
	}

	/**
	 * Registers a strategy, replacing an existing one (built-ins included) when
	 * {@code allowOverride} is set.
	 * @param name the name, non-empty
	 * @param strategy the strategy
	 * @param allowOverride whether an existing entry may be replaced
	 * @throws IllegalArgumentException when the name is empty, or already registered and
	 * {@code allowOverride} is not set
	 */
	public void register(String name, ExportStrategy strategy, boolean allowOverride) {
		if (name == null || name.isEmpty()) {
			throw new IllegalArgumentException("Strategy name must be a non-empty string.");
		}
		Objects.requireNonNull(strategy, "strategy must not be null");
		if (allowOverride) {
			this.strategies.put(name, strategy);
		}
		else if (this.strategies.putIfAbsent(name, strategy) != null) {
			throw new IllegalArgumentException(
					"Strategy '" + name + "' is already registered. Pass allowOverride=true to replace it.");
		}
	}

	/**
	 * Removes a custom strategy.
	 * @param name the name
	 * @throws IllegalArgumentException when the name is a built-in (even one that was
	 * overridden) or is not registered
	 */
	public void unregister(String name) {
		if (name == null || name.isEmpty()) {
			throw new IllegalArgumentException("Strategy name must be a non-empty string.");
		}
		if (BuiltinStrategies.NAMES.contains(name)) {
			throw new IllegalArgumentException("Cannot unregister built-in strategy '" + name + "'.");
		}
		if (this.strategies.remove(name) == null) {
			throw new IllegalArgumentException("Strategy '" + name + "' is not registered.");
		}
	}

	/**
	 * Returns every registered name, built-ins included, sorted.
	 * @return an unmodifiable sorted list
	 */
	public List<String> registeredStrategies() {
		List<String> names = new ArrayList<>(this.strategies.keySet());
		Collections.sort(names);
		return Collections.unmodifiableList(names);
	}

	/**
	 * Returns the strategy registered under a name.
	 * @param name the name
	 * @return the strategy
	 * @throws IllegalArgumentException when no strategy has that name; the message lists the
	 * registered names
	 */
	public ExportStrategy get(String name) {
		ExportStrategy strategy = (name != null) ? this.strategies.get(name) : null;
		if (strategy == null) {
			String registered = registeredStrategies().stream()
				.map((registeredName) -> "'" + registeredName + "'")
				.collect(Collectors.joining(", ", "[", "]"));
			throw new IllegalArgumentException(
					"Unknown export_strategy '" + name + "'. Registered strategies: " + registered + ".");
		}
		return strategy;
	}

	/**
	 * Returns whether a strategy is registered under a name.
	 * @param name the name
	 * @return whether it is registered
	 */
	public boolean contains(String name) {
		return name != null && this.strategies.containsKey(name);
	}

	/**
	 * Whether a name holds a built-in strategy as this registry made it, not one that replaced it.
	 * @param name the name
	 * @return whether its strategy is the built-in one
	 */
	public boolean isBuiltin(String name) {
		ExportStrategy builtin = this.builtins.get(name);
		return builtin != null && this.strategies.get(name) == builtin;
	}

	/**
	 * Returns an independent registry holding the same entries now, so that a caller (such as
	 * one Spring context) can add to it without touching this one.
	 * @return a copy
	 */
	public ExportStrategyRegistry copy() {
		return copy(this.environment);
	}

	/**
	 * Returns an independent registry holding the same entries now, whose built-ins read launcher
	 * variables through another lookup. Custom strategies, and built-ins that were overridden, are
	 * carried over as they are.
	 * @param environment looks up an environment variable by name; returns {@code null} when unset
	 * @return a copy
	 */
	public ExportStrategyRegistry copy(Function<String, String> environment) {
		ExportStrategyRegistry copy = new ExportStrategyRegistry(environment);
		this.strategies.forEach((name, strategy) -> {
			if (strategy != this.builtins.get(name)) {
				copy.strategies.put(name, strategy);
			}
		});
		return copy;
	}

}
