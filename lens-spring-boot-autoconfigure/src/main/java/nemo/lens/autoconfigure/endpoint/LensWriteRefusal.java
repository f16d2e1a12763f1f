package nemo.lens.autoconfigure.endpoint;

import java.io.IOException;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.endpoint.web.PathMappedEndpoints;
import org.springframework.core.Ordered;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.servlet.ModelAndView;

/**
 * Answers a {@code POST} to the {@code lens} endpoint while its access is read-only (Spring Boot
 * then maps no write operation, and the request ends in a bare 405) with a body that says what to
 * set: {@code management.endpoint.lens.access=unrestricted}. Other requests are left to Spring MVC.
 */
final class LensWriteRefusal implements HandlerExceptionResolver, Ordered {

	static final String REASON = "POST is refused: the lens endpoint is read-only on this rank. Allow its writes "
			+ "(span groups, override, dump) with management.endpoint.lens.access=unrestricted, and keep them to "
			+ "operators (a management port, a Spring Security rule; see docs/endpoint.md).";

	private final ObjectProvider<PathMappedEndpoints> endpoints;

	LensWriteRefusal(ObjectProvider<PathMappedEndpoints> endpoints) {
		this.endpoints = endpoints;
	}

	@Override
	public ModelAndView resolveException(HttpServletRequest request, HttpServletResponse response, Object handler,
			Exception ex) {
		if (!(ex instanceof HttpRequestMethodNotSupportedException) || !LensRequests.isLensPost(request, this.endpoints)) {
			return null;
		}
		try {
			response.setHeader("Allow", "GET");
			LensRequests.answer(response, HttpServletResponse.SC_METHOD_NOT_ALLOWED, REASON);
			return new ModelAndView();
		}
		catch (IOException failed) {
			return null;
		}
	}

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE + 1;
	}

}
