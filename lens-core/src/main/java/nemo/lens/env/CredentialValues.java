package nemo.lens.env;

/**
 * Replaces the values of keys that name a credential ({@link CredentialKeys}), in one pass over
 * the text: {@code key=value}, {@code key: value}, {@code "key": "value"} (JSON, also escaped in a
 * string), {@code :key => "value"}, {@code <key>value</key>}, a full-width {@code ＝} or {@code ：}
 * and any space (a no-break one too) around the separator, {@code --key value} on a command line,
 * {@code PASSWORD 'value'} and {@code IDENTIFIED BY value} in SQL, a header's scheme word with its
 * credential ({@code Authorization: Negotiate ...}) and a cookie header's every pair.
 * <p>
 * Written by hand rather than as a regular expression so that its time is linear by construction:
 * each run of key characters is looked at once, every look ahead of it either stops at the first
 * character that cannot belong to the form or ends in a value that is replaced and skipped, and
 * the scan goes on after whatever it looked at.
 */
final class CredentialValues {

	private final String text;

	private final String standIn;

	private final int length;

	private StringBuilder redacted;

	private int copied;

	private CredentialValues(String text, String standIn) {
		this.text = text;
		this.standIn = standIn;
		this.length = text.length();
	}

	/** The text with each credential value replaced by {@code standIn}. */
	static String redact(String text, String standIn) {
		return new CredentialValues(text, standIn).scan();
	}

	private String scan() {
		int i = 0;
		while (i < this.length) {
			if (!CredentialKeys.isKeyChar(this.text.charAt(i))) {
				i++;
				continue;
			}
			int start = i;
			while (i < this.length && CredentialKeys.isKeyChar(this.text.charAt(i))) {
				i++;
			}
			i = Math.max(i, valueAfter(start, i));
		}
		return (this.redacted != null) ? this.redacted.append(this.text, this.copied, this.length).toString()
				: this.text;
	}

	/** Replaces the value that follows the key {@code [start, end)}, returning where it ends, else {@code end}. */
	private int valueAfter(int start, int end) {
		if (end - start == 10 && this.text.regionMatches(true, start, "identified", 0, 10)) {
			return identifiedBy(start, end);
		}
		if (!CredentialKeys.isCredential(this.text, start, end)) {
			return end;
		}
		if (end < this.length && this.text.charAt(end) == '>' && opensAnElement(start)) {
			int close = this.text.indexOf('<', end + 1);
			int after = (close < 0) ? this.length : close;
			return (after == end + 1) ? end : replace(end + 1, end + 1, after);
		}
		int p = end;
		if (p < this.length && isQuote(this.text.charAt(p))) {
			p++;
		}
		else if (this.text.startsWith("\\\"", p)) {
			p += 2;
		}
		int separator = skipSpaces(p);
		if (separator < this.length && isSeparator(this.text.charAt(separator))) {
			int value = separator + 1;
			if (this.text.charAt(separator) == '=' && value < this.length && this.text.charAt(value) == '>') {
				value++;
			}
			return value(start, end, skipBlanks(value), false);
		}
		if (separator == p || separator == this.length) {
			return end;
		}
		// A blank, not a separator: a flag (--password SECRET) or a quoted SQL value (PASSWORD 'x').
		boolean flag = this.text.charAt(start) == '-' && p == end;
		char next = this.text.charAt(separator);
		if ((flag && next != '-') || isQuote(next)) {
			return value(start, end, separator, !flag);
		}
		return end;
	}

	/** {@code IDENTIFIED BY value}: quoted, or bare when the SQL is written in capitals. */
	private int identifiedBy(int start, int end) {
		int by = skipSpaces(end);
		if (by == end || !this.text.regionMatches(true, by, "by", 0, 2) || by + 2 >= this.length
				|| !isBlank(this.text.charAt(by + 2))) {
			return end;
		}
		int value = skipSpaces(by + 2);
		int after = (value < this.length) ? valueEnd(value, false, !this.text.startsWith("IDENTIFIED", start)) : value;
		return (after == value) ? end : replace(value, value, after);
	}

	/**
	 * Replaces the value at {@code value} of the key {@code [start, end)}, a scheme word before it
	 * included, returning where it ends, else {@code end}.
	 */
	private int value(int start, int end, int value, boolean quotedOnly) {
		if (value >= this.length) {
			return end;
		}
		int credential = afterSchemeWord(value, CredentialKeys.isSchemed(this.text, start, end));
		int after = valueEnd(credential, CredentialKeys.takesTheLine(this.text, start, end),
				quotedOnly && credential == value);
		return (after == credential) ? end : replace(value, credential, after);
	}

