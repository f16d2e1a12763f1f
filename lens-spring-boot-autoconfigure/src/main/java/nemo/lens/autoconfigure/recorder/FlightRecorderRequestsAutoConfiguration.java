package nemo.lens.autoconfigure.recorder;

import java.util.List;
import java.util.function.BooleanSupplier;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationPredicate;
import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.NemoLensProperties;
import nemo.lens.autoconfigure.binding.ConditionalOnLensEnabled;
import nemo.lens.autoconfigure.handle.TelemetryHandleAutoConfiguration;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;

/**
 * Auto-configuration that keeps the operator's own requests out of a recording rank: an
 * {@link ObservationPredicate}, which Spring Boot applies to its observation registry, turns off
 * the observation of every server request under {@code nemo.lens.flight-recorder.excluded-paths}
 * (by default the actuator's base path, {@code /actuator/**}, which holds the lens endpoint) while
 * the flight recorder is on; and an {@link ObservationHandler} names a server request's span by its
 * method and path while it is open ({@link OpenServerSpanNames}), where Boot names it only at its end.
 */
@AutoConfiguration(after = TelemetryHandleAutoConfiguration.class)
@ConditionalOnClass(name = FlightRecorderRequestsAutoConfiguration.OBSERVATION_PREDICATE)
@ConditionalOnBean(TelemetryHandle.class)
@ConditionalOnLensEnabled
public final class FlightRecorderRequestsAutoConfiguration {

	/** Micrometer's observation API, optional: named, so that a class path without it loads this class. */
	static final String OBSERVATION_PREDICATE = "io.micrometer.observation.ObservationPredicate";

	/** Micrometer Tracing's observation handler, optional: named, as above. */
	static final String TRACING_HANDLER = "io.micrometer.tracing.handler.TracingObservationHandler";

	/** Where the actuator's endpoints are, unless {@code management.endpoints.web.base-path} says otherwise. */
	static final String DEFAULT_BASE_PATH = "/actuator";

	/** The value of {@code excluded-paths} that leaves every request observed. */
	static final String NONE = "none";

	FlightRecorderRequestsAutoConfiguration() {
	}

	/**
	 * The predicate's type is Micrometer's: its bean method lives here, guarded again, so that a
	 * class path without Micrometer never introspects it, also when the outer class is registered
	 * by class.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = OBSERVATION_PREDICATE)
	static class OperatorRequestsConfiguration {

		@Bean
		@ConditionalOnMissingBean(name = "lensOperatorRequests")
		ObservationPredicate lensOperatorRequests(NemoLensProperties properties, Environment environment,
				ObjectProvider<TelemetryHandle> handle) {
			List<String> patterns = properties.flightRecorder().excludedPaths();
			if (patterns != null && patterns.equals(List.of(NONE))) {
				patterns = List.of();
			}
			else if (patterns == null || patterns.isEmpty()) {
				String basePath = environment.getProperty("management.endpoints.web.base-path", DEFAULT_BASE_PATH);
				patterns = List.of((basePath.endsWith("/") ? basePath : basePath + "/") + "**");
			}
			return new OperatorRequests(patterns, new Recording(handle), environment.getClass().getClassLoader());
		}

	}

	/**
	 * The handler that names an open server span needs Micrometer Tracing's span: its bean method
	 * lives here, guarded by that class.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = { OBSERVATION_PREDICATE, TRACING_HANDLER })
	static class OpenServerSpanNamesConfiguration {

		@Bean
		@Order(Ordered.LOWEST_PRECEDENCE)
		@ConditionalOnMissingBean(name = "lensOpenServerSpanNames")
		ObservationHandler<Observation.Context> lensOpenServerSpanNames(Environment environment,
				ObjectProvider<TelemetryHandle> handle) {
			return new OpenServerSpanNames(new ServerRequests(environment.getClass().getClassLoader()),
					new Recording(handle));
		}

	}

	/** Whether the rank's flight recorder is on, read once from the handle's settings when asked. */
	private static final class Recording implements BooleanSupplier {

		private final ObjectProvider<TelemetryHandle> handle;

		private volatile Boolean on;

		Recording(ObjectProvider<TelemetryHandle> handle) {
			this.handle = handle;
		}

		@Override
		public boolean getAsBoolean() {
			Boolean recording = this.on;
			if (recording == null) {
				TelemetryHandle current = this.handle.getIfAvailable();
				recording = current != null && current.flightRecorder().isPresent();
				this.on = recording;
			}
			return recording;
		}

	}

}
