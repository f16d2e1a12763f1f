package nemo.lens.env;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The rows of {@code redaction-forms.tsv}: a text, what must be gone from it once redacted, and
 * what must stay. Read by the table test of {@link Redaction} and by the dump test that puts every
 * text in every place a dump takes text from.
 *
 * @param text the text, with its escapes decoded
 * @param gone what must not survive
 * @param kept what must survive
 */
public record RedactionForms(String text, List<String> gone, List<String> kept) {

	private static final String FILE = "/nemo/lens/env/redaction-forms.tsv";

	@Override
	public String toString() {
		return this.text.replace("\n", "\\n");
	}

	/** Whether the row holds a secret (a text kept whole holds none). */
	public boolean holdsSecret() {
		return !this.gone.isEmpty();
	}

	public static List<RedactionForms> all() {
		try (BufferedReader in = new BufferedReader(new InputStreamReader(
				Objects.requireNonNull(RedactionForms.class.getResourceAsStream(FILE)), StandardCharsets.UTF_8))) {
			return in.lines().filter((line) -> !line.isBlank() && !line.startsWith("#")).map(RedactionForms::row).toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static RedactionForms row(String line) {
		String[] columns = line.split("\t", -1);
		if (columns.length != 3) {
			throw new IllegalStateException("Expected 3 columns in " + FILE + ", got " + columns.length + ": " + line);
		}
		return new RedactionForms(unescape(columns[0]), items(columns[1]), items(columns[2]));
	}

	private static List<String> items(String column) {
		return column.equals("-") ? List.of()
				: Arrays.stream(column.split(" ¦ ")).map(RedactionForms::unescape).toList();
	}

	private static String unescape(String text) {
		StringBuilder out = new StringBuilder(text.length());
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (c != '\\' || i + 1 == text.length()) {
				out.append(c);
				continue;
			}
			char next = text.charAt(++i);
			switch (next) {
				case 'n' -> out.append('\n');
				case 't' -> out.append('\t');
				case 'u' -> {
					out.append((char) Integer.parseInt(text.substring(i + 1, i + 5), 16));
					i += 4;
				}
				default -> out.append(next);
			}
		}
		return out.toString();
	}

}
