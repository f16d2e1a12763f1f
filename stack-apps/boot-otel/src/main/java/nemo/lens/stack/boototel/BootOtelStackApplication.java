package nemo.lens.stack.boototel;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A web application on Spring Boot's OpenTelemetry starter (Boot's OpenTelemetry SDK, Micrometer
 * Tracing with the OpenTelemetry bridge, the Micrometer OTLP registry) with the Lens starter added,
 * as a user would add it. It exists to be started as the ranks of a job by end-to-end tests, which
 * point every telemetry endpoint at a test receiver and check that a silent rank sends nothing.
 */
@SpringBootApplication
public class BootOtelStackApplication {

	public static void main(String[] args) {
		SpringApplication.run(BootOtelStackApplication.class, args);
	}

}