	/**
	 * Where the value at {@code value} ends: after its closing quote (or at the end of the line when
	 * it has none), or at the first character that ends a bare value; {@code value} when there is none.
	 */
	private int valueEnd(int value, boolean wholeLine, boolean quotedOnly) {
		String quote = quoteAt(value);
		if (!quote.isEmpty()) {
			int close = quote.equals("\\\"") ? this.text.indexOf(quote, value + 2) : closingQuote(value + 1, quote.charAt(0));
			return (close < 0) ? lineEnd(value) : close + quote.length();
		}
		if (quotedOnly) {
			return value;
		}
		int end = value;
		while (end < this.length && !endsBare(this.text.charAt(end), wholeLine)) {
			end++;
		}
		return end;
	}

	/** The quote a value starts with: {@code "}, {@code '}, an escaped {@code \"}, or none. */
	private String quoteAt(int value) {
		char first = this.text.charAt(value);
		return isQuote(first) ? String.valueOf(first) : this.text.startsWith("\\\"", value) ? "\\\"" : "";
	}

	/**
	 * Where the credential starts when the value begins with a scheme word: any word under a header
	 * key ({@code Negotiate}, {@code ApiKey}), else the usual ones ({@code Bearer}, {@code Basic}).
	 */
	private int afterSchemeWord(int value, boolean header) {
		int end = value;
		while (end < this.length && (CredentialKeys.isKeyChar(this.text.charAt(end)))) {
			end++;
		}
		if (end == value || end >= this.length || !isBlank(this.text.charAt(end))) {
			return value;
		}
		int credential = skipSpaces(end);
		if (credential >= this.length || endsBare(this.text.charAt(credential), false)) {
			return value;
		}
		String word = this.text.substring(value, end);
		return (header || word.equalsIgnoreCase("bearer") || word.equalsIgnoreCase("basic")
				|| word.equalsIgnoreCase("token") || word.equalsIgnoreCase("digest")) ? credential : value;
	}

	/** Whether the key at {@code start} names an element, {@code <key>} or {@code <ns:key>}. */
	private boolean opensAnElement(int start) {
		if (start == 0) {
			return false;
		}
		if (this.text.charAt(start - 1) == '<') {
			return true;
		}
		if (this.text.charAt(start - 1) != ':') {
			return false;
		}
		int prefix = start - 2;
		while (prefix >= 0 && CredentialKeys.isKeyChar(this.text.charAt(prefix))) {
			prefix--;
		}
		return prefix >= 0 && prefix < start - 2 && this.text.charAt(prefix) == '<';
	}

	private int closingQuote(int from, char quote) {
		for (int i = from; i < this.length; i++) {
			char c = this.text.charAt(i);
			if (c == '\\') {
				i++;
			}
			else if (c == quote) {
				return i;
			}
			else if (c == '\n' || c == '\r') {
				return -1;
			}
		}
		return -1;
	}

	/**
	 * Replaces {@code [from, to)}, whose value starts at {@code value}, by the stand-in, in the
	 * value's quotes when it is quoted whole; returns {@code to}.
	 */
	private int replace(int from, int value, int to) {
		String quote = quoteAt(value);
		boolean quoted = from == value && !quote.isEmpty() && to - value >= 2 * quote.length()
				&& this.text.startsWith(quote, to - quote.length());
		if (this.redacted == null) {
			this.redacted = new StringBuilder(this.length);
		}
		this.redacted.append(this.text, this.copied, from);
		this.redacted.append(quoted ? quote + this.standIn + quote : this.standIn);
		this.copied = to;
		return to;
	}

	private int lineEnd(int from) {
		int i = from;
		while (i < this.length && this.text.charAt(i) != '\n' && this.text.charAt(i) != '\r') {
			i++;
		}
		return i;
	}

	private int skipSpaces(int from) {
		int i = from;
		while (i < this.length && isBlank(this.text.charAt(i))) {
			i++;
		}
		return i;
	}

	private int skipBlanks(int from) {
		int i = from;
		while (i < this.length && (isBlank(this.text.charAt(i)) || this.text.charAt(i) == '\n'
				|| this.text.charAt(i) == '\r')) {
			i++;
		}
		return i;
	}

	/** A blank on the line: a space, a tab, a no-break or any other Unicode space. */
	private static boolean isBlank(char c) {
		return c == ' ' || c == '\t' || Character.isSpaceChar(c);
	}

	private static boolean isSeparator(char c) {
		return c == '=' || c == ':' || c == '\uFF1D' || c == '\uFF1A';
	}

	private static boolean isQuote(char c) {
		return c == '"' || c == '\'';
	}

	private static boolean endsBare(char c, boolean wholeLine) {
		return switch (c) {
			case '\n', '\r', '"', '\'', '<', '>', '(', ')', '{', '}', '[', ']', '\\' -> true;
			case ',', ';', '&' -> !wholeLine;
			default -> !wholeLine && (Character.isWhitespace(c) || Character.isSpaceChar(c));
		};
	}

}
