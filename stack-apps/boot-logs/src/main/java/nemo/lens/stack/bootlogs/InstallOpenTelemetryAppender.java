package nemo.lens.stack.bootlogs;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.instrumentation.logback.appender.v1_0.OpenTelemetryAppender;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.stereotype.Component;

// Spring Boot does not install the appender: this hands it the application's OpenTelemetry,
// which with Lens is the rank's (no-op on a rank that does not export logs).
@Component
class InstallOpenTelemetryAppender implements InitializingBean {

	private final OpenTelemetry openTelemetry;

	InstallOpenTelemetryAppender(OpenTelemetry openTelemetry) {
		this.openTelemetry = openTelemetry;
	}

	@Override
	public void afterPropertiesSet() {
		OpenTelemetryAppender.install(this.openTelemetry);
	}

}
