package nemo.lens.sample.e2e;

/**
 * The three OTLP signals, each with the path the OTLP/HTTP specification gives it. An exporter
 * configured with a base endpoint appends these paths itself.
 */
public enum Signal {

	TRACES("/v1/traces"),

	METRICS("/v1/metrics"),

	LOGS("/v1/logs");

	private final String path;

	Signal(String path) {
		this.path = path;
	}

	/** The request path, such as {@code /v1/traces}. */
	public String path() {
		return this.path;
	}

}
