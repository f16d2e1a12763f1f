package nemo.lens.env;

import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every form of {@code redaction-forms.tsv}: the secret is gone and what a reader needs (the key,
 * the rest of the line, texts without a secret whole) stays. {@link RedactionTableTests} holds the
 * earlier forms with the exact text Lens writes.
 */
class RedactionFormsTests {

	static List<RedactionForms> forms() {
		return RedactionForms.all();
	}

	@ParameterizedTest(name = "[{index}] {0}")
	@MethodSource("forms")
	void theSecretIsGoneAndWhatAReaderNeedsStays(RedactionForms form) {
		String redacted = Redaction.redact(form.text());
		form.gone().forEach((secret) -> assertThat(redacted).doesNotContain(secret));
		form.kept().forEach((kept) -> assertThat(redacted).contains(kept));
		if (!form.holdsSecret()) {
			assertThat(redacted).isEqualTo(form.text());
		}
	}

	@ParameterizedTest(name = "[{index}] {0}")
	@MethodSource("forms")
	void redactingTwiceChangesNothingMore(RedactionForms form) {
		String redacted = Redaction.redact(form.text());
		assertThat(Redaction.redact(redacted)).isEqualTo(redacted);
	}

}
