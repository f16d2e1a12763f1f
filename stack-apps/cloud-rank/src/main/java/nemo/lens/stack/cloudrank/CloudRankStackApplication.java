package nemo.lens.stack.cloudrank;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A rank whose settings come from a Spring Cloud Config Server and change by Spring Cloud's
 * refresh ({@code POST /actuator/refresh}) or by Spring Cloud Bus over RabbitMQ
 * ({@code POST /actuator/busrefresh} on any rank): Spring Boot's OpenTelemetry starter with the
 * Lens starter, as a user would have it. {@code GET /work} makes a span.
 */
@SpringBootApplication
public class CloudRankStackApplication {

	public static void main(String[] args) {
		SpringApplication.run(CloudRankStackApplication.class, args);
	}

}
