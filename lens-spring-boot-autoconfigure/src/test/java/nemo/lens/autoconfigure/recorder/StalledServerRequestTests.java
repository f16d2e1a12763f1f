package nemo.lens.autoconfigure.recorder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import nemo.lens.TelemetryHandle;
import nemo.lens.autoconfigure.BootLine;
import nemo.lens.autoconfigure.LensTestConfigurations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.json.JsonParserFactory;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.http.server.observation.ServerRequestObservationContext;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Spring rank with Spring Boot's OpenTelemetry, the flight recorder and a stall timeout, serving a
 * request that never returns while an operator checks on it through the actuator: the rank dumps
 * itself for the stall, and the dump holds the hung request's server span, open, named by its
 * method and path though Boot names it only at its end, and nothing of the operator's requests.
 */
class StalledServerRequestTests {

	@TempDir
	Path directory;

	private ApplicationContextRunner recordingRank() {
		return new ApplicationContextRunner().withConfiguration(LensTestConfigurations.core())
			.withConfiguration(AutoConfigurations.of(BootLine.current().openTelemetry()))
			.withConfiguration(AutoConfigurations.of(FlightRecorderRequestsAutoConfiguration.class))
			.withPropertyValues("nemo.lens.enabled=true", "nemo.lens.exporter=none", "nemo.lens.world-size=4",
					"nemo.lens.rank=0", "nemo.lens.flight-recorder.enabled=true",
					"nemo.lens.flight-recorder.directory=" + this.directory,
					"nemo.lens.flight-recorder.stall-timeout=200ms");
	}

	private static Observation serverRequest(ObservationRegistry registry, String method, String path) {
		ServerRequestObservationContext context = new ServerRequestObservationContext(
				new MockHttpServletRequest(method, path), new MockHttpServletResponse());
		return Observation.createNotStarted("http.server.requests", () -> context, registry).start();
	}

	@Test
	void theStallDumpHoldsTheHungRequestsServerSpanAndNoOperatorRequest() throws Exception {
		recordingRank().run((context) -> {
			ObservationRegistry registry = context.getBean(ObservationRegistry.class);
			serverRequest(registry, "GET", "/actuator/lens").stop();
			Observation hung = serverRequest(registry, "POST", "/train");
			Observation check = serverRequest(registry, "GET", "/actuator/lens");
			try {
				assertThat(awaitDump()).isTrue();
				Map<String, Object> resourceSpans = first(JsonParserFactory.getJsonParser()
					.parseMap(Files.readAllLines(dumps().get(0)).get(0)), "resourceSpans");
				List<Map<String, Object>> spans = list(first(resourceSpans, "scopeSpans").get("spans"));
				assertThat(spans).as("the hung request's span alone").hasSize(1);
				assertThat(spans.get(0)).containsEntry("kind", 2).containsEntry("name", "http post /train");
				assertThat(spans.get(0).get("attributes").toString()).contains("nemo.span.open");
			}
			finally {
				check.stop();
				hung.stop();
			}
		});
	}

	/** The tracing handler names it at its end: here by the observation's name, as it has no convention. */
	@Test
	void aRequestThatEndsKeepsTheNameTheTracingHandlerGivesIt() {
		recordingRank().run((context) -> {
			serverRequest(context.getBean(ObservationRegistry.class), "POST", "/train").stop();
			Path dump = context.getBean(TelemetryHandle.class).dumpFlightRecorder().orElseThrow();
			Map<String, Object> resourceSpans = first(
					JsonParserFactory.getJsonParser().parseMap(Files.readAllLines(dump).get(0)), "resourceSpans");
			assertThat(list(first(resourceSpans, "scopeSpans").get("spans"))).singleElement()
				.satisfies((span) -> assertThat(span).containsEntry("name", "http.server.requests"));
		});
	}

	private boolean awaitDump() throws InterruptedException, IOException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		while (dumps().isEmpty() && System.nanoTime() < deadline) {
			TimeUnit.MILLISECONDS.sleep(10);
		}
		return !dumps().isEmpty();
	}

	private List<Path> dumps() throws IOException {
		try (Stream<Path> files = Files.list(this.directory)) {
			return files.filter((file) -> file.getFileName().toString().endsWith(".json")).toList();
		}
	}

	@SuppressWarnings("unchecked")
	private static List<Map<String, Object>> list(Object value) {
		return (List<Map<String, Object>>) value;
	}

	private static Map<String, Object> first(Map<String, Object> parent, String key) {
		Object value = parent.get(key);
		return (value instanceof List<?>) ? list(value).get(0) : list(List.of(value)).get(0);
	}

}
