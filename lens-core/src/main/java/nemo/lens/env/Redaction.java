package nemo.lens.env;

import java.util.regex.Pattern;

/**
 * Strips secrets from text NeMo Lens writes: the user info of URLs
 * ({@code https://user:token@host}), their query strings ({@code ?api_key=...}), and the values of
 * credential-like pairs ({@code Authorization: Bearer ...}, {@code token=...}). Exporter failures
 * and exception messages often carry the endpoint they failed on; a log line, a span event or a
 * flight recorder dump must not carry its credentials further. {@link #isCredentialKey} tells an
 * attribute whose whole value is a credential ({@code db.password}).
 */
public final class Redaction {

	/** What stands in for what was removed. */
	public static final String REDACTED = "<redacted>";

	private static final Pattern USER_INFO = Pattern.compile("(\\b[a-zA-Z][a-zA-Z0-9+.-]*://)[^/\\s@]+@");

	private static final Pattern QUERY = Pattern.compile("(\\b[a-zA-Z][a-zA-Z0-9+.-]*://[^\\s?#\"'<>]*)\\?[^\\s#\"'<>]*");

	private static final Pattern CREDENTIAL = Pattern.compile(
			"(?i)\\b((?:proxy-)?authorization|x-api-key|api[-_]?key|(?:access[-_]|refresh[-_]|bearer[-_])?token|secret|password|passwd)"
					+ "(\\s*[:=]\\s*)(?:(?:bearer|basic|token)\\s+)?[^\\s,;&\"']+");

	/**
	 * An attribute key that names a credential, as a whole segment between {@code .}, {@code _} or
	 * {@code -}: {@code db.password}, {@code http.request.header.authorization},
	 * {@code aws.secret_access_key}; not {@code gen_ai.usage.input_tokens}.
	 */
	private static final Pattern CREDENTIAL_KEY = Pattern.compile("(?i)(?:^|[._-])(?:(?:proxy[._-]?)?authorization"
			+ "|(?:x[._-])?api[._-]?key|(?:secret[._-])?access[._-]?key|private[._-]?key"
			+ "|(?:access|refresh|bearer|id|auth|session)?[._-]?token|(?:client[._-])?secret|password|passwd|pwd"
			+ "|(?:set[._-])?cookie|credentials?)(?:$|[._-])");

	private Redaction() {
	}

	/**
	 * Whether an attribute key names a credential, so that its whole value is to be withheld.
	 * @param key the key, such as {@code db.password}
	 * @return whether the key names a credential
	 */
	public static boolean isCredentialKey(String key) {
		return key != null && CREDENTIAL_KEY.matcher(key).find();
	}

	/**
	 * Returns the text without user info, query strings and credential values.
	 * @param text the text, or {@code null}
	 * @return the redacted text, or {@code null}
	 */
	public static String redact(String text) {
		if (text == null) {
			return null;
		}
		String redacted = USER_INFO.matcher(text).replaceAll("$1");
		redacted = QUERY.matcher(redacted).replaceAll("$1?" + REDACTED);
		return CREDENTIAL.matcher(redacted).replaceAll("$1$2" + REDACTED);
	}

}
