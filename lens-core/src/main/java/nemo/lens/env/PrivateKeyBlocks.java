package nemo.lens.env;

/**
 * Removes the body of a PEM private key ({@code -----BEGIN RSA PRIVATE KEY-----}, EC, OpenSSH,
 * PKCS #8, encrypted or not), keeping its first and last lines so that a reader sees what was
 * there; a key cut short (an attribute is cut at 1,024 characters) loses everything after its
 * first line. Runs before the other forms: a key's name ({@code private_key=-----BEGIN ...}) would
 * otherwise take only the dashes as its value. Each {@code -----} is looked for once, forward.
 */
final class PrivateKeyBlocks {

	private static final String BEGIN = "-----BEGIN ";

	private static final String DASHES = "-----";

	private static final String END = "-----END";

	/** Longer labels than this are not a PEM header. */
	private static final int LABEL_LIMIT = 64;

	private PrivateKeyBlocks() {
	}

	/** The text with the body of each private key replaced by {@code standIn}. */
	static String redact(String text, String standIn) {
		int begin = text.indexOf(BEGIN);
		StringBuilder kept = null;
		int copied = 0;
		while (begin >= 0) {
			int labelEnd = text.indexOf(DASHES, begin + BEGIN.length());
			if (labelEnd < 0) {
				break;
			}
			String label = text.substring(begin + BEGIN.length(), Math.min(labelEnd, begin + BEGIN.length() + LABEL_LIMIT));
			if (labelEnd - begin - BEGIN.length() > LABEL_LIMIT || !label.contains("PRIVATE KEY")) {
				begin = text.indexOf(BEGIN, labelEnd);
				continue;
			}
			int body = labelEnd + DASHES.length();
			int end = text.indexOf(END, body);
			kept = (kept != null) ? kept : new StringBuilder(text.length());
			kept.append(text, copied, body).append(standIn);
			copied = (end < 0) ? text.length() : end;
			begin = (end < 0) ? -1 : text.indexOf(BEGIN, end + END.length());
		}
		return (kept != null) ? kept.append(text, copied, text.length()).toString() : text;
	}

}
