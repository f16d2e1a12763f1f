package nemo.lens.env;

import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * A megabyte built to make a scan start again at every character (a form's start repeated, an
 * unclosed quote, a token prefix that never completes) is redacted as any text is. A pass that
 * looked ahead to the end of the text from each start would take about 10^12 steps here, hours;
 * the passes are linear by construction ({@link Redaction}), and these rows finish in seconds.
 */
class RedactionOfHostileTextTests {

	private static final int MEGABYTE = 1 << 20;

	static Stream<Arguments> hostileTexts() {
		return Stream.of(
				// kept as they are: every start is tried and none completes
				kept("eyJ-"), kept("eyJabcdefgh.eyJ "), kept("-----BEGIN "), kept("a/"), kept("<password>"),
				kept("password "), kept("aA"), kept("http://a"), kept("%3A%2F%2F"), kept("a:"), kept("sk-abc "),
				kept("IDENTIFIED "),
				// one value that runs to the end: an unclosed quote, a cookie, a token
				arguments("password=\"", "x", "password=<redacted>"),
				arguments("{\\\"token\\\":\\\"", "y", "{\\\"token\\\":<redacted>"),
				arguments("Cookie: ", "a=b; ", "Cookie: <redacted>"),
				arguments("-----BEGIN PRIVATE KEY-----", "MIIE", "-----BEGIN PRIVATE KEY-----<redacted>"),
				arguments("", "glpat-", "<redacted>"));
	}

	private static Arguments kept(String unit) {
		return arguments("", unit, null);
	}

	@ParameterizedTest(name = "[{index}] {0} + {1}...")
	@MethodSource("hostileTexts")
	void aHostileMegabyteIsRedactedInOnePass(String start, String unit, String written) {
		String text = start + unit.repeat(MEGABYTE / unit.length());
		assertThat(Redaction.redact(text)).isEqualTo((written != null) ? written : text);
	}

}
