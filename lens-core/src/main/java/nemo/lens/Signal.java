package nemo.lens;

import java.util.Locale;

import nemo.lens.config.Setting;

/**
 * The three OpenTelemetry signals a rank can export. Each follows its own strategy when one is set
 * ({@code nemo.lens.metrics.export-strategy}), else {@code nemo.lens.export-strategy}, so that a job
 * can send metrics from one rank per node and traces from one rank.
 */
public enum Signal {

	/** Spans. */
	TRACES,

	/** Metrics. */
	METRICS,

	/** Log records. */
	LOGS;

	/**
	 * The signal as settings and the endpoint name it: {@code traces}, {@code metrics} or
	 * {@code logs}.
	 * @return the lower-case name
	 */
	public String key() {
		return name().toLowerCase(Locale.ROOT);
	}

	/**
	 * The setting of the signal's own strategy.
	 * @return such as {@link Setting#METRICS_EXPORT_STRATEGY}
	 */
	public Setting strategySetting() {
		// Not a switch: one on an enum compiles to a class of its own (a switch map).
		return (this == TRACES) ? Setting.TRACES_EXPORT_STRATEGY
				: (this == METRICS) ? Setting.METRICS_EXPORT_STRATEGY : Setting.LOGS_EXPORT_STRATEGY;
	}

	/**
	 * The Spring property of the signal's own strategy.
	 * @return such as {@code nemo.lens.metrics.export-strategy}
	 */
	public String strategyProperty() {
		return strategySetting().property();
	}

	/**
	 * The variable of the signal's own strategy under a prefix.
	 * @param prefix such as {@code NEMO_LENS}
	 * @return such as {@code NEMO_LENS_METRICS_EXPORT_STRATEGY}
	 */
	public String strategyVariable(String prefix) {
		return strategySetting().variables(prefix).get(0);
	}

}
