package nemo.lens.autoconfigure.recorder;

import java.util.function.Function;

import io.micrometer.observation.Observation;

import org.springframework.util.ClassUtils;

/**
 * The method and path of the server request an observation is about, from Spring MVC's or
 * WebFlux's observation context, whichever the class path has: each is loaded only where its web
 * stack is.
 */
final class ServerRequests {

	private static final String SERVLET_CONTEXT = "org.springframework.http.server.observation.ServerRequestObservationContext";

	private static final String REACTIVE_CONTEXT = "org.springframework.http.server.reactive.observation.ServerRequestObservationContext";

	private final Function<Observation.Context, Request> servlet;

	private final Function<Observation.Context, Request> reactive;

	/**
	 * @param classLoader where the web stack's classes are looked for
	 */
	ServerRequests(ClassLoader classLoader) {
		this.servlet = ClassUtils.isPresent(SERVLET_CONTEXT, classLoader)
				&& ClassUtils.isPresent("jakarta.servlet.http.HttpServletRequest", classLoader) ? ServletRequests::of
						: (context) -> null;
		this.reactive = ClassUtils.isPresent(REACTIVE_CONTEXT, classLoader) ? ReactiveRequests::of : (context) -> null;
	}

	/**
	 * The request an observation is about.
	 * @param context the observation's context
	 * @return the request, or {@code null} when the observation is of no server request
	 */
	Request of(Observation.Context context) {
		Request request = this.servlet.apply(context);
		return (request != null) ? request : this.reactive.apply(context);
	}

	/**
	 * A server request.
	 *
	 * @param method its method, such as {@code GET}
	 * @param path its path within the application
	 */
	record Request(String method, String path) {

	}

	/** A Spring MVC request; loaded only where the servlet API is. */
	private static final class ServletRequests {

		static Request of(Observation.Context context) {
			if (context instanceof org.springframework.http.server.observation.ServerRequestObservationContext server
					&& server.getCarrier() != null) {
				String uri = server.getCarrier().getRequestURI();
				String contextPath = server.getCarrier().getContextPath();
				return new Request(server.getCarrier().getMethod(),
						(contextPath != null && uri.startsWith(contextPath)) ? uri.substring(contextPath.length()) : uri);
			}
			return null;
		}

	}

	/** A WebFlux request. */
	private static final class ReactiveRequests {

		static Request of(Observation.Context context) {
			if (context instanceof org.springframework.http.server.reactive.observation.ServerRequestObservationContext server
					&& server.getCarrier() != null) {
				return new Request(server.getCarrier().getMethod().name(),
						server.getCarrier().getPath().pathWithinApplication().value());
			}
			return null;
		}

	}

}
