package nemo.lens.autoconfigure.recorder;

import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationPredicate;

import org.springframework.util.AntPathMatcher;
import org.springframework.util.ClassUtils;
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

	private static final String SERVLET_CONTEXT = "org.springframework.http.server.observation.ServerRequestObservationContext";

	private static final String REACTIVE_CONTEXT = "org.springframework.http.server.reactive.observation.ServerRequestObservationContext";

	private final List<String> patterns;

	private final BooleanSupplier recording;

	private final PathMatcher matcher = new AntPathMatcher();

	private final Function<Observation.Context, String> servletPath;

	private final Function<Observation.Context, String> reactivePath;

	/**
	 * @param patterns the paths of the operator's requests, as Ant patterns such as
	 * {@code /actuator/**}
	 * @param recording whether the rank's flight recorder is on; asked when a request comes
	 * @param classLoader where the web stack's classes are looked for
	 */
	OperatorRequests(List<String> patterns, BooleanSupplier recording, ClassLoader classLoader) {
		this.patterns = List.copyOf(patterns);
		this.recording = recording;
		this.servletPath = ClassUtils.isPresent(SERVLET_CONTEXT, classLoader)
				&& ClassUtils.isPresent("jakarta.servlet.http.HttpServletRequest", classLoader) ? ServletPaths::of
						: (context) -> null;
		this.reactivePath = ClassUtils.isPresent(REACTIVE_CONTEXT, classLoader) ? ReactivePaths::of : (context) -> null;
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
		String path = this.servletPath.apply(context);
		if (path == null) {
			path = this.reactivePath.apply(context);
		}
		return path == null || !isOperatorRequest(path) || !this.recording.getAsBoolean();
	}

	private boolean isOperatorRequest(String path) {
		for (String pattern : this.patterns) {
			if (this.matcher.match(pattern, path)) {
				return true;
			}
		}
		return false;
	}

	/** The path of a Spring MVC request within its application; loaded only where the servlet API is. */
	private static final class ServletPaths {

		static String of(Observation.Context context) {
			if (context instanceof org.springframework.http.server.observation.ServerRequestObservationContext server
					&& server.getCarrier() != null) {
				String uri = server.getCarrier().getRequestURI();
				String contextPath = server.getCarrier().getContextPath();
				return (contextPath != null && uri.startsWith(contextPath)) ? uri.substring(contextPath.length()) : uri;
			}
			return null;
		}

	}

	/** The path of a WebFlux request within its application. */
	private static final class ReactivePaths {

		static String of(Observation.Context context) {
			if (context instanceof org.springframework.http.server.reactive.observation.ServerRequestObservationContext server
					&& server.getCarrier() != null) {
				return server.getCarrier().getPath().pathWithinApplication().value();
			}
			return null;
		}

	}

}
