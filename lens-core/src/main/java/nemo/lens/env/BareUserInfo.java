package nemo.lens.env;

/**
 * Removes user info written without a scheme, {@code user:password@host} (a mistyped endpoint
 * such as {@code 'user:pw@collector:4318'}), up to the last {@code @} before the host; an e-mail
 * address ({@code bob@example.org}) has no colon and is kept. Written as one pass over the text
 * rather than a regular expression: finding the last {@code @} from each possible start of a user
 * name would scan a long text once per start, and a hostile span name of a megabyte would hold a
 * dump for minutes.
 */
final class BareUserInfo {

	private BareUserInfo() {
	}

	static String remove(String text) {
		if (text.indexOf('@') < 0 || text.indexOf(':') < 0) {
			return text;
		}
		StringBuilder kept = null;
		int copied = 0;
		int length = text.length();
		int i = 0;
		while (i < length) {
			if (!inAuthority(text.charAt(i))) {
				i++;
				continue;
			}
			int start = i;
			while (i < length && inAuthority(text.charAt(i))) {
				i++;
			}
			int[] userInfo = userInfo(text, start, i);
			if (userInfo != null) {
				kept = (kept != null) ? kept : new StringBuilder(length);
				kept.append(text, copied, userInfo[0]);
				copied = userInfo[1];
			}
		}
		return (kept != null) ? kept.append(text, copied, length).toString() : text;
	}

	/**
	 * The user info in one run of characters that may stand in an authority: from the first user
	 * name followed by a colon to the last {@code @} before a host, or {@code null}.
	 */
	private static int[] userInfo(String text, int start, int end) {
		int at = -1;
		for (int i = end - 2; i >= start; i--) {
			if (text.charAt(i) == '@' && isHostStart(text.charAt(i + 1))) {
				at = i;
				break;
			}
		}
		if (at < 0) {
			return null;
		}
		int p = start;
		while (p < at) {
			if (!isUserChar(text.charAt(p)) || (p > start && followsNoUser(text.charAt(p - 1)))) {
				p++;
				continue;
			}
			int run = p;
			while (run < at && isUserChar(text.charAt(run))) {
				run++;
			}
			if (run < at && text.charAt(run) == ':') {
				return new int[] { p, at + 1 };
			}
			p = run;
		}
		return null;
	}

	private static boolean inAuthority(char c) {
		return c != '/' && c != '"' && c != '\'' && c != '<' && c != '>' && !Character.isWhitespace(c);
	}

	private static boolean isUserChar(char c) {
		return isAsciiLetterOrDigit(c) || c == '.' || c == '_' || c == '%' || c == '+' || c == '-';
	}

	/** A user name starts after none of these: it would be the tail of a longer word or a port. */
	private static boolean followsNoUser(char c) {
		return isAsciiLetterOrDigit(c) || c == '+' || c == '.' || c == '%' || c == ':' || c == '-';
	}

	private static boolean isHostStart(char c) {
		return isAsciiLetterOrDigit(c) || c == '[';
	}

	private static boolean isAsciiLetterOrDigit(char c) {
		return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
	}

}
