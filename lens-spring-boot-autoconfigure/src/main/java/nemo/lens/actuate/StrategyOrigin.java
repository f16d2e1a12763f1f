package nemo.lens.actuate;

import java.util.Map;

import nemo.lens.ExportStrategy;
import nemo.lens.strategies.ExportStrategies;

/**
 * Where a registered strategy came from, so that an operator can tell a built-in from a bean of
 * the application or a process-wide registration made through {@code NemoLens}.
 *
 * @param kind {@code built-in}, {@code bean} or {@code process-wide}
 * @param beanName the bean name when the strategy is a bean, else {@code null}
 * @param className the class of the strategy object
 */
public record StrategyOrigin(String kind, String beanName, String className) {

	/** A built-in strategy of the library. */
	public static final String BUILT_IN = "built-in";

	/** An {@code ExportStrategy} bean of the application context. */
	public static final String BEAN = "bean";

	/** A strategy registered through {@code NemoLens.registerExportStrategy}. */
	public static final String PROCESS_WIDE = "process-wide";

	/** One instance of each built-in, to tell a built-in from a replacement by its class. */
	private static final Map<String, ExportStrategy> BUILT_INS = ExportStrategies.builtins((variable) -> null);

	static StrategyOrigin of(String name, ExportStrategy strategy, Map<String, ExportStrategy> beans) {
		String className = strategy.getClass().getName();
		if (beans.get(name) == strategy) {
			return new StrategyOrigin(BEAN, name, className);
		}
		ExportStrategy builtIn = BUILT_INS.get(name);
		if (builtIn != null && builtIn.getClass() == strategy.getClass()) {
			return new StrategyOrigin(BUILT_IN, null, className);
		}
		return new StrategyOrigin(PROCESS_WIDE, null, className);
	}

}
