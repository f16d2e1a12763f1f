package nemo.lens.autoconfigure.endpoint;

import java.io.IOException;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.endpoint.EndpointId;
import org.springframework.boot.actuate.endpoint.web.PathMappedEndpoints;
import org.springframework.http.server.PathContainer;
import org.springframework.http.server.RequestPath;

/**
 * What the servlet-level guards of the {@code lens} endpoint share: telling a request to it, and
 * answering one with a reason in the body, as the endpoint's own refusals do
 * ({@code {"error": "..."}}).
 */
final class LensRequests {

	private static final EndpointId LENS = EndpointId.of("lens");

	private LensRequests() {
	}

	/**
	 * Whether the request is a POST that Spring routes to the {@code lens} endpoint: its path as
	 * Spring matches it, each segment percent-decoded and without its path parameters
	 * ({@code /actuator/lens;x=y} and {@code /actuator/%6cens} are the endpoint's), never the raw URI.
	 */
	static boolean isLensPost(HttpServletRequest request, ObjectProvider<PathMappedEndpoints> endpoints) {
		if (!"POST".equals(request.getMethod())) {
			return false;
		}
		PathMappedEndpoints mapped = endpoints.getIfAvailable();
		String lens = (mapped != null) ? mapped.getPath(LENS) : null;
		if (lens == null) {
			return false;
		}
		String path = matchedPath(request);
		return path.equals(lens) || path.equals(lens + "/");
	}

	/** The path within the application as Spring's path patterns match it. */
	private static String matchedPath(HttpServletRequest request) {
		StringBuilder path = new StringBuilder();
		try {
			for (PathContainer.Element element : RequestPath.parse(request.getRequestURI(), request.getContextPath())
				.pathWithinApplication()
				.elements()) {
				path.append((element instanceof PathContainer.PathSegment segment) ? segment.valueToMatch()
						: element.value());
			}
		}
		catch (IllegalArgumentException ex) {
			// A path Spring cannot parse either: it routes nowhere, so no guard of the endpoint applies.
			return "";
		}
		return path.toString();
	}

	/** Answers with a status and a reason, which must need no JSON escaping. */
	static void answer(HttpServletResponse response, int status, String reason) throws IOException {
		response.setStatus(status);
		response.setContentType("application/json");
		response.setCharacterEncoding("UTF-8");
		response.getWriter().write("{\"error\":\"" + reason + "\"}");
	}

}
