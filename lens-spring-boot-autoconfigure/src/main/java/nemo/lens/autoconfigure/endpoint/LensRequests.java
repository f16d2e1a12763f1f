package nemo.lens.autoconfigure.endpoint;

import java.io.IOException;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.endpoint.EndpointId;
import org.springframework.boot.actuate.endpoint.web.PathMappedEndpoints;

/**
 * What the servlet-level guards of the {@code lens} endpoint share: telling a request to it, and
 * answering one with a reason in the body, as the endpoint's own refusals do
 * ({@code {"error": "..."}}).
 */
final class LensRequests {

	private static final EndpointId LENS = EndpointId.of("lens");

	private LensRequests() {
	}

	/** Whether the request is a POST to the {@code lens} endpoint's path. */
	static boolean isLensPost(HttpServletRequest request, ObjectProvider<PathMappedEndpoints> endpoints) {
		if (!"POST".equals(request.getMethod())) {
			return false;
		}
		PathMappedEndpoints mapped = endpoints.getIfAvailable();
		String lens = (mapped != null) ? mapped.getPath(LENS) : null;
		if (lens == null) {
			return false;
		}
		String path = request.getRequestURI().substring(request.getContextPath().length());
		return path.equals(lens) || path.equals(lens + "/");
	}

	/** Answers with a status and a reason, which must need no JSON escaping. */
	static void answer(HttpServletResponse response, int status, String reason) throws IOException {
		response.setStatus(status);
		response.setContentType("application/json");
		response.setCharacterEncoding("UTF-8");
		response.getWriter().write("{\"error\":\"" + reason + "\"}");
	}

}
