package nemo.lens;

import java.util.Locale;

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
	 * The Spring property of the signal's own strategy.
	 * @return such as {@code nemo.lens.metrics.export-strategy}
	 */
	public String strategyProperty() {
		return "nemo.lens." + key() + ".export-strategy";
	}

	/**
	 * The variable of the signal's own strategy under a prefix.
	 * @param prefix such as {@code NEMO_LENS}
	 * @return such as {@code NEMO_LENS_METRICS_EXPORT_STRATEGY}
	 */
	public String strategyVariable(String prefix) {
		return prefix + "_" + name() + "_EXPORT_STRATEGY";
	}

}
