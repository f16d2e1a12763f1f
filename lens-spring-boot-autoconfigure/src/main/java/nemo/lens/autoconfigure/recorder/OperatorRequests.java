package nemo.lens.autoconfigure.recorder;

import java.util.List;
import java.util.function.BooleanSupplier;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationPredicate;

import org.springframework.util.AntPathMatcher;
import org.springframework.util.PathMatcher;

/**
 * Keeps the operator's own requests (the actuator's, the lens endpoint's) out of a recording rank:
 * a server request whose path matches one of the patterns is not observed, so it makes no span, is
 * never in a dump (finished or open) and never counts as the rank's activity: the dump an operator
 * asks for through the endpoint is not the rank's last span, nor is the status check the only
 * thing a hung rank did. It applies only where the flight recorder is on; it then also leaves
 * those requests out of Micrometer's {@code http.server.requests}.
 */
final class OperatorRequests implements ObservationPredicate {

	private final List<String> patterns;

	private final BooleanSupplier recording;

	private final PathMatcher matcher = new AntPathMatcher();

	private final ServerRequests requests;

	/**
	 * @param patterns the paths of the operator's requests, as Ant patterns such as
	 * {@code /actuator/**}
	 * @param recording whether the rank's flight recorder is on; asked when a request comes
	 * @param classLoader where the web stack's classes are looked for
	 */
	OperatorRequests(List<String> patterns, BooleanSupplier recording, ClassLoader classLoader) {
		this.patterns = List.copyOf(patterns);
		this.recording = recording;
		this.requests = new ServerRequests(classLoader);
	}

	/**
	 * The patterns of the operator's requests.
	 * @return the patterns
	 */
	List<String> patterns() {
		return this.patterns;
	}

	@Override
	public boolean test(String name, Observation.Context context) {
		ServerRequests.Request request = this.requests.of(context);
		return request == null || !isOperatorRequest(request.path()) || !this.recording.getAsBoolean();
	}

	private boolean isOperatorRequest(String path) {
		for (String pattern : this.patterns) {
			if (this.matcher.match(pattern, path)) {
				return true;
			}
		}
		return false;
	}

}
