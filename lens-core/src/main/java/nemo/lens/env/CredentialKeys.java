package nemo.lens.env;

/**
 * Tells a key that names a credential by its last word(s), in any casing and with the words joined
 * by {@code _}, {@code -}, {@code .}, a camel-case step or nothing ({@code PGPASSWORD},
 * {@code ACCESSTOKEN}, {@code x-api-key}, {@code keyStorePassword}). The long words end a key
 * wherever they start; the short ones ({@code pwd}, {@code pass}, {@code auth}, {@code sid}) only
 * where a word starts, so that {@code bypass}, {@code compass} and {@code oauth} stay keys of
 * ordinary values. A look at a key reads at most the length of the longest word from its end.
 */
final class CredentialKeys {

	/** Words that end a credential's key wherever they start, lower case, without separators. */
	private static final String[] LONG_WORDS = { "password", "passwd", "passphrase", "secret", "token",
			"credential", "credentials", "authorization", "apikey", "accesskey", "secretkey", "privatekey", "cookie",
			"sessionid", "sessid", "signature", "honeycombteam" };

	/** Words that end a credential's key only where a word starts. */
	private static final String[] SHORT_WORDS = { "pwd", "pass", "auth", "sid" };

	/** Keys whose value may start with a scheme word ({@code Negotiate}, {@code ApiKey}) before the credential. */
	private static final String[] SCHEMED_WORDS = { "authorization", "auth" };

	/** Keys whose value runs to the end of the line: a cookie header holds several pairs. */
	private static final String[] LINE_WORDS = { "cookie" };

	private CredentialKeys() {
	}

	/** Whether the key {@code text[start, end)} ends in a credential's word. */
	static boolean isCredential(CharSequence text, int start, int end) {
		return endsIn(text, start, end, LONG_WORDS, false) || endsIn(text, start, end, SHORT_WORDS, true);
	}

	/** Whether the credential under this key may follow a scheme word, as in an HTTP header. */
	static boolean isSchemed(CharSequence text, int start, int end) {
		return endsIn(text, start, end, SCHEMED_WORDS, true);
	}

	/** Whether the credential under this key is the rest of the line. */
	static boolean takesTheLine(CharSequence text, int start, int end) {
		return endsIn(text, start, end, LINE_WORDS, false);
	}

	private static boolean endsIn(CharSequence text, int start, int end, String[] words, boolean atWordStart) {
		for (String word : words) {
			int first = startOf(word, text, start, end);
			if (first >= 0 && (!atWordStart || startsAWord(text, start, first))) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Where {@code word} starts when the key ends in it, separators between its letters skipped and
	 * case ignored, or {@code -1}.
	 */
	private static int startOf(String word, CharSequence text, int start, int end) {
		int i = end - 1;
		for (int w = word.length() - 1; w >= 0; w--) {
			while (i >= start && isSeparator(text.charAt(i)) && w < word.length() - 1) {
				i--;
			}
			if (i < start || Character.toLowerCase(text.charAt(i)) != word.charAt(w)) {
				return -1;
			}
			i--;
		}
		return i + 1;
	}

	private static boolean startsAWord(CharSequence text, int start, int first) {
		if (first == start) {
			return true;
		}
		char before = text.charAt(first - 1);
		char at = text.charAt(first);
		return !isAsciiLetterOrDigit(before) || (Character.isUpperCase(at) && !Character.isUpperCase(before));
	}

	static boolean isKeyChar(char c) {
		return isAsciiLetterOrDigit(c) || isSeparator(c);
	}

	private static boolean isSeparator(char c) {
		return c == '_' || c == '-' || c == '.';
	}

	static boolean isAsciiLetterOrDigit(char c) {
		return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
	}

}
