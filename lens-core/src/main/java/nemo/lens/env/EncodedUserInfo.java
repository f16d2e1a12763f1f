package nemo.lens.env;

/**
 * Removes the user info of a URL written percent-encoded inside another
 * ({@code next=https%3A%2F%2Fbob%3Apw%40git.example%2Frepo}), up to the last {@code %40} before
 * the host; a URL written plainly with encoded characters in its user info
 * ({@code https://bob:p%40ss@host}) is the plain form's. One pass: each authority is read once,
 * from its {@code %3A%2F%2F} to the first character or encoded character that ends it.
 */
final class EncodedUserInfo {

	private static final String SCHEME_END = "%3A%2F%2F";

	private static final String AT = "%40";

	private EncodedUserInfo() {
	}

	static String remove(String text) {
		int marker = find(SCHEME_END, text, 0);
		if (marker < 0) {
			return text;
		}
		StringBuilder kept = new StringBuilder(text.length());
		int copied = 0;
		while (marker >= 0) {
			int host = marker + SCHEME_END.length();
			int end = host;
			int lastAt = -1;
			for (; end < text.length() && !endsAuthority(text, end); end++) {
				lastAt = text.regionMatches(true, end, AT, 0, AT.length()) ? end : lastAt;
			}
			if (lastAt >= 0) {
				kept.append(text, copied, host);
				copied = lastAt + AT.length();
			}
			marker = find(SCHEME_END, text, end);
		}
		return kept.append(text, copied, text.length()).toString();
	}

	/** Where {@code part} is next in {@code text}, in any case, or {@code -1}. */
	private static int find(String part, String text, int from) {
		for (int i = text.indexOf('%', from); i >= 0; i = text.indexOf('%', i + 1)) {
			if (text.regionMatches(true, i, part, 0, part.length())) {
				return i;
			}
		}
		return -1;
	}

	/** A character, or an encoded {@code /}, {@code ?} or {@code #}, that cannot be in an authority. */
	private static boolean endsAuthority(String text, int i) {
		char c = text.charAt(i);
		return switch (c) {
			case '/', '?', '#', '&', '"', '\'', '<', '>' -> true;
			case '%' -> text.regionMatches(true, i, "%2F", 0, 3) || text.regionMatches(true, i, "%3F", 0, 3)
					|| text.regionMatches(true, i, "%23", 0, 3);
			default -> Character.isWhitespace(c);
		};
	}

}
