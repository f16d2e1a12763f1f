package nemo.lens.env;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Strips secrets from text NeMo Lens writes: to a log line, an error, a span event or a flight
 * recorder dump (which lands on shared scratch space). One redaction serves them all, so that a
 * form found leaking once is closed everywhere. It removes
 * <ul>
 * <li>the user info of URLs, up to the last {@code @} before the host, with a scheme
 * ({@code https://user:p@ss@host}), a mistyped one ({@code http//user:pw@host}) or none
 * ({@code user:pw@collector:4318});</li>
 * <li>their query strings ({@code ?api_key=...});</li>
 * <li>the values of keys that name a credential, in {@code key=value}, {@code key: value}, JSON
 * and quoted forms, with {@code _}, {@code -} and {@code .} (or camel case) between the words of
 * the key: {@code HF_TOKEN}, {@code WANDB_API_KEY}, {@code AWS_SECRET_ACCESS_KEY},
 * {@code client_secret}, {@code db.password}, {@code "api-key"}, {@code clientSecret},
 * {@code Authorization: Bearer ...};</li>
 * <li>bearer tokens and the well-known token formats that need no key to be recognised
 * (Hugging Face {@code hf_...}, GitHub {@code ghp_...}, AWS access key ids {@code AKIA...}).</li>
 * </ul>
 * A key names a credential when its last word is a credential's ({@code token}, {@code secret},
 * {@code password}, {@code passwd}, {@code pwd}, {@code passphrase}, {@code credentials},
 * {@code cookie}, {@code authorization}, and {@code api key}, {@code access key},
 * {@code secret key}, {@code private key} as one word or two); the same rule
 * tells an attribute whose whole value is a credential ({@link #isCredentialKey}), so a key that
 * ends in {@code token} is redacted as text and as an attribute alike, and
 * {@code gen_ai.usage.input_tokens} is neither.
 */
public final class Redaction {

	/** What stands in for what was removed. */
	public static final String REDACTED = "<redacted>";

	/**
	 * The last words of a key that names a credential, as a regular expression (case-insensitive,
	 * words joined by {@code _}, {@code -}, {@code .} or nothing).
	 */
	static final String CREDENTIAL_WORDS = "(?:proxy[._-]?)?authorization|(?:x[._-]?)?api[._-]?key"
			+ "|(?:secret[._-]?)?access[._-]?key|secret[._-]?key|private[._-]?key|token|secret|password|passwd|pwd"
			+ "|passphrase|credentials?|(?:set[._-]?)?cookie";

	/**
	 * The credential word(s) that end a key, where a word starts: after anything but a letter or
	 * digit ({@code HF_TOKEN}, {@code db.password}, {@code "api-key"}) or at a camel-case step
	 * ({@code dbPassword}); the words before are kept as they are, so they need no matching.
	 */
	private static final String KEY = "(?:(?<![A-Za-z0-9])|(?<=[a-z0-9])(?=[A-Z]))(?i:" + CREDENTIAL_WORDS
			+ ")(?![A-Za-z0-9])";

	/**
	 * A key, its closing quote (JSON, or JSON escaped inside a string) and the separator: group 1,
	 * kept. Then an optional scheme word ({@code Bearer}, {@code Basic}) and the value: in double quotes
	 * (group 2), in escaped double quotes (group 3), in single quotes (group 4), or bare, to the next
	 * blank or delimiter.
	 */
	private static final Pattern CREDENTIAL = Pattern.compile("(" + KEY + "(?:\\\\?[\"'])?\\s*[:=]\\s*"
			+ ")(?:(?i:bearer|basic|token|digest)\\s+)?(?:(\")(?:[^\"\\\\]|\\\\.)*\"|(\\\\\")(?:[^\"\\\\]|\\\\[^\"])*\\\\\""
			+ "|(')[^']*'|[^\\s,;&\"'<>(){}\\[\\]\\\\]+)");

	/** A scheme (also mistyped, without its colon), then user info up to the last {@code @}. */
	private static final Pattern USER_INFO = Pattern
		.compile("((?<![A-Za-z0-9+.-])[a-zA-Z][a-zA-Z0-9+.-]*:?//)[^/\\s\"'<>]*@");

	/**
	 * A URL, whole, so that its query can be cut: one match a URL, where a match of the query
	 * alone would be tried from each character of a long text.
	 */
	private static final Pattern URL = Pattern.compile("(?<![A-Za-z0-9+.-])[a-zA-Z][a-zA-Z0-9+.-]*://[^\\s#\"'<>]*+");

	/**
	 * A bearer token anywhere (group 1 keeps the word), and the token formats that tell
	 * themselves: Hugging Face, GitHub, GitLab, AWS access key ids.
	 */
	private static final Pattern KNOWN_TOKEN = Pattern.compile("(?i:(\\bbearer\\s+)[A-Za-z0-9._~+/-]{8,}=*)"
			+ "|\\b(?:hf_|gh[opusr]_)[A-Za-z0-9]{20,}|\\bgithub_pat_[A-Za-z0-9_]{20,}|\\bglpat-[A-Za-z0-9_-]{20,}"
			+ "|\\bAKIA[0-9A-Z]{16}\\b");

	/** An attribute key whose last word(s) name a credential. */
	private static final Pattern CREDENTIAL_KEY = Pattern.compile(KEY + "$");

	private Redaction() {
	}

	/**
	 * Whether an attribute key names a credential, so that its whole value is to be withheld: its
	 * last word is a credential's, after {@code .}, {@code _}, {@code -} or a camel-case step
	 * ({@code db.password}, {@code http.request.header.authorization},
	 * {@code aws.secret_access_key}, {@code HF_TOKEN}, {@code clientSecret}); not
	 * {@code gen_ai.usage.input_tokens}, nor {@code token.count}.
	 * @param key the key, such as {@code db.password}
	 * @return whether the key names a credential
	 */
	public static boolean isCredentialKey(String key) {
		return key != null && CREDENTIAL_KEY.matcher(key).find();
	}

	/**
	 * Returns the text without user info, query strings, credential values and tokens.
	 * @param text the text, or {@code null}
	 * @return the redacted text, or {@code null}
	 */
	public static String redact(String text) {
		if (text == null || text.isEmpty()) {
			return text;
		}
		String redacted = USER_INFO.matcher(text).replaceAll("$1");
		redacted = BareUserInfo.remove(redacted);
		redacted = URL.matcher(redacted).replaceAll((url) -> Matcher.quoteReplacement(withoutQuery(url.group())));
		redacted = credentialValues(redacted);
		return KNOWN_TOKEN.matcher(redacted)
			.replaceAll((match) -> Matcher.quoteReplacement(((match.group(1) != null) ? match.group(1) : "") + REDACTED));
	}

	/**
	 * Returns a throwable's class and message, and those of its causes, redacted: what a log line
	 * or an error may say of a failure whose message may carry an endpoint or a credential.
	 * @param throwable the failure, or {@code null}
	 * @return the redacted description, or {@code null}
	 */
	public static String describe(Throwable throwable) {
		if (throwable == null) {
			return null;
		}
		StringBuilder description = new StringBuilder(throwable.toString());
		int depth = 0;
		for (Throwable cause = throwable.getCause(); cause != null && cause != throwable && depth < 8; cause = cause
			.getCause(), depth++) {
			description.append("; caused by ").append(cause);
		}
		return redact(description.toString());
	}

	/** {@code https://host/p?<redacted>} for {@code https://host/p?token=abc}. */
	private static String withoutQuery(String url) {
		int query = url.indexOf('?');
		return (query >= 0 && query < url.length() - 1) ? url.substring(0, query + 1) + REDACTED : url;
	}

	private static String credentialValues(String text) {
		Matcher matcher = CREDENTIAL.matcher(text);
		if (!matcher.find()) {
			return text;
		}
		StringBuilder redacted = new StringBuilder(text.length());
		int last = 0;
		do {
			// The key and separator stay; a scheme word (Bearer) goes with the value.
			redacted.append(text, last, matcher.end(1));
			String quote = (matcher.group(2) != null) ? matcher.group(2)
					: (matcher.group(3) != null) ? matcher.group(3) : matcher.group(4);
			redacted.append((quote != null) ? quote + REDACTED + quote : REDACTED);
			last = matcher.end();
		}
		while (matcher.find());
		return redacted.append(text, last, text.length()).toString();
	}

}
