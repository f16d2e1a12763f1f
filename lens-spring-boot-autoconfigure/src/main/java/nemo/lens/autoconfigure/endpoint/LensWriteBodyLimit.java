package nemo.lens.autoconfigure.endpoint;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.endpoint.web.PathMappedEndpoints;
import org.springframework.core.Ordered;

/**
 * Refuses a write to the {@code lens} endpoint whose body is over {@value #MAX_BODY} bytes with
 * 413, before anything reads it as JSON: a 36 MB body of two million keys ran the request thread
 * out of memory while Spring bound it. Every valid write is a few dozen bytes. The body is read
 * here, at most one byte past the limit whether or not its length was declared, and handed on from
 * memory. Other requests pass untouched.
 */
final class LensWriteBodyLimit implements Filter, Ordered {

	/** The largest body a write may have. */
	static final int MAX_BODY = 64 * 1024;

	private final ObjectProvider<PathMappedEndpoints> endpoints;

	LensWriteBodyLimit(ObjectProvider<PathMappedEndpoints> endpoints) {
		this.endpoints = endpoints;
	}

	@Override
	public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
			throws IOException, ServletException {
		if (!(request instanceof HttpServletRequest http) || !(response instanceof HttpServletResponse answer)
				|| !LensRequests.isLensPost(http, this.endpoints)) {
			chain.doFilter(request, response);
			return;
		}
		long declared = http.getContentLengthLong();
		byte[] body = (declared > MAX_BODY) ? null : http.getInputStream().readNBytes(MAX_BODY + 1);
		if (body == null || body.length > MAX_BODY) {
			LensRequests.answer(answer, 413, "The body of a write to the lens endpoint is "
					+ ((body == null) ? declared + " bytes" : "more than " + MAX_BODY + " bytes") + "; at most "
					+ MAX_BODY + " are taken (a write is a few dozen). Nothing changed.");
			return;
		}
		chain.doFilter(new ReadBody(http, body), response);
	}

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE + 1;
	}

	/** The request with the body read here. */
	private static final class ReadBody extends HttpServletRequestWrapper {

		private final byte[] body;

		ReadBody(HttpServletRequest request, byte[] body) {
			super(request);
			this.body = body;
		}

		@Override
		public ServletInputStream getInputStream() {
			ByteArrayInputStream in = new ByteArrayInputStream(this.body);
			return new ServletInputStream() {

				@Override
				public int read() {
					return in.read();
				}

				@Override
				public int read(byte[] buffer, int offset, int length) {
					return in.read(buffer, offset, length);
				}

				@Override
				public boolean isFinished() {
					return in.available() == 0;
				}

				@Override
				public boolean isReady() {
					return true;
				}

				@Override
				public void setReadListener(ReadListener listener) {
					throw new UnsupportedOperationException("The body was read already");
				}

			};
		}

		@Override
		public BufferedReader getReader() {
			String encoding = getCharacterEncoding();
			Charset charset = (encoding != null) ? Charset.forName(encoding) : StandardCharsets.UTF_8;
			return new BufferedReader(new InputStreamReader(getInputStream(), charset));
		}

		@Override
		public int getContentLength() {
			return this.body.length;
		}

		@Override
		public long getContentLengthLong() {
			return this.body.length;
		}

	}

}
