package nemo.lens.actuate;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import nemo.lens.env.Redaction;

/**
 * What a refusal of the {@code lens} endpoint may say of what the caller sent: redacted, and at
 * most {@value #MAX_ECHO} characters of any one value (a value is quoted, {@code 'like this'}),
 * so that a 5 MB {@code override} is not sent back whole, and a credential pasted into a field is
 * not sent back at all.
 */
final class RefusalText {

	/** The most characters of one value a refusal shows. */
	static final int MAX_ECHO = 200;

	private static final Pattern LONG_VALUE = Pattern.compile("'([^']{" + MAX_ECHO + "})([^']+)'");

	private RefusalText() {
	}

	/**
	 * The message, redacted, each quoted value cut to {@value #MAX_ECHO} characters and followed by
	 * its length.
	 */
	static String of(String message) {
		if (message == null) {
			return null;
		}
		Matcher matcher = LONG_VALUE.matcher(Redaction.redact(message));
		return matcher.replaceAll((value) -> Matcher.quoteReplacement("'" + value.group(1) + "...' ("
				+ (value.group(1).length() + value.group(2).length()) + " characters)"));
	}

}
