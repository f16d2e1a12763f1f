package nemo.lens.spans;

import java.util.List;
import java.util.Map;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Safe attributes. From NeMo Lens's {@code docs/user-guide/instrumentation.md} and
 * {@code nemo/lens/helpers.py} ({@code safe_set_span_attributes}): None skipped, non-scalars
 * dropped, scalar sequences kept as lists, strings under a redact key replaced by
 * {@code [REDACTED]}, {@code DEFAULT_REDACT_KEYS}. Java adds the segment and word rule and the size
 * bounds documented on {@link AttributeRules}.
 */
class AttributeRulesTests {

	private static Attributes apply(String key, Object value) {
		AttributesBuilder builder = Attributes.builder();
		AttributeRules.DEFAULT.apply(key, value, builder::put);
		return builder.build();
	}

	@ParameterizedTest
	@ValueSource(strings = { "prompt", "input_text", "output_text", "text", "password", "token", "secret", "key" })
	void pythonDefaultRedactKeysAreRedacted(String key) {
		assertThat(apply(key, "value").get(AttributeKey.stringKey(key))).isEqualTo("[REDACTED]");
	}

	@ParameterizedTest
	@ValueSource(strings = { "db.password", "api_key", "apiKey", "accessToken", "llm.prompt", "http.authorization",
			"aws-secret-access-key", "OPENAI_API_KEY", "user.credentials", "session_cookie" })
	void keysThatLookLikeSecretsAreRedacted(String key) {
		assertThat(AttributeRules.DEFAULT.isRedacted(key)).as(key).isTrue();
	}

	@ParameterizedTest
	@ValueSource(strings = { "dl.step", "keyboard", "monkey", "tokenizer.name", "dl.rank", "loss", "context" })
	void ordinaryKeysAreKept(String key) {
		assertThat(AttributeRules.DEFAULT.isRedacted(key)).as(key).isFalse();
		assertThat(apply(key, "v").get(AttributeKey.stringKey(key))).isEqualTo("v");
	}

	@Test
	void numbersAndBooleansUnderASecretKeyAreNotRedacted() {
		assertThat(apply("token", 42).get(AttributeKey.longKey("token"))).isEqualTo(42L);
		assertThat(apply("secret", true).get(AttributeKey.booleanKey("secret"))).isTrue();
	}

	@Test
	void stringArraysUnderASecretKeyAreRedacted() {
		assertThat(apply("labels", List.of("a", "b")).get(AttributeKey.stringArrayKey("labels"))).containsExactly("a", "b");
		assertThat(apply("api.tokens", List.of("a", "b")).get(AttributeKey.stringArrayKey("api.tokens")))
			.containsExactly("[REDACTED]", "[REDACTED]");
	}

	@Test
	void nullKeysAndValuesAreSkipped() {
		assertThat(apply("loss", null).isEmpty()).isTrue();
		assertThat(apply(null, "x").isEmpty()).isTrue();
	}

	@Test
	void nonScalarsAreDroppedNeverStringified() {
		assertThat(apply("config", Map.of("a", 1)).isEmpty()).isTrue();
		assertThat(apply("object", new Object()).isEmpty()).isTrue();
		assertThat(apply("mixed", List.of("a", 1)).isEmpty()).isTrue();
	}

	@Test
	void scalarsKeepTheirAttributeType() {
		assertThat(apply("i", 7).get(AttributeKey.longKey("i"))).isEqualTo(7L);
		assertThat(apply("f", 1.5f).get(AttributeKey.doubleKey("f"))).isEqualTo(1.5);
		assertThat(apply("e", Thread.State.NEW).get(AttributeKey.stringKey("e"))).isEqualTo("NEW");
		assertThat(apply("l", new long[] { 1, 2 }).get(AttributeKey.longArrayKey("l"))).containsExactly(1L, 2L);
	}

	@Test
	void longStringsAndArraysAreCut() {
		assertThat(apply("s", "x".repeat(5000)).get(AttributeKey.stringKey("s")))
			.hasSize(AttributeRules.MAX_STRING_LENGTH);
		assertThat(apply("a", new int[1000]).get(AttributeKey.longArrayKey("a"))).hasSize(AttributeRules.MAX_ARRAY_LENGTH);
	}

	@Test
	void customRedactKeysReplacePythonsButNotTheSecretWords() {
		AttributeRules rules = AttributeRules.withRedactKeys(java.util.Set.of("customer"));
		assertThat(rules.isRedacted("customer")).isTrue();
		assertThat(rules.isRedacted("prompt")).isFalse();
		assertThat(rules.isRedacted("password")).isTrue();
	}

}
