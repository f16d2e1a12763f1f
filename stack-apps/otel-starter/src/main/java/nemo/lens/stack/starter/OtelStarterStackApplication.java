package nemo.lens.stack.starter;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A web application on the OpenTelemetry instrumentation Spring Boot starter (its own SDK, its web
 * server and client instrumentations, runtime metrics and Logback appender) and Micrometer's OTLP
 * registry, with the Lens starter added as a user would add it. It exists to be started as the
 * ranks of a job by end-to-end tests, which point every telemetry endpoint at a test receiver and
 * check that a silent rank sends nothing while its exporting peers send everything, stamped.
 */
@SpringBootApplication
public class OtelStarterStackApplication {

	public static void main(String[] args) {
		SpringApplication.run(OtelStarterStackApplication.class, args);
	}

}
