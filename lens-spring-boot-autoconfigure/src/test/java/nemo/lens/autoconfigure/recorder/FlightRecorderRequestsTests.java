package nemo.lens.autoconfigure.recorder;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationPredicate;
import io.micrometer.observation.ObservationRegistry;
import nemo.lens.autoconfigure.LensTestConfigurations;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.http.server.observation.ServerRequestObservationContext;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * On a rank with the flight recorder on, the operator's own requests (everything under the
 * actuator's base path, the lens endpoint's among them) are not observed: they make no span, so no
 * dump shows them and they never count as the rank's activity. The application's requests are
 * observed as before, and so is everything where the recorder is off. The list follows the
 * actuator's base path and can be set.
 */
class FlightRecorderRequestsTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(LensTestConfigurations.core(FlightRecorderRequestsAutoConfiguration.class))
		.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.exporter=none", "nemo.lens.world-size=2",
				"nemo.lens.rank=0");

	private ApplicationContextRunner recording() {
		return this.runner.withPropertyValues("nemo.lens.flight-recorder.enabled=true");
	}

	/** Whether a server request to the path is observed in an application with the context's predicates. */
	private static boolean observed(ApplicationContext context, String method, String path) {
		ObservationRegistry registry = ObservationRegistry.create();
		registry.observationConfig().observationHandler((observationContext) -> true);
		context.getBeansOfType(ObservationPredicate.class)
			.values()
			.forEach((predicate) -> registry.observationConfig().observationPredicate(predicate));
		ServerRequestObservationContext request = new ServerRequestObservationContext(
				new MockHttpServletRequest(method, path), new MockHttpServletResponse());
		Observation observation = Observation.createNotStarted("http.server.requests", () -> request, registry);
		return !observation.isNoop();
	}

	@Test
	void theLensEndpointsRequestOfARecordingRankIsNotObserved() {
		recording().run((context) -> assertThat(observed(context, "POST", "/actuator/lens")).isFalse());
	}

	@Test
	void everyActuatorRequestOfARecordingRankIsNotObserved() {
		recording().run((context) -> assertThat(observed(context, "GET", "/actuator/health/liveness")).isFalse());
	}

	@Test
	void theApplicationsRequestsAreObserved() {
		recording().run((context) -> {
			assertThat(observed(context, "POST", "/train")).isTrue();
			assertThat(observed(context, "GET", "/actuatorish")).isTrue();
		});
	}

	@Test
	void withTheRecorderOffActuatorRequestsAreObservedAsBefore() {
		this.runner.run((context) -> assertThat(observed(context, "POST", "/actuator/lens")).isTrue());
	}

	@Test
	void theListFollowsTheActuatorsBasePath() {
		recording().withPropertyValues("management.endpoints.web.base-path=/manage").run((context) -> {
			assertThat(observed(context, "POST", "/manage/lens")).isFalse();
			assertThat(observed(context, "GET", "/actuator/health")).isTrue();
		});
	}

	@Test
	void theListCanBeSet() {
		recording().withPropertyValues("nemo.lens.flight-recorder.excluded-paths=/admin/**,/ping")
			.run((context) -> {
				assertThat(observed(context, "GET", "/admin/status")).isFalse();
				assertThat(observed(context, "GET", "/ping")).isFalse();
				assertThat(observed(context, "GET", "/actuator/health")).isTrue();
			});
	}

	@Test
	void noneLeavesEveryRequestObserved() {
		recording().withPropertyValues("nemo.lens.flight-recorder.excluded-paths=none")
			.run((context) -> assertThat(observed(context, "POST", "/actuator/lens")).isTrue());
	}

	@Test
	void withLensDisabledThereIsNoPredicate() {
		recording().withPropertyValues("nemo.lens.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(ObservationPredicate.class));
	}

}
