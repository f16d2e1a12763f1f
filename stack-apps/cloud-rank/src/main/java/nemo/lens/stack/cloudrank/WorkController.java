package nemo.lens.stack.cloudrank;

import java.util.Map;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /work} makes one observation, a span, as work in a Boot application does. */
@RestController
class WorkController {

	private final ObservationRegistry observations;

	WorkController(ObservationRegistry observations) {
		this.observations = observations;
	}

	@GetMapping("/work")
	Map<String, Object> work() {
		Observation.createNotStarted("cloud.work", this.observations).observe(() -> {
		});
		return Map.of("done", true);
	}

}
