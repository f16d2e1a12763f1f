package nemo.lens.sample.e2e;

/**
 * The stack applications the end-to-end tests start as ranks, each an executable jar that failsafe
 * names by a system property: an application on the telemetry starters users already have, with
 * the Lens starter added.
 */
enum StackApp {

	/** Spring Boot's OpenTelemetry starter (with Micrometer's OTLP registry) and Lens. */
	BOOT_OTEL("stack.boot-otel.jar"),

	/**
	 * The OpenTelemetry instrumentation Spring Boot starter, Micrometer's OTLP registry and Lens.
	 */
	OTEL_STARTER("stack.otel-starter.jar"),

	/**
	 * Spring Boot's OpenTelemetry starter and Lens, with its settings from a Spring Cloud Config
	 * Server and Spring Cloud Bus over RabbitMQ; built on the default Boot line only.
	 */
	CLOUD_RANK("stack.cloud-rank.jar");

	private final String jarProperty;

	StackApp(String jarProperty) {
		this.jarProperty = jarProperty;
	}

	/** The packaged application. */
	String jar() {
		return SampleAppProcess.packagedJar(this.jarProperty);
	}

}
