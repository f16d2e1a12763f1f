package nemo.lens.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import nemo.lens.env.Redaction;

/**
 * The rules of the OpAMP settings beyond their type: the endpoint is an {@code http://} or
 * {@code https://} URL with a host, and the headers are {@code name=value} pairs separated by
 * commas, as {@code OTEL_EXPORTER_OTLP_HEADERS} writes them (values percent-decoded). A refusal of
 * the headers never shows a value, as headers carry credentials.
 */
public final class OpampSettings {

	private OpampSettings() {
	}

	/**
	 * Checks an OpAMP endpoint.
	 * @param name the setting, variable or property, for the error
	 * @param endpoint the endpoint, trimmed and not empty
	 * @return the endpoint
	 * @throws IllegalArgumentException naming {@code name} and showing the value (redacted) when it
	 * is no {@code http://} or {@code https://} URL with a host
	 */
	public static String checkEndpoint(String name, String endpoint) {
		URI uri;
		try {
			uri = new URI(endpoint);
		}
		catch (URISyntaxException ex) {
			uri = null;
		}
		String scheme = (uri != null && uri.getScheme() != null) ? uri.getScheme().toLowerCase(Locale.ROOT) : "";
		if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
			throw new IllegalArgumentException(name + " must be the http:// or https:// URL of an OpAMP server's "
					+ "HTTP transport, such as http://opamp-server:4320/v1/opamp, got '" + Redaction.redact(endpoint)
					+ "'.");
		}
		return endpoint;
	}

	/**
	 * Reads OpAMP request headers.
	 * @param name the setting, variable or property, for the error
	 * @param headers {@code name=value} pairs separated by commas; empty for none
	 * @return the headers, in the order given
	 * @throws IllegalArgumentException naming {@code name} and the position of the pair, never its
	 * value, when a pair has no {@code =}, no name, or a name or value that cannot be sent
	 */
	public static Map<String, String> headers(String name, String headers) {
		Map<String, String> read = new LinkedHashMap<>();
		if (headers == null || headers.isBlank()) {
			return read;
		}
		String[] pairs = headers.split(",", -1);
		for (int i = 0; i < pairs.length; i++) {
			String pair = pairs[i].trim();
			int equals = pair.indexOf('=');
			String key = (equals > 0) ? pair.substring(0, equals).trim() : "";
			if (pair.isEmpty() || equals <= 0 || key.isEmpty() || !key.chars().allMatch(OpampSettings::isTokenChar)) {
				throw refused(name, i + 1, "is not name=value with a header name of letters, digits and !#$%&'*+-.^_`|~");
			}
			String value;
			try {
				value = URLDecoder.decode(pair.substring(equals + 1).trim(), StandardCharsets.UTF_8);
			}
			catch (IllegalArgumentException ex) {
				throw refused(name, i + 1, "has a malformed %-escape in its value");
			}
			String problem = valueProblem(value);
			if (problem != null) {
				throw refused(name, i + 1, problem);
			}
			read.put(key, value);
		}
		return read;
	}

	/**
	 * What keeps a value from being sent, in one pass: a control character first, as before; then a
	 * character beyond ASCII, which OkHttp refuses on every request (the rank would never reach its
	 * server), so it is refused here, at start-up.
	 */
	private static String valueProblem(String value) {
		boolean beyondAscii = false;
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			if ((c < 0x20 && c != '\t') || c == 0x7f) {
				return "has a control character in its value";
			}
			beyondAscii |= c > 0x7e;
		}
		return beyondAscii ? "has a character beyond ASCII in its value, which no HTTP header carries" : null;
	}

	private static IllegalArgumentException refused(String name, int position, String problem) {
		return new IllegalArgumentException(name + ": header " + position + " " + problem
				+ "; the form is name=value,name=value (values are not shown: they hold credentials).");
	}

	private static boolean isTokenChar(int c) {
		return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
				|| "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
	}

}
