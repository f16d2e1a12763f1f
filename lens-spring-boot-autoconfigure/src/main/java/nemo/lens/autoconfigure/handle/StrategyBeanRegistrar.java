package nemo.lens.autoconfigure.handle;

import java.util.Map;
import java.util.TreeMap;

import nemo.lens.ExportStrategy;
import nemo.lens.ExportStrategyRegistry;
import nemo.lens.autoconfigure.failure.LensStartupException;
import nemo.lens.strategies.ExportStrategies;

/**
 * Registers every {@link ExportStrategy} bean under its bean name, as Spring Boot's health
 * registry does for contributors. A bean named like a built-in, or like a strategy registered
 * process-wide, is refused unless {@code nemo.lens.allow-strategy-override=true}.
 */
final class StrategyBeanRegistrar {

	private StrategyBeanRegistrar() {
	}

	static void registerAll(ExportStrategyRegistry registry, Map<String, ExportStrategy> beans,
			boolean allowOverride) {
		new TreeMap<>(beans).forEach((beanName, strategy) -> {
			if (registry.contains(beanName) && !allowOverride) {
				String taken = ExportStrategies.BUILTIN_STRATEGIES.contains(beanName) ? "a built-in strategy"
						: "a strategy registered through NemoLens.registerExportStrategy";
				throw new LensStartupException(
						"ExportStrategy bean '" + beanName + "' (" + strategy.getClass().getName() + ") has the name of "
								+ taken + ". nemo.lens.allow-strategy-override is false.",
						"Rename the bean, or set nemo.lens.allow-strategy-override=true to replace '" + beanName
								+ "' in this application context.",
						null);
			}
			registry.register(beanName, strategy, allowOverride);
		});
	}

}
