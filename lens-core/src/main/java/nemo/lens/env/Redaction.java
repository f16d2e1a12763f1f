package nemo.lens.env;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Strips secrets from text NeMo Lens writes: to a log line, an error, a span event or a flight
 * recorder dump (which lands on shared scratch space). One redaction serves them all, so that a
 * form found leaking once is closed everywhere. It removes
 * <ul>
 * <li>the body of a PEM private key ({@link PrivateKeyBlocks});</li>
 * <li>the user info of URLs, up to the last {@code @} before the host, with a scheme
 * ({@code https://user:p@ss@host}), a mistyped one ({@code http//user:pw@host}), none
 * ({@code user:pw@collector:4318}), or percent-encoded inside another URL
 * ({@link EncodedUserInfo}); and the password of an Oracle connect string
 * ({@code scott/tiger@db});</li>
 * <li>their query strings ({@code ?api_key=...});</li>
 * <li>the values of keys that name a credential ({@link CredentialKeys}), in any casing, in
 * {@code key=value}, {@code key: value}, JSON, quoted, XML, Ruby, command-line and SQL forms, a
 * header's credential after any scheme word and every pair of a cookie ({@link CredentialValues});</li>
 * <li>bearer tokens and the token formats that need no key to be recognised (JWTs, Hugging Face
 * {@code hf_...}, GitHub {@code ghp_...}, GitLab {@code glpat-...}, OpenAI {@code sk-...},
 * Stripe {@code sk_live_...}, Slack {@code xoxb-...}, AWS access key ids {@code AKIA...} and
 * {@code ASIA...}, Google API keys {@code AIza...}).</li>
 * </ul>
 * The same rule of keys tells an attribute whose whole value is a credential
 * ({@link #isCredentialKey}), so a key that ends in {@code token} is redacted as text and as an
 * attribute alike, and {@code gen_ai.usage.input_tokens} is neither. Every pass takes time linear
 * in the text: the scans are written by hand, and the regular expressions start a match only where
 * a run of their characters starts and never take back what they read, so that a hostile
 * megabyte costs a pass over a megabyte.
 */
public final class Redaction {

	/** What stands in for what was removed. */
	public static final String REDACTED = "<redacted>";

	/** A scheme (also mistyped, without its colon), then user info up to the last {@code @}. */
	private static final Pattern USER_INFO = Pattern
		.compile("((?<![A-Za-z0-9+.-])[a-zA-Z][a-zA-Z0-9+.-]*:?//)[^/\\s\"'<>]*@");

	/**
	 * An Oracle connect string's user, then its password up to {@code @} and a host (not a version:
	 * {@code actions/checkout@v4}); the user starts a word that is not part of a path.
	 */
	private static final Pattern ORACLE_PASSWORD = Pattern
		.compile("(?<![A-Za-z0-9_$#/@.%-])([A-Za-z][A-Za-z0-9_$#]*+/)[^\\s/@\"'<>]++@(?=[A-Za-z/\\[])(?![vV][0-9])");

	/**
	 * A URL, whole, so that its query can be cut: one match a URL, where a match of the query
	 * alone would be tried from each character of a long text.
	 */
	private static final Pattern URL = Pattern.compile("(?<![A-Za-z0-9+.-])[a-zA-Z][a-zA-Z0-9+.-]*://[^\\s#\"'<>]*+");

	/**
	 * A bearer token anywhere (group 1 keeps the word), and the token formats that tell
	 * themselves, each where a run of token characters starts.
	 */
	private static final Pattern KNOWN_TOKEN = Pattern.compile("(?i:(\\bbearer\\s+)[A-Za-z0-9._~+/-]{8,}+=*+)"
			+ "|(?<![A-Za-z0-9_-])(?:eyJ[A-Za-z0-9_-]{8,}+\\.eyJ[A-Za-z0-9_-]{4,}+\\.[A-Za-z0-9_-]*+"
			+ "|(?:hf_|gh[opusr]_)[A-Za-z0-9]{20,}+|github_pat_[A-Za-z0-9_]{20,}+|glpat-[A-Za-z0-9_-]{20,}+"
			+ "|sk-(?:proj-|svcacct-|admin-|ant-)?[A-Za-z0-9_-]{20,}+|[sr]k_(?:live|test)_[A-Za-z0-9]{16,}+"
			+ "|xox[abposr]-[A-Za-z0-9-]{10,}+|AIza[A-Za-z0-9_-]{30,}+|(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Za-z0-9]))");

	private Redaction() {
	}

	/**
	 * Whether an attribute key names a credential, so that its whole value is to be withheld: its
	 * last word is a credential's ({@link CredentialKeys}), in any casing ({@code db.password},
	 * {@code http.request.header.authorization}, {@code aws.secret_access_key}, {@code HF_TOKEN},
	 * {@code clientSecret}, {@code PGPASSWORD}, {@code db.pass}); not
	 * {@code gen_ai.usage.input_tokens}, nor {@code token.count}.
	 * @param key the key, such as {@code db.password}
	 * @return whether the key names a credential
	 */
	public static boolean isCredentialKey(String key) {
		return key != null && CredentialKeys.isCredential(key, 0, key.length());
	}

	/**
	 * Returns the text without private keys, user info, query strings, credential values and tokens.
	 * @param text the text, or {@code null}
	 * @return the redacted text, or {@code null}
	 */
	public static String redact(String text) {
		if (text == null || text.isEmpty()) {
			return text;
		}
		String redacted = PrivateKeyBlocks.redact(text, REDACTED);
		if (redacted.indexOf('@') >= 0) {
			// Most texts hold no @: two passes over them spared.
			redacted = USER_INFO.matcher(redacted).replaceAll("$1");
			redacted = ORACLE_PASSWORD.matcher(redacted).replaceAll("$1" + Matcher.quoteReplacement(REDACTED) + "@");
		}
		redacted = BareUserInfo.remove(redacted);
		redacted = EncodedUserInfo.remove(redacted);
		redacted = URL.matcher(redacted).replaceAll((url) -> Matcher.quoteReplacement(withoutQuery(url.group())));
		redacted = CredentialValues.redact(redacted, REDACTED);
		return KNOWN_TOKEN.matcher(redacted)
			.replaceAll((match) -> Matcher.quoteReplacement(((match.group(1) != null) ? match.group(1) : "") + REDACTED));
	}

	/**
	 * Returns the values redacted as one text would be: each value, and a value that follows one
	 * naming a credential alone ({@code ["--password", "s3cret"]}, {@code ["Authorization:", "..."]})
	 * as a whole.
	 * @param values the values, such as a process's command-line arguments
	 * @return the redacted values
	 */
	public static List<String> redactValues(List<String> values) {
		List<String> redacted = new ArrayList<>(values.size());
		boolean credentialNext = false;
		for (String value : values) {
			boolean withheld = credentialNext && value != null && !value.isEmpty() && !value.startsWith("-");
			redacted.add(withheld ? REDACTED : redact(value));
			credentialNext = !withheld && namesACredentialAlone(value);
		}
		return redacted;
	}

	/** {@code --password}, {@code PGPASSWORD}, {@code token:}, {@code Authorization=}: a key with no value. */
	private static boolean namesACredentialAlone(String value) {
		if (value == null) {
			return false;
		}
		String key = value.strip();
		if (key.endsWith(":") || key.endsWith("=")) {
			key = key.substring(0, key.length() - 1);
		}
		return !key.isEmpty() && key.chars().allMatch((c) -> CredentialKeys.isKeyChar((char) c))
				&& CredentialKeys.isCredential(key, 0, key.length());
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

	/**
	 * Returns what a log line may carry of a throwable: one that reads as {@link #describe} gives
	 * it (class, message and causes, redacted) with the throwable's stack frames, so that the logged
	 * stack trace says where the failure happened without what its message held.
	 * @param throwable the failure
	 * @return the throwable to log in its place
	 */
	public static Throwable loggable(Throwable throwable) {
		Described described = new Described(describe(throwable));
		described.setStackTrace(throwable.getStackTrace());
		return described;
	}

	/** {@code https://host/p?<redacted>} for {@code https://host/p?token=abc}. */
	private static String withoutQuery(String url) {
		int query = url.indexOf('?');
		return (query >= 0 && query < url.length() - 1) ? url.substring(0, query + 1) + REDACTED : url;
	}

	/** A throwable told by its redacted description alone. */
	private static final class Described extends Exception {

		private static final long serialVersionUID = 1L;

		Described(String description) {
			super(description, null, false, true);
		}

		@Override
		public String toString() {
			return getMessage();
		}

	}

}
