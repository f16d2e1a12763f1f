package nemo.lens.stack.bootlogs;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * One rank of a job that starts, logs and ends, as a training script does: no web server, so the
 * JVM exits once the application has started, and Lens's bounded shutdown delivers what the rank
 * logged last. On Spring Boot's OpenTelemetry starter with the Lens starter, plus what
 * docs/doors.md says an application adds to export its logs (the OpenTelemetry Logback appender,
 * {@code logback-spring.xml}, {@link InstallOpenTelemetryAppender}); its settings are the page's,
 * given by the test that starts it.
 */
@SpringBootApplication
public class BootLogsStackApplication {

	public static void main(String[] args) {
		SpringApplication.run(BootLogsStackApplication.class, args);
	}

}
